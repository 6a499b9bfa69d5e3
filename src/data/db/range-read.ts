/**
 * A created_at range of a collection (or all its live documents) read in one IndexedDB request.
 *
 * RxDB's Dexie storage reads a query through a cursor: one event and one `continue()` round trip
 * per stored row, then an RxDocument per row. For a first paint that needs a whole period (the
 * Relatórios summary adds up every entry of the month: ~750 of a big shop's 20,000) that was most
 * of what the open with data did beyond the empty open (bench:ui profile, issue 33). Here the same
 * rows come from one `getAll` over the created_at index RxDB keeps in IndexedDB
 * ([_deleted+created_at+id], '0' for live rows), turned back into plain documents with RxDB's own
 * conversion. One-shot: the screen's live query takes over after its first paint. Any other
 * storage (or a layout this code does not know) reads through RxDB as before.
 */
import Dexie from 'dexie';
import type { RxCollection } from 'rxdb';
import { fromDexieToStorage } from 'rxdb/plugins/storage-dexie';

const INDEX = '[_deleted+created_at+id]';
/** The index every RxDB Dexie store has: live rows are ['0', id]. */
const LIVE_INDEX = '[_deleted+id]';

type DexieState = { dexieTable?: Dexie.Table; booleanIndexes?: string[] };

async function dexieState(collection: RxCollection, index: string): Promise<{ table: Dexie.Table; booleanIndexes: string[] } | null> {
  try {
    const state = (await (collection.storageInstance as unknown as { internals?: Promise<DexieState> | DexieState }).internals) ?? null;
    const table = state?.dexieTable;
    if (!table || !Array.isArray(state.booleanIndexes)) return null;
    if (!table.schema.indexes.some((i) => i.name === index)) return null;
    return { table, booleanIndexes: state.booleanIndexes };
  } catch {
    return null;
  }
}

/** Live documents with from ≤ created_at < to (ISO instants; null = open end), as plain objects, unordered. */
export async function readCreatedBetween<T>(collection: RxCollection<T>, from: string | null, to: string | null): Promise<T[]> {
  const dexie = await dexieState(collection as unknown as RxCollection, INDEX);
  if (!dexie) {
    const created_at = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) };
    const docs = await collection.find({ selector: { created_at } as never }).exec();
    return docs.map((d) => ({ ...(d.toJSON() as object) }) as T);
  }
  // A key that is a prefix sorts before every longer key that starts with it: ['0', from] is just
  // below the first row dated `from`, ['0', to] just below the first dated `to` (excluded).
  const lower = from === null ? ['0'] : ['0', from];
  const upper = to === null ? ['0', Dexie.maxKey] : ['0', to];
  const rows = await dexie.table.where(INDEX).between(lower, upper, true, to === null).toArray();
  return rows.map((row) => plain<T>(dexie.booleanIndexes, row));
}

/** Every live document of the collection, as plain objects, in one request (same idea, for whole-collection screens). */
export async function readAllLive<T>(collection: RxCollection<T>): Promise<T[]> {
  const dexie = await dexieState(collection as unknown as RxCollection, LIVE_INDEX);
  if (!dexie) return (await collection.find().exec()).map((d) => ({ ...(d.toJSON() as object) }) as T);
  const rows = await dexie.table.where(LIVE_INDEX).between(['0'], ['0', Dexie.maxKey], true, true).toArray();
  return rows.map((row) => plain<T>(dexie.booleanIndexes, row));
}

/** What RxDocument#toJSON() gives: the stored document without RxDB's own fields. */
function plain<T>(booleanIndexes: string[], row: unknown): T {
  const doc = fromDexieToStorage(booleanIndexes, row) as Record<string, unknown>;
  delete doc._meta;
  delete doc._rev;
  delete doc._attachments;
  delete doc._deleted;
  return doc as T;
}
