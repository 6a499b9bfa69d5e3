/**
 * Tombstones are kept TOMBSTONE_RETENTION_DAYS (90) days. Older ones are purged and the highest
 * purged sequence is remembered in `meta.purged_through_seq`: a device whose checkpoint is
 * below it may have missed a deletion, so its pull answers 409 `resync_required`.
 */
import { TOMBSTONE_RETENTION_DAYS } from '@shared';
import type { Database, Queryable } from '../db/types';
import { SYNCED_COLLECTIONS, TABLES } from '../collections/tables';

export const PURGED_THROUGH_KEY = 'purged_through_seq';
const DAY_MS = 24 * 60 * 60 * 1000;

export async function purgedThroughSeq(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [PURGED_THROUGH_KEY]);
  return rows[0] ? Number(rows[0].value) : 0;
}

export interface PurgeResult {
  purged: number;
  purgedThroughSeq: number;
}

/** Deletes tombstones older than the retention; `now` is injectable for tests. */
export async function purgeTombstones(
  db: Database,
  opts: { now?: Date; retentionDays?: number } = {},
): Promise<PurgeResult> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - (opts.retentionDays ?? TOMBSTONE_RETENTION_DAYS) * DAY_MS);
  return db.transaction(async (tx) => {
    let purged = 0;
    let maxSeq = await purgedThroughSeq(tx);
    for (const c of SYNCED_COLLECTIONS) {
      const { rows } = await tx.query<{ seq: string }>(
        `DELETE FROM ${TABLES[c].table} WHERE _deleted AND _deleted_at < $1 RETURNING _seq::text AS seq`,
        [cutoff.toISOString()],
      );
      purged += rows.length;
      for (const r of rows) maxSeq = Math.max(maxSeq, Number(r.seq));
    }
    if (purged > 0) {
      await tx.query(
        `INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [PURGED_THROUGH_KEY, String(maxSeq)],
      );
    }
    return { purged, purgedThroughSeq: maxSeq };
  });
}

/** Purges now and then daily; returns a stop function. */
export function schedulePurge(db: Database, onError: (err: unknown) => void): () => void {
  const run = () => void purgeTombstones(db).catch(onError);
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
