/**
 * Tombstones are kept TOMBSTONE_RETENTION_DAYS (90) days. Older ones are purged and the highest
 * purged sequence is remembered in `meta`: `purged_through_seq` for the whole database and
 * `purged_through_seq:<collection>` per collection. A device whose checkpoint for a collection
 * is below that collection's value may have missed a deletion, so its pull answers 409
 * `resync_required`. (Per collection, so purging old customers does not make every device
 * download the company profile and the catalogues again.)
 */
import { TOMBSTONE_RETENTION_DAYS } from '@shared';
import type { Database, Queryable } from '../db/types';
import { SYNCED_COLLECTIONS, TABLES } from '../collections/tables';

export const PURGED_THROUGH_KEY = 'purged_through_seq';
const DAY_MS = 24 * 60 * 60 * 1000;

const keyOf = (collection?: string) => (collection ? `${PURGED_THROUGH_KEY}:${collection}` : PURGED_THROUGH_KEY);

/** Highest purged sequence, of one collection or (without it) of any. 0 when nothing was purged. */
export async function purgedThroughSeq(q: Queryable, collection?: string): Promise<number> {
  const { rows } = await q.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [keyOf(collection)]);
  return rows[0] ? Number(rows[0].value) : 0;
}

async function raise(tx: Queryable, key: string, seq: number): Promise<void> {
  await tx.query(
    `INSERT INTO meta (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = GREATEST(meta.value::bigint, EXCLUDED.value::bigint)::text`,
    [key, String(seq)],
  );
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
    let maxSeq = 0;
    for (const c of SYNCED_COLLECTIONS) {
      const { rows } = await tx.query<{ seq: string; id: string }>(
        `DELETE FROM ${TABLES[c].table} WHERE _deleted AND _deleted_at < $1 RETURNING _seq::text AS seq, id`,
        [cutoff.toISOString()],
      );
      if (rows.length === 0) continue;
      await tx.query('DELETE FROM sync_first_versions WHERE collection = $1 AND doc_id = ANY($2::text[])', [c, rows.map((r) => r.id)]);
      purged += rows.length;
      const max = rows.reduce((m, r) => Math.max(m, Number(r.seq)), 0);
      maxSeq = Math.max(maxSeq, max);
      await raise(tx, keyOf(c), max);
    }
    if (purged > 0) await raise(tx, PURGED_THROUGH_KEY, maxSeq);
    return { purged, purgedThroughSeq: await purgedThroughSeq(tx) };
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
