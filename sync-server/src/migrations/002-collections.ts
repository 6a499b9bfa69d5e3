/**
 * One table per synced collection (columns derived from schemas/collections.ts, see
 * collections/tables.ts), the business constraints, and the sync module's own tables:
 * - sync_conflicts:  every field a three-way merge decided, with the losing value
 * - sync_rejections: every pushed document the server refused, with the reason
 *
 * The tables are derived from the schemas as they are when this migration first runs. A later
 * schema change needs a new migration (ALTER TABLE … ADD COLUMN); tests/server/schema.test.ts
 * fails until it exists.
 */
import { CONSTRAINT_DDL, SYNCED_COLLECTIONS, TABLES, tableDdl } from '../collections/tables';
import type { Migration } from './types';

export const m002: Migration = {
  id: '002-collections',
  async up(tx) {
    const statements = [
      ...SYNCED_COLLECTIONS.flatMap((c) => tableDdl(TABLES[c])),
      ...CONSTRAINT_DDL,
      `CREATE TABLE IF NOT EXISTS sync_conflicts (
        id bigserial PRIMARY KEY,
        collection text NOT NULL,
        doc_id text NOT NULL,
        field text NOT NULL,
        winning_value jsonb,
        losing_value jsonb,
        winner_user_id text,
        winner_session_id text,
        loser_user_id text,
        loser_session_id text,
        at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX IF NOT EXISTS sync_conflicts_at ON sync_conflicts (at DESC, id DESC)`,
      `CREATE INDEX IF NOT EXISTS sync_conflicts_doc ON sync_conflicts (collection, doc_id)`,
      `CREATE TABLE IF NOT EXISTS sync_rejections (
        id bigserial PRIMARY KEY,
        collection text NOT NULL,
        doc_id text NOT NULL,
        code text NOT NULL,
        message text NOT NULL,
        document jsonb,
        user_id text,
        session_id text,
        at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX IF NOT EXISTS sync_rejections_at ON sync_rejections (at DESC, id DESC)`,
      // 001 creates `meta`; kept here too so this migration stands on its own.
      `CREATE TABLE IF NOT EXISTS meta (key text PRIMARY KEY, value text NOT NULL)`,
    ];
    for (const sql of statements) await tx.query(sql);
  },
};
