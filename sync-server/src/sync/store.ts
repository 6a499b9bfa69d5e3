/**
 * Reading and writing one document of a synced table. Every write takes the next global
 * sequence (advisory lock + nextval, db/sequence.ts), stamps `updated_at`, maintains the
 * tombstone time and notifies the stream — all inside the caller's transaction.
 */
import { nextSeq, notifyChange, SEQ_LOCK_KEY } from '../db/sequence';
import type { Queryable } from '../db/types';
import { rowSeq, rowToDoc, selectList, type Doc } from '../collections/convert';
import type { TableDef } from '../collections/tables';
import { docToParams } from '../collections/convert';

export interface StoredDoc {
  doc: Doc;
  seq: number;
  writtenBy: string | null;
  writtenSession: string | null;
}

export interface Writer {
  userId: string | null;
  sessionId: string | null;
}

/**
 * Serialises writers for the rest of the transaction (the same lock nextSeq takes; it is
 * re-entrant). Taken before reading a document that is about to be rewritten, so two pushes
 * of the same document cannot both merge against the same stale version.
 */
export async function lockWrites(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SEQ_LOCK_KEY]);
}

export async function readStored(q: Queryable, def: TableDef, id: string): Promise<StoredDoc | null> {
  const { rows } = await q.query(
    `SELECT ${selectList(def)}, _written_by, _written_session FROM ${def.table} WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    doc: rowToDoc(def, row),
    seq: rowSeq(row),
    writtenBy: (row._written_by as string | null) ?? null,
    writtenSession: (row._written_session as string | null) ?? null,
  };
}

/**
 * Inserts or replaces a document (schema fields + `_deleted`). `updated_at` is stamped here;
 * the caller has already fixed the immutable fields. Returns the stored document.
 */
export async function writeDoc(tx: Queryable, def: TableDef, doc: Record<string, unknown>, writer: Writer): Promise<Doc> {
  const seq = await nextSeq(tx);
  const stamped = { ...doc, updated_at: new Date().toISOString() };
  const deleted = Boolean(doc._deleted);
  const cols = def.columns.map((c) => c.name);
  const n = cols.length;
  const placeholders = cols.map((_, i) => `$${i + 1}`);
  const updates = cols.filter((c) => c !== 'id').map((c) => `${c} = EXCLUDED.${c}`);
  await tx.query(
    `INSERT INTO ${def.table} (${cols.join(', ')}, _seq, _deleted, _deleted_at, _written_by, _written_session)
     VALUES (${placeholders.join(', ')}, $${n + 1}, $${n + 2}, CASE WHEN $${n + 2} THEN now() END, $${n + 3}, $${n + 4})
     ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')},
       _seq = EXCLUDED._seq,
       _deleted = EXCLUDED._deleted,
       _deleted_at = CASE WHEN EXCLUDED._deleted THEN COALESCE(${def.table}._deleted_at, now()) END,
       _written_by = EXCLUDED._written_by,
       _written_session = EXCLUDED._written_session`,
    [...docToParams(def, stamped), seq, deleted, writer.userId, writer.sessionId],
  );
  await notifyChange(tx, def.collection, seq);
  return { ...stamped, _deleted: deleted } as unknown as Doc;
}
