/** A command refused before writing (validation, duplicate): `message` is pt-BR, for the user. */
export class DataError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The form field the message belongs to, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DataError';
  }
}
