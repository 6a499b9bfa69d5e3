/**
 * Writes made by the server itself (a customer accepting a quotation on the public page,
 * marking it viewed). They go through the same path as pushes — writer lock, next sequence,
 * `updated_at` stamp, NOTIFY — so they reach every device like any other change. They are
 * stamped `client_updated_at = now`: if a device edited the same field offline, the later
 * edit wins in the three-way merge (merge.ts), and the loser is logged.
 */
import type { Database, Queryable } from '../db/types';
import type { Doc } from '../collections/convert';
import { TABLES, type SyncedCollection } from '../collections/tables';
import { IMMUTABLE_FIELDS } from '@shared';
import { keepFirstVersion, lockWrites, readStored, writeDoc } from './store';
import { validateDocument } from './validate';

export class ServerWriteError extends Error {}

/**
 * Applies `patch` to the stored document inside `tx` and returns the new document, or null
 * when there is no live document with that id. Immutable fields in the patch are ignored.
 */
export async function updateAsServerIn(
  tx: Queryable,
  collection: SyncedCollection,
  id: string,
  patch: Record<string, unknown>,
): Promise<Doc | null> {
  const def = TABLES[collection];
  await lockWrites(tx);
  const stored = await readStored(tx, def, id);
  if (!stored || stored.doc._deleted) return null;
  const clean = { ...patch };
  for (const f of IMMUTABLE_FIELDS) delete clean[f];
  delete clean.updated_at;
  delete clean._deleted;
  const next = { ...stored.doc, ...clean, client_updated_at: new Date().toISOString() };
  const v = validateDocument(collection, next, { requireText: false });
  if (!v.ok) throw new ServerWriteError(`invalid ${collection} update: ${v.fields.join(', ')}`);
  await keepFirstVersion(tx, def, stored.doc);
  return writeDoc(tx, def, { ...v.doc, id: stored.doc.id, created_at: stored.doc.created_at, created_by: stored.doc.created_by, _deleted: false }, { userId: null, sessionId: null });
}

/** updateAsServerIn in its own transaction. */
export function updateAsServer(
  db: Database,
  collection: SyncedCollection,
  id: string,
  patch: Record<string, unknown>,
): Promise<Doc | null> {
  return db.transaction((tx) => updateAsServerIn(tx, collection, id, patch));
}

/** Reads one stored document (tombstones included: check `_deleted`). */
export async function readDocument(q: Queryable, collection: SyncedCollection, id: string): Promise<Doc | null> {
  return (await readStored(q, TABLES[collection], id))?.doc ?? null;
}
