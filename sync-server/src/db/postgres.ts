/**
 * PostgreSQL through a `pg` Pool. LISTEN needs a connection that stays open, so `listen`
 * uses one dedicated client shared by all subscriptions (reconnecting if it drops).
 */
import pg from 'pg';
import type { Database, QueryResult, Queryable } from './types';
import { TYPE_PARSERS } from './types-parsers';
import { CommitSignal } from './committed';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const p = TYPE_PARSERS[oid];
    if (p && format !== 'binary') return p;
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

function wrap(q: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const res = await q.query(sql, params);
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    },
  };
}

export async function createPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // An idle client erroring (server restart) must not crash the process.
  pool.on('error', () => {});
  await pool.query('SELECT 1');

  const handlers = new Map<string, Set<(payload: string) => void>>();
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    if (connecting) return connecting;
    connecting = (async () => {
      const client = new pg.Client({ connectionString, types });
      client.on('error', () => {});
      client.on('notification', (msg) => {
        const set = handlers.get(msg.channel);
        if (set) for (const h of [...set]) h(msg.payload ?? '');
      });
      client.on('end', () => {
        if (listener === client) listener = null;
        if (closed || handlers.size === 0) return;
        // Re-subscribe after a dropped connection.
        setTimeout(() => {
          if (!closed) void resubscribe().catch(() => {});
        }, 500);
      });
      await client.connect();
      listener = client;
      return client;
    })();
    try {
      return await connecting;
    } finally {
      connecting = null;
    }
  }

  async function resubscribe() {
    const client = await listenerClient();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
  }

  const root = wrap(pool);
  const committed = new CommitSignal();
  return {
    kind: 'postgres',
    query: root.query,
    transaction(fn) {
      return committed.track(async (track) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(track(wrap(client)));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      });
    },
    onCommitted: (listener) => committed.subscribe(listener),
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      if (first) await (await listenerClient()).query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        const s = handlers.get(channel);
        if (!s) return;
        s.delete(onPayload);
        if (s.size === 0) {
          handlers.delete(channel);
          if (listener && !closed) await listener.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      if (listener) await listener.end().catch(() => {});
      await pool.end();
    },
  };
}

function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}
