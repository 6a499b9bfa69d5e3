import { COLLECTIONS_WITH_UPDATED_BY, INVALID_TEXT_MESSAGE, findUnacceptableText, type CollectionName, type DocTypes } from '@shared';
import { DataError } from './errors';
import type { ForjaDatabase } from './create-database';
import type { AnyCollection, AnyDoc } from './types';
import { randomId } from '../random-id';

/** Generic access: the helpers below are typed at their signatures. */
const collectionOf = (fdb: ForjaDatabase, c: CollectionName) => fdb.db.collections[c] as unknown as AnyCollection;

/**
 * Every local write of the app goes through these helpers: they stamp the times the
 * schema needs and record the document as pending until the server acknowledges it.
 * (Components never touch db.collections; feature commands call these.)
 */
type Editable = Exclude<CollectionName, 'staff'>;
type Doc<C extends Editable> = DocTypes[C];
type NewDoc<C extends Editable> = Omit<Doc<C>, 'id' | 'created_at' | 'updated_at' | 'client_updated_at'> & {
  id?: string;
};

/**
 * The shared text rule (schemas/rules.ts): a document holding text the server cannot store
 * (NUL, lone surrogates — e.g. pasted from a broken source) is refused here, before it is
 * queued, with the field it is in — instead of being refused later by the server.
 */
function assertAcceptableText(data: unknown): void {
  const path = findUnacceptableText(data);
  if (path) throw new DataError('invalid_text', INVALID_TEXT_MESSAGE, path[0]);
}

export function newId(): string {
  return randomId();
}

const nowIso = () => new Date().toISOString();

/**
 * The time stamped on an edit of a document whose last edit was stamped `previous`: now, but
 * always after `previous`. Two edits in the same millisecond (or after an edit from a device
 * whose clock is ahead) would otherwise tie, and the server's merge — the later edit wins —
 * could let an old request arriving late undo the newer edit (found by npm run soak).
 */
export function editTime(previous: unknown, now = Date.now()): string {
  const prev = typeof previous === 'string' ? Date.parse(previous) : NaN;
  return new Date(Number.isFinite(prev) && prev >= now ? prev + 1 : now).toISOString();
}

/**
 * The server stamps `updated_by` on every accepted write; stamping it locally too means a
 * change made on this device never looks like another user's while it waits to be sent.
 */
function writerStamp(fdb: ForjaDatabase, c: CollectionName): { updated_by?: string | null } {
  return COLLECTIONS_WITH_UPDATED_BY.includes(c) ? { updated_by: fdb.userId } : {};
}

/**
 * Runs `write` while the documents are recorded as pending. The in-memory pending set is updated
 * before the write starts, so nothing that reads it ever sees the document unsent and not
 * pending; the sync state (another IndexedDB database) is stored after the document, so the
 * document's write — which its push waits for — does not compete with it (bench:sync, live
 * A → B). Both writes have finished when this resolves.
 */
async function whilePending<T>(fdb: ForjaDatabase, c: CollectionName, ids: string[], write: () => Promise<T>): Promise<T> {
  let settled!: () => void;
  const marked = fdb.sync.markPending(c, ids, new Promise<void>((r) => (settled = r)));
  try {
    return await write();
  } finally {
    settled();
    await marked;
  }
}

export async function insertDocument<C extends Editable>(
  fdb: ForjaDatabase,
  c: C,
  data: NewDoc<C>,
  /** createdAt: an earlier instant the user chose (a cash-book entry dated in the past); never later than now. */
  options: { createdAt?: string } = {},
): Promise<Doc<C>> {
  assertAcceptableText(data);
  const now = nowIso();
  const createdAt = options.createdAt && options.createdAt < now ? options.createdAt : now;
  const doc = {
    ...data,
    // The server stamps the session's user as creator; the local copy says the same from the
    // start, so it never waits on (or races with) a pull to learn it.
    created_by: fdb.userId ?? data.created_by ?? null,
    ...writerStamp(fdb, c),
    id: data.id ?? newId(),
    created_at: createdAt,
    updated_at: now,
    client_updated_at: now,
  } as unknown as Doc<C>;
  const id = (doc as { id: string }).id;
  try {
    await whilePending(fdb, c, [id], () => {
      const written = collectionOf(fdb, c).insert(doc as unknown as AnyDoc);
      // A new id made here: nothing on the server to merge with, so its push may leave now,
      // beside the local write (send-ahead.ts; the engine decides when it may). A given
      // id may name a document that exists.
      if (data.id === undefined) fdb.sync.sendAhead(c, doc as unknown as Record<string, unknown>, written);
      return written;
    });
  } catch (e) {
    await fdb.sync.store.acknowledge(c, [id]);
    throw e;
  }
  return doc;
}

/**
 * Before editing a stored document: a first-download snapshot document records its base first
 * (snapshot.ts), so the edit is merged against the version this device really had.
 */
function beforeEdit(fdb: ForjaDatabase, c: CollectionName, doc: { _data: unknown }): Promise<void> {
  return fdb.sync.beforeLocalEdit(c, doc._data as Record<string, unknown>);
}

/** Changes some fields of a live document. Returns null when it does not exist (anymore). */
export async function patchDocument<C extends Editable>(
  fdb: ForjaDatabase,
  c: C,
  id: string,
  patch: Partial<Omit<Doc<C>, 'id' | 'created_at' | 'updated_at' | 'client_updated_at' | 'created_by'>>,
): Promise<Doc<C> | null> {
  assertAcceptableText(patch);
  const doc = await collectionOf(fdb, c).findOne(id).exec();
  if (!doc) return null;
  await beforeEdit(fdb, c, doc);
  const updated = await whilePending(fdb, c, [id], () =>
    doc.incrementalModify((d) => {
      const at = editTime(d.client_updated_at);
      // The server stamps updated_at; keep ours moving too so local sorts stay sensible.
      return { ...d, ...patch, ...writerStamp(fdb, c), client_updated_at: at, updated_at: at };
    }),
  );
  return updated.toMutableJSON() as unknown as Doc<C>;
}

export async function removeDocument<C extends Editable>(fdb: ForjaDatabase, c: C, id: string): Promise<boolean> {
  const doc = await collectionOf(fdb, c).findOne(id).exec();
  if (!doc) return false;
  await beforeEdit(fdb, c, doc);
  // One write: stamp the edit time and delete (a tombstone the server keeps).
  await whilePending(fdb, c, [id], () =>
    doc.incrementalModify((d) => {
      d.client_updated_at = editTime(d.client_updated_at);
      Object.assign(d, writerStamp(fdb, c));
      d._deleted = true;
      return d;
    }),
  );
  return true;
}

/**
 * Writes a whole document state as a new local edit (retrying a refused document):
 * revives it if it was deleted locally.
 */
export async function putDocument<C extends Editable>(fdb: ForjaDatabase, c: C, data: Record<string, unknown>): Promise<void> {
  const { _deleted, ...fields } = data;
  assertAcceptableText(fields);
  const id = String(fields.id);
  const now = nowIso();
  await fdb.sync.markPending(c, [id]);
  const col = collectionOf(fdb, c);
  const existing = await col.findOne(id).exec();
  const doc = { ...fields, ...writerStamp(fdb, c), client_updated_at: now, updated_at: now };
  if (_deleted) {
    if (existing) await removeDocument(fdb, c, id);
    return;
  }
  if (existing) {
    await beforeEdit(fdb, c, existing);
    await existing.incrementalModify((d) => ({ ...doc, client_updated_at: editTime(d.client_updated_at) }));
  } else {
    await col.upsert(doc);
  }
}

/**
 * Inserts many new documents in one storage write (an import's batch, issue 32): the same stamps
 * and pending marks as insertDocument, one IndexedDB transaction instead of one per document.
 * All or nothing: when the storage refuses any of them, the ones it took are removed again and
 * the batch fails with the first refusal (an import keeps only whole batches).
 * Nothing is sent ahead: RxDB's upstream pushes the batch like any local write.
 */
export async function insertDocuments<C extends Editable>(
  fdb: ForjaDatabase,
  c: C,
  items: readonly { data: NewDoc<C>; createdAt?: string }[],
): Promise<Doc<C>[]> {
  if (items.length === 0) return [];
  const now = nowIso();
  const docs = items.map(({ data, createdAt }) => {
    assertAcceptableText(data);
    return {
      ...data,
      created_by: fdb.userId ?? data.created_by ?? null,
      ...writerStamp(fdb, c),
      id: data.id ?? newId(),
      created_at: createdAt && createdAt < now ? createdAt : now,
      updated_at: now,
      client_updated_at: now,
    } as unknown as Doc<C>;
  });
  const ids = docs.map((d) => (d as { id: string }).id);
  const col = collectionOf(fdb, c);
  let failed: { id: string; message: string } | null = null;
  await whilePending(fdb, c, ids, async () => {
    const result = await col.bulkInsert(docs as unknown as AnyDoc[]);
    if (result.error.length > 0) {
      const e = result.error[0] as { documentId?: string; status?: number };
      failed = { id: String(e.documentId ?? ''), message: `status ${e.status ?? '?'}` };
      const taken = result.success.map((d) => d.primary);
      if (taken.length > 0) await col.bulkRemove(taken);
    }
  });
  if (failed) {
    await fdb.sync.store.acknowledge(c, ids);
    throw new DataError('write_refused', 'O banco de dados local recusou parte do lote.', (failed as { id: string }).id);
  }
  return docs;
}

/**
 * Deletes many documents as one local edit each (tombstones stamped like removeDocument), marked
 * pending together: RxDB's write queue stores the modifications in one storage write instead of
 * one per document (an import undone, issue 32). Returns how many existed.
 */
export async function removeDocuments<C extends Editable>(fdb: ForjaDatabase, c: C, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const col = collectionOf(fdb, c);
  const found = [...(await col.findByIds([...ids]).exec()).values()];
  if (found.length === 0) return 0;
  await Promise.all(found.map((doc) => beforeEdit(fdb, c, doc)));
  await whilePending(
    fdb,
    c,
    found.map((d) => d.primary),
    () =>
      Promise.all(
        found.map((doc) =>
          doc.incrementalModify((d) => {
            d.client_updated_at = editTime(d.client_updated_at);
            Object.assign(d, writerStamp(fdb, c));
            d._deleted = true;
            return d;
          }),
        ),
      ),
  );
  return found.length;
}
