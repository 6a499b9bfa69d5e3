/**
 * The database adapter both backends implement with the same SQL:
 * - PGlite (embedded, persisted under FORJA_DATA_DIR) — the default
 * - PostgreSQL through `pg` when DATABASE_URL is set
 *
 * SQL uses $1, $2… placeholders. Rows come back as plain objects; numeric columns come
 * back as strings on both backends (convert with Number at the module edge), timestamptz
 * as Date on pg and Date on PGlite, bigint as string.
 */
export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT on one connection; ROLLBACK and rethrow on error. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel (its own connection on pg). Returns an unsubscribe function.
   * Payloads are what pg_notify sent inside a committed transaction.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `listener` with the collections each transaction of THIS process changed, right after
   * its COMMIT and before the transaction's promise resolves (db/committed.ts). Returns unsubscribe.
   */
  onCommitted(listener: (collections: ReadonlySet<string>) => void): () => void;
  close(): Promise<void>;
  /**
   * PGlite only (backups, issue 41): with every writer of this process held back, checkpoints and
   * runs `inspect`, then copies the database's files into `dest` — a consistent copy, the writers
   * waiting only for the file copy.
   */
  copyFiles?<T>(dest: string, inspect: (q: Queryable) => Promise<T>): Promise<T>;
}
