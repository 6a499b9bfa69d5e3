/**
 * Embedded PostgreSQL (PGlite, WASM) persisted on disk. PGlite runs every query and
 * transaction under one mutex, so concurrent transactions are serialised for us.
 * Caveat: calling `db.query` (not `tx.query`) inside a `db.transaction` callback deadlocks.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, QueryResult, Queryable } from './types';
import { TYPE_PARSERS } from './types-parsers';

export async function createPgliteDatabase(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir, { parsers: TYPE_PARSERS });

  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const res = await q.query<R>(sql, params as unknown[] | undefined);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
  });
  const root = wrap(pg);
  let closed = false;

  return {
    kind: 'pglite',
    query: root.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx as unknown as { query: PGlite['query'] }))),
    async listen(channel, onPayload) {
      const unlisten = await pg.listen(channel, onPayload);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
}
