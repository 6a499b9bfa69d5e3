/**
 * Pull: documents with `_seq` above the checkpoint, in `_seq` order. The sequence is global
 * (one for every collection), so a collection's numbers have gaps; they never go backwards.
 * `staff` is served from `users` (id, email, name, role, active, created_at, updated_at; users are never deleted).
 *
 * Tombstone purge (tombstones.ts): a device whose checkpoint is below the highest purged
 * sequence may have missed a deletion → 409 resync_required. A device that started its
 * download after that purge has not (it never had those documents), so checkpoints carry the
 * purge horizon they were issued under (`purged`) and only a later purge sends them back.
 * The first page of a download (no checkpoint) also carries `total` for progress display.
 */
import type { CollectionName, PullResponse } from '@shared';
import type { Queryable } from '../db/types';
import { rowSeq, rowToDoc, selectList } from '../collections/convert';
import { TABLES, type SyncedCollection } from '../collections/tables';
import type { Checkpoint } from './http';
import { purgedThroughSeq } from './tombstones';
import { STAFF_COLUMNS, staffDocOf } from './staff-doc';

export const PULL_DEFAULT_LIMIT = 100;
export const PULL_MAX_LIMIT = 1000;

export class ResyncRequired extends Error {}

export type PullResult = PullResponse & { checkpoint: Checkpoint | null; total?: number };

function source(collection: CollectionName): { table: string; columns: string; order: string[] } {
  // users._seq may repeat (0 for users made before sequencing); synced tables' _seq is unique,
  // and ordering by it alone lets PostgreSQL walk the index instead of sorting.
  if (collection === 'staff') return { table: 'users', columns: `${STAFF_COLUMNS}, _seq`, order: ['_seq', 'id'] };
  const def = TABLES[collection as SyncedCollection];
  return { table: def.table, columns: selectList(def), order: ['_seq'] };
}

function toDoc(collection: CollectionName, row: Record<string, unknown>) {
  if (collection !== 'staff') return rowToDoc(TABLES[collection as SyncedCollection], row);
  return staffDocOf(row);
}

/**
 * The rows after `after`, in order, as ONE JSON text, not one field per column per row: the
 * database adapters' decoding of each field was most of a pull's CPU (PGlite's above all: a CPU
 * profile of 60,000 pulled documents), on the server that first syncs share their cores with.
 * row_to_json's values are what rowToDoc and staffDocOf read from plain rows too (the stream's
 * documents and store.ts's writes already come this way).
 */
async function readPage(q: Queryable, collection: CollectionName, after: number, limit: number): Promise<Record<string, unknown>[]> {
  const { table, columns, order } = source(collection);
  const { rows } = await q.query<{ page: string | null }>(
    `SELECT json_agg(t ORDER BY ${order.map((c) => `t.${c}`).join(', ')})::text AS page
       FROM (SELECT ${columns} FROM ${table} WHERE _seq > $1 ORDER BY ${order.join(', ')} LIMIT $2) t`,
    [after, limit],
  );
  const page = rows[0]?.page;
  return page ? (JSON.parse(page) as Record<string, unknown>[]) : [];
}

export async function pull(q: Queryable, collection: CollectionName, checkpoint: Checkpoint | null, limit: number): Promise<PullResult> {
  const purged = collection === 'staff' ? 0 : await purgedThroughSeq(q, collection);
  if (checkpoint && checkpoint.seq < purged && (checkpoint.purged ?? -1) < purged) throw new ResyncRequired();
  // Users created before they got a sequence number carry _seq 0: start below it.
  const after = checkpoint ? checkpoint.seq : -1;
  const { table } = source(collection);
  const rows = await readPage(q, collection, after, limit);
  const documents = rows.map((r) => toDoc(collection, r));
  const last = rows[rows.length - 1];
  const next: Checkpoint | null = last
    ? { seq: rowSeq(last), ...(purged > 0 ? { purged: Math.max(purged, checkpoint?.purged ?? 0) } : {}) }
    : checkpoint;
  const result: PullResult = { documents, checkpoint: next };
  if (!checkpoint) {
    const { rows: n } = await q.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
    result.total = Number(n[0].n);
  }
  return result;
}
