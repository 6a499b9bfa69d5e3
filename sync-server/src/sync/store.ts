/**
 * Reading and writing one document of a synced table. Every write takes the next global
 * sequence (under the advisory lock of db/sequence.ts), stamps `updated_at`, maintains the
 * tombstone time and notifies the stream — in one statement, inside the caller's transaction.
 */
import { CHANGES_CHANNEL, SEQ_LOCK_KEY, notifyChangeSql } from '../db/sequence';
import { noteChange } from '../db/committed';
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
  /** The writer's role, where a rule depends on it (deleting a work-order photo is the owner's). */
  role?: 'owner' | 'staff';
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

/** Bulk inserts of more documents than this notify without their rows (the stream reads them). */
const NOTIFY_ROWS_DOCS = 3;

/**
 * Inserts or replaces a document (schema fields + `_deleted`) in ONE statement: next sequence
 * number, row, notification, under the writer lock (lockWrites), so sequence numbers become
 * visible in order. `updated_at` is stamped here; the caller has already fixed the immutable
 * fields. Returns the stored document.
 */
export async function writeDoc(tx: Queryable, def: TableDef, doc: Record<string, unknown>, writer: Writer): Promise<Doc> {
  // Taken where the number is taken (re-entrant: the caller usually holds it already).
  await lockWrites(tx);
  const stamped: Record<string, unknown> = { ...doc, updated_at: new Date().toISOString() };
  // Who wrote this version, stamped like updated_at (clients use it to tell other users' changes
  // from their own); a server write (a customer deciding on the public page) is null.
  if (def.columns.some((c) => c.name === 'updated_by')) stamped.updated_by = writer.userId;
  const deleted = Boolean(doc._deleted);
  const cols = def.columns.map((c) => c.name);
  const n = cols.length;
  const placeholders = cols.map((_, i) => `$${i + 1}`);
  const updates = cols.filter((c) => c !== 'id').map((c) => `${c} = EXCLUDED.${c}`);
  const { rows } = await tx.query(
    `WITH w AS (
       INSERT INTO ${def.table} (${cols.join(', ')}, _seq, _deleted, _deleted_at, _written_by, _written_session)
       VALUES (${placeholders.join(', ')}, nextval('forja_seq'), $${n + 1}::boolean, CASE WHEN $${n + 1}::boolean THEN now() END, $${n + 2}, $${n + 3})
       ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')},
         _seq = EXCLUDED._seq,
         _deleted = EXCLUDED._deleted,
         _deleted_at = CASE WHEN EXCLUDED._deleted THEN COALESCE(${def.table}._deleted_at, now()) END,
         _written_by = EXCLUDED._written_by,
         _written_session = EXCLUDED._written_session
       RETURNING ${selectList(def)})
     SELECT (array_agg(row_to_json(w)))[1] AS row, ${notifyChangeSql(true, n + 4)} AS notified FROM w`,
    [...docToParams(def, stamped), deleted, writer.userId, writer.sessionId, CHANGES_CHANNEL, def.collection],
  );
  noteChange(tx, def.collection);
  return rowToDoc(def, jsonRow(rows[0].row));
}

/** A row read back as JSON (row_to_json): rowToDoc's conversions accept it like a plain row. */
function jsonRow(v: unknown): Record<string, unknown> {
  return (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
}

/** Ids of `ids` that have a row in the table (live or tombstone). */
export async function existingIds(q: Queryable, def: TableDef, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM ${def.table} WHERE id = ANY($1::text[])`, [ids]);
  return new Set(rows.map((r) => r.id));
}

/**
 * Inserts documents that have no row yet in ONE statement — sequence numbers, rows and the
 * stream's notification together — the path of every new document a push brings (a first sync
 * sends thousands; a live create sends one, and each statement is a round trip to the database).
 * The caller holds the writer lock (lockWrites: one statement fewer on a live create's path), so
 * the numbers become visible in order; within the batch their order does not matter (they
 * commit together). Each document is stamped like writeDoc does. Throws on any constraint
 * violation; the caller then goes row by row.
 */
export async function insertMany(tx: Queryable, def: TableDef, docs: Record<string, unknown>[], writer: Writer): Promise<void> {
  if (docs.length === 0) return;
  const now = new Date().toISOString();
  const hasUpdatedBy = def.columns.some((c) => c.name === 'updated_by');
  const cols = def.columns.map((c) => c.name);
  const width = cols.length + 3;
  const params: unknown[] = [];
  const tuples = docs.map((doc, i) => {
    const stamped: Record<string, unknown> = { ...doc, updated_at: now };
    if (hasUpdatedBy) stamped.updated_by = writer.userId;
    const deleted = Boolean(doc._deleted);
    params.push(...docToParams(def, stamped), deleted, writer.userId, writer.sessionId);
    const base = i * width;
    const ph = cols.map((_, j) => `$${base + j + 1}`);
    const n = base + cols.length;
    return `(${ph.join(', ')}, nextval('forja_seq'), $${n + 1}::boolean, CASE WHEN $${n + 1}::boolean THEN now() END, $${n + 2}, $${n + 3})`;
  });
  const channel = params.length + 1;
  params.push(CHANGES_CHANNEL, def.collection);
  await tx.query(
    `WITH w AS (
       INSERT INTO ${def.table} (${cols.join(', ')}, _seq, _deleted, _deleted_at, _written_by, _written_session)
       VALUES ${tuples.join(',\n')}
       RETURNING ${selectList(def)})
     SELECT ${notifyChangeSql(docs.length <= NOTIFY_ROWS_DOCS, channel)} FROM w`,
    params,
  );
  noteChange(tx, def.collection);
}

/**
 * Keeps `stored` as the document's first version if it has none yet: called before a document
 * is overwritten, so the first call sees the version it was created with (migration 006).
 */
export async function keepFirstVersion(tx: Queryable, def: TableDef, stored: Doc): Promise<void> {
  await tx.query(
    `INSERT INTO sync_first_versions (collection, doc_id, document) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (collection, doc_id) DO NOTHING`,
    [def.collection, stored.id, JSON.stringify(stored)],
  );
}

/** The version the document was created with: the one kept, or the stored one if never overwritten. */
export async function firstVersion(q: Queryable, def: TableDef, stored: Doc): Promise<Doc> {
  const { rows } = await q.query<{ document: Doc | string }>(
    'SELECT document FROM sync_first_versions WHERE collection = $1 AND doc_id = $2',
    [def.collection, stored.id],
  );
  const kept = rows[0]?.document;
  if (kept === undefined) return stored;
  return typeof kept === 'string' ? (JSON.parse(kept) as Doc) : kept;
}
