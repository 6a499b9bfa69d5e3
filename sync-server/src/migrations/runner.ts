/**
 * Applies pending migrations at every start. Each migration runs in its own transaction
 * together with its schema_migrations row, so a crash leaves it either fully applied or not
 * at all. A transaction-scoped advisory lock makes two servers starting at once on the same
 * database take turns; the second one then sees the migration recorded and skips it.
 */
import type { Database } from '../db/types';
import type { Migration } from './types';
import { migrations as allMigrations } from './index';

const MIGRATION_LOCK_KEY = 7420;

export async function runMigrations(db: Database, migrations: readonly Migration[] = allMigrations): Promise<string[]> {
  await db.transaction(async (tx) => {
    // Under the lock too: two concurrent CREATE TABLE IF NOT EXISTS can still collide.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [m.id]);
      if (rows.length > 0) return false;
      await m.up(tx);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}
