/** The conflict log (sync_conflicts): every field a merge decided, with the losing value. */
import type { ConflictEntry } from '@shared';
import type { Queryable } from '../db/types';
import type { FieldConflict } from './merge';
import type { Writer } from './store';

export type { ConflictEntry };

/**
 * Records the decided fields of one merge. The same decision is not logged twice (a retried
 * push that merges again against the already merged document).
 */
export async function logConflicts(
  tx: Queryable,
  collection: string,
  docId: string,
  conflicts: FieldConflict[],
  sides: { server: Writer; incoming: Writer },
): Promise<void> {
  for (const c of conflicts) {
    const winner = sides[c.winner];
    const loser = sides[c.winner === 'server' ? 'incoming' : 'server'];
    const winning = JSON.stringify(c.winningValue ?? null);
    const losing = JSON.stringify(c.losingValue ?? null);
    await tx.query(
      `INSERT INTO sync_conflicts
         (collection, doc_id, field, winning_value, losing_value, winner_user_id, winner_session_id, loser_user_id, loser_session_id)
       SELECT $1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9
       WHERE NOT EXISTS (
         SELECT 1 FROM sync_conflicts
          WHERE collection = $1 AND doc_id = $2 AND field = $3
            AND winning_value = $4::jsonb AND losing_value = $5::jsonb)`,
      [collection, docId, c.field, winning, losing, winner.userId, winner.sessionId, loser.userId, loser.sessionId],
    );
  }
}

export interface ConflictFilter {
  collection?: string;
  docId?: string;
}

/** The conflict log, newest first; optionally one collection or one document. */
export async function listConflicts(q: Queryable, limit: number, filter: ConflictFilter = {}): Promise<ConflictEntry[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.collection) {
    params.push(filter.collection);
    where.push(`collection = $${params.length}`);
  }
  if (filter.docId) {
    params.push(filter.docId);
    where.push(`doc_id = $${params.length}`);
  }
  params.push(limit);
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT id, collection, doc_id, field, winning_value, losing_value, winner_user_id, winner_session_id,
            loser_user_id, loser_session_id, at
       FROM sync_conflicts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    collection: String(r.collection),
    doc_id: String(r.doc_id),
    field: String(r.field),
    // Both adapters parse jsonb already (a JSON string value arrives as a JS string).
    winning_value: r.winning_value ?? null,
    losing_value: r.losing_value ?? null,
    winner_user_id: (r.winner_user_id as string | null) ?? null,
    winner_session_id: (r.winner_session_id as string | null) ?? null,
    loser_user_id: (r.loser_user_id as string | null) ?? null,
    loser_session_id: (r.loser_session_id as string | null) ?? null,
    at: new Date(r.at as string | Date).toISOString(),
  }));
}
