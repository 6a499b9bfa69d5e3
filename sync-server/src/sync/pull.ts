/**
 * Pull: documents with `_seq` above the checkpoint, in `_seq` order. The sequence is global
 * (one for every collection), so a collection's numbers have gaps; they never go backwards.
 * `staff` is served from `users` (id, email, created_at, updated_at; users are never deleted).
 */
import type { PullResponse, SyncCheckpoint } from '@shared';
import type { Queryable } from '../db/types';
import { rowSeq, rowToDoc, selectList } from '../collections/convert';
import { TABLES, type SyncedCollection } from '../collections/tables';
import type { CollectionName } from '@shared';
import { purgedThroughSeq } from './tombstones';

export const PULL_DEFAULT_LIMIT = 100;
export const PULL_MAX_LIMIT = 1000;

export class ResyncRequired extends Error {}

export async function pull(
  q: Queryable,
  collection: CollectionName,
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<PullResponse> {
  if (checkpoint && checkpoint.seq > 0 && checkpoint.seq < (await purgedThroughSeq(q))) throw new ResyncRequired();
  // Users created before they got a sequence number carry _seq 0: start below it.
  const after = checkpoint ? checkpoint.seq : -1;
  if (collection === 'staff') {
    const { rows } = await q.query<{ id: string; email: string; created_at: Date; updated_at: Date; _seq: string }>(
      `SELECT id, email, created_at, updated_at, _seq FROM users WHERE _seq > $1 ORDER BY _seq, id LIMIT $2`,
      [after, limit],
    );
    const documents = rows.map((r) => ({
      id: r.id,
      email: r.email,
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
      _deleted: false,
    }));
    const last = rows[rows.length - 1];
    return { documents, checkpoint: last ? { seq: Number(last._seq) } : checkpoint };
  }
  const def = TABLES[collection as SyncedCollection];
  const { rows } = await q.query(`SELECT ${selectList(def)} FROM ${def.table} WHERE _seq > $1 ORDER BY _seq LIMIT $2`, [after, limit]);
  const documents = rows.map((r) => rowToDoc(def, r));
  const last = rows[rows.length - 1];
  return { documents, checkpoint: last ? { seq: rowSeq(last) } : checkpoint };
}
