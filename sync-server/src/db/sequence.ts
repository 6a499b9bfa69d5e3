/**
 * Global replication order. Every write to a replicated row takes the same
 * transaction-scoped advisory lock before `nextval`, so sequence numbers become visible in
 * the order they were taken: a slow transaction can never commit seq N after a client has
 * already pulled past N. The lock is released at COMMIT/ROLLBACK.
 *
 * Usage, inside ONE transaction:
 *   const seq = await nextSeq(tx);
 *   await tx.query('UPDATE quotations SET ..., _seq = $1 WHERE id = $2', [seq, id]);
 *   await notifyChange(tx, 'quotations', seq);
 * or, in one statement (sync/store.ts): lock, then `nextval('forja_seq')` in the write and
 * `notifyChangeSql(…)` over its RETURNING rows, then noteChange(tx, collection).
 */
import type { Queryable } from './types';
import { noteChange } from './committed';

/** Advisory lock key serialising sequence assignment. */
export const SEQ_LOCK_KEY = 7421;
/**
 * NOTIFY channel for replicated changes; payload JSON {collection, seq[, rows]} — `rows`: the
 * rows the notifying statement wrote, when it sends them (notifyChangeSql).
 */
export const CHANGES_CHANNEL = 'forja_changes';

export async function nextSeq(tx: Queryable): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SEQ_LOCK_KEY]);
  const { rows } = await tx.query<{ seq: string }>(`SELECT nextval('forja_seq')::text AS seq`);
  return Number(rows[0].seq);
}

/** Room for rows in a payload (PostgreSQL refuses payloads of 8,000 bytes or more). */
const PAYLOAD_ROWS_MAX_BYTES = 7_000;

/**
 * The notification as an SQL expression over `w`, the rows a data-modifying statement returned
 * (_seq among them): sent by that same statement, with the rows themselves when `withRows` and
 * they fit, so the stream can pass them on without reading them back (sync/stream.ts). Each write
 * of a synced row notifies, in commit order, so a collection's rows in (previous notification,
 * this one] are exactly these. `$channelParam` = CHANGES_CHANNEL, the next parameter = collection.
 */
export function notifyChangeSql(withRows: boolean, channelParam: number): string {
  const rows = withRows ? `, 'rows', CASE WHEN octet_length(json_agg(w)::text) < ${PAYLOAD_ROWS_MAX_BYTES} THEN json_agg(w) END` : '';
  return `pg_notify($${channelParam}, json_build_object('collection', $${channelParam + 1}::text, 'seq', max(w._seq)${rows})::text)`;
}

/** Delivered to listeners only when the surrounding transaction commits. */
export async function notifyChange(tx: Queryable, collection: string, seq: number): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ collection, seq })]);
  noteChange(tx, collection);
}
