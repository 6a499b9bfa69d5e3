/**
 * A pushed row the server will not store, with its reason. Its own module so the rules that throw
 * it (photo-rules, catalog-in-use, nfse-rules) sit below push.ts instead of importing it back.
 */
import type { ErrorCode } from '@shared';

export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: string[],
    /** A more precise pt-BR message than ERROR_MESSAGES[code] (e.g. how many items use an entry). */
    readonly detail?: string,
  ) {
    super(code);
  }
}
