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
 */
import type { Queryable } from './types';
import { noteChange } from './committed';

/** Advisory lock key serialising sequence assignment. */
export const SEQ_LOCK_KEY = 7421;
/** NOTIFY channel for replicated changes; payload JSON {collection, seq}. */
export const CHANGES_CHANNEL = 'forja_changes';

export async function nextSeq(tx: Queryable): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SEQ_LOCK_KEY]);
  const { rows } = await tx.query<{ seq: string }>(`SELECT nextval('forja_seq')::text AS seq`);
  return Number(rows[0].seq);
}

/** Delivered to listeners only when the surrounding transaction commits. */
export async function notifyChange(tx: Queryable, collection: string, seq: number): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ collection, seq })]);
  noteChange(tx, collection);
}
