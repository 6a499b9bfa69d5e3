/**
 * The refusal store (`sync_rejections`): every pushed row the server refused, with its reason,
 * kept for the record and read back by the device whose push answer could not carry every
 * reason in its header (PUSH_REJECTIONS_MORE_HEADER).
 *
 * Bounded (issue 30: a hostile push of 1,000 rows of 5 KB grew it by ~5 MB each time):
 * - per push: a refused document is kept only up to REFUSED_DOCUMENT_MAX_CHARS, and at most
 *   REFUSED_DOCUMENTS_MAX_CHARS_PER_PUSH of documents per push — beyond that the row keeps its
 *   id, code and message, not the document (the device keeps its own copy, sync-state.ts);
 * - in total: after a push that recorded refusals, only the newest KEPT_PER_USER rows of its
 *   user and the newest KEPT_IN_ALL rows overall are kept.
 */
import { sanitizeText, type CollectionName, type PushRejection } from '@shared';
import type { Queryable } from '../db/types';
import type { Writer } from './store';

/** A refused document larger than this (as JSON) is not stored. */
export const REFUSED_DOCUMENT_MAX_CHARS = 16 * 1024;
/** Documents stored for one push, in all. */
export const REFUSED_DOCUMENTS_MAX_CHARS_PER_PUSH = 256 * 1024;
/** Twice the largest push (PUSH_MAX_ROWS): two pushes in flight both find their refusals. */
export const KEPT_PER_USER = 2000;
export const KEPT_IN_ALL = 20_000;

/** What one push has recorded so far: the ids of its rows and the document characters stored. */
export class PushRecord {
  readonly ids: number[] = [];
  documentChars = 0;

  /** The document as it will be stored, or null once it (or the push's share) is too large. */
  admit(document: unknown): string | null {
    if (document === null || document === undefined) return null;
    let json: string;
    try {
      // The refused document is kept for the record; text PostgreSQL cannot hold is made safe first.
      json = JSON.stringify(sanitizeText(document));
    } catch {
      return null; // (a shape JSON cannot write back, e.g. nested too deep)
    }
    if (json.length > REFUSED_DOCUMENT_MAX_CHARS || this.documentChars + json.length > REFUSED_DOCUMENTS_MAX_CHARS_PER_PUSH) return null;
    this.documentChars += json.length;
    return json;
  }

  get range(): { from: number; through: number } | null {
    if (this.ids.length === 0) return null;
    return { from: Math.min(...this.ids), through: Math.max(...this.ids) };
  }
}

export async function recordRejection(
  db: Queryable,
  collection: string,
  docId: string,
  document: unknown,
  rejection: PushRejection,
  writer: Writer,
  record: PushRecord,
): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO sync_rejections (collection, doc_id, code, message, document, user_id, session_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id::text AS id`,
    [collection, sanitizeText(docId), rejection.error, rejection.message ?? '', record.admit(document), writer.userId, writer.sessionId],
  );
  record.ids.push(Number(rows[0].id));
}

/** Rows refused before they could be read as documents (sync/http.ts parsePushBody): no document kept. */
export async function recordMalformed(db: Queryable, collection: string, rejections: PushRejection[], writer: Writer, record: PushRecord): Promise<void> {
  for (const rejection of rejections) await recordRejection(db, collection, rejection.id, null, rejection, writer, record);
}

/** Keeps the newest rows of the writer and of everyone (see the bounds above). */
export async function pruneRejections(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `DELETE FROM sync_rejections WHERE user_id = $1 AND id < (
       SELECT id FROM sync_rejections WHERE user_id = $1 ORDER BY id DESC OFFSET ${KEPT_PER_USER - 1} LIMIT 1)`,
    [userId],
  );
  await db.query(
    `DELETE FROM sync_rejections WHERE id < (SELECT id FROM sync_rejections ORDER BY id DESC OFFSET ${KEPT_IN_ALL - 1} LIMIT 1)`,
  );
}

/** A push's refusals as its device's session recorded them (ids from..through of one collection). */
export async function listPushRejections(
  db: Queryable,
  sessionId: string,
  collection: CollectionName,
  from: number,
  through: number,
  limit: number,
): Promise<PushRejection[]> {
  const { rows } = await db.query<{ doc_id: string; code: PushRejection['error']; message: string }>(
    `SELECT doc_id, code, message FROM sync_rejections
      WHERE session_id = $1 AND collection = $2 AND id BETWEEN $3 AND $4
      ORDER BY id LIMIT ${limit}`,
    [sessionId, collection, from, through],
  );
  return rows.map((r) => ({ id: r.doc_id, error: r.code, ...(r.message ? { message: r.message } : {}) }));
}
