/** The embedded database directory is already open in another (or this) process. */
export class DataDirInUseError extends Error {}
