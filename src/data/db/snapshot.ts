/**
 * The first sync of an empty device, written straight into storage ("snapshot documents").
 *
 * RxDB's downstream stores every pulled document with a second record in another IndexedDB
 * database (the replication meta row: a full copy of the server state, read first), which made
 * a first sync ~2.5× slower than a bare bulk insert (bench:sync, issue 20). On the very first
 * pull of an empty collection the sync engine instead writes the server's pages itself into the
 * collection's storage, marked exactly as the downstream marks what it writes:
 * - the downstream's write context (so the upstream ignores the change, and the schema
 *   validator trusts it as the server's — see validated-storage.ts),
 * - `_meta.o` = { _rev: height of the revision, hash of the replication identifier }: RxDB's
 *   origin marker, "this revision came from the master" (downstream.ts reads it to tell a
 *   server document from an unsent local edit when there is no meta row).
 * It goes below RxDB's collection wrapper, which replaces `_meta` on insert and would drop the
 * marker (later pulls would then take those documents for local edits and skip server changes).
 *
 * A snapshot document has no meta row until one is needed:
 * - before its first local edit (writes.ts → `SyncEngine.beforeLocalEdit`): the snapshot is
 *   written as the assumed master, so the edit is pushed with the right merge base;
 * - when RxDB's upstream rescans it (after a restart, or a pull request — its RESYNC rescans
 *   from the last stored upstream checkpoint): the push handler does not send it again
 *   (`unsentSnapshotIds`); RxDB then records it as the master by itself.
 * These lean on RxDB internals (rxdb is pinned exactly; tests/replication/snapshot.test.ts
 * guards each of them).
 */
import {
  getAssumedMasterState,
  getCheckpointKey,
  getRxReplicationMetaInstanceSchema,
  hasEncryption,
  getHeightOfRevision,
  getMetaWriteRow,
  now,
  writeDocToDocState,
  type BulkWriteRow,
  type RxDocumentData,
  type RxStorageInstance,
  type RxStorageInstanceReplicationState,
  type WithDeleted,
} from 'rxdb';
import type { ForjaRxDatabase, AnyCollection, AnyDoc } from './types';
import { sameDocumentState } from './equality';

type State = RxStorageInstanceReplicationState<AnyDoc>;
type StoredDoc = RxDocumentData<AnyDoc>;
type Origin = { _rev: number; hash: string };

/** Documents written per IndexedDB transaction at most (larger writes are faster per document). */
export const SNAPSHOT_WRITE_MAX = 10_000;

/** The replication's marks: its origin hash and the downstream's write context. */
export async function replicationMarks(state: State): Promise<{ hash: string; context: string }> {
  const [hash, context] = await Promise.all([state.input.hashFunction(state.input.identifier), state.downstreamBulkWriteFlag]);
  return { hash, context };
}

/** True when this stored revision is the server's as the downstream (or a snapshot) wrote it: no local edit since. */
export function isServerRevision(doc: StoredDoc | undefined, hash: string): boolean {
  const origin = (doc?._meta as { o?: Origin } | undefined)?.o;
  return Boolean(doc && origin && origin.hash === hash && origin._rev === getHeightOfRevision(doc._rev));
}

/** The storage below RxDB's collection wrapper (which would rewrite `_meta` on insert). */
function rawStorage(state: State): RxStorageInstance<AnyDoc, unknown, unknown> {
  const fork = state.input.forkInstance as RxStorageInstance<AnyDoc, unknown, unknown> & {
    originalStorageInstance?: RxStorageInstance<AnyDoc, unknown, unknown>;
  };
  return fork.originalStorageInstance ?? fork;
}

function serverRevision(doc: WithDeleted<AnyDoc>, height: number, hash: string, lwt: number): StoredDoc {
  return {
    ...doc,
    _deleted: Boolean(doc._deleted),
    _attachments: {},
    _rev: `${height}-${hash}`,
    _meta: { lwt, o: { _rev: height, hash } },
  } as StoredDoc;
}

/**
 * Stores server documents as snapshot documents. A document already here is replaced when it
 * is still a server revision (an earlier page had it; it changed on the server meanwhile) and
 * left alone when it was written on this device. Returns the server's versions of those left
 * alone: the caller must not let them go unseen (a first download ends there and RxDB's own
 * pull reads on; a live event goes to RxDB's downstream as well).
 */
export async function writeSnapshot(db: ForjaRxDatabase, state: State, docs: WithDeleted<AnyDoc>[], marks: { hash: string; context: string }): Promise<WithDeleted<AnyDoc>[]> {
  const storage = rawStorage(state);
  const primary = state.primaryPath as string;
  // Within one write, the later page's version of a document wins.
  const latest = new Map<string, WithDeleted<AnyDoc>>();
  for (const d of docs) latest.set(String(d[primary]), d);
  let rows: BulkWriteRow<AnyDoc>[] = [...latest.values()].map((d) => ({ document: serverRevision(d, 1, marks.hash, now()) }));
  const local: WithDeleted<AnyDoc>[] = [];
  for (let attempt = 0; rows.length > 0; attempt++) {
    const result = await db.lockedRun(() => storage.bulkWrite(rows, marks.context));
    const retry: BulkWriteRow<AnyDoc>[] = [];
    for (const error of result.error) {
      const inDb = (error as { documentInDb?: StoredDoc }).documentInDb;
      if (error.status !== 409 || !inDb) throw new Error(`snapshot write failed: ${error.status} ${error.documentId}`);
      if (!isServerRevision(inDb, marks.hash)) {
        local.push(latest.get(error.documentId)!);
        continue;
      }
      const height = getHeightOfRevision(inDb._rev) + 1;
      retry.push({ previous: inDb, document: serverRevision(latest.get(error.documentId)!, height, marks.hash, now()) });
    }
    // Each retry only follows a concurrent write of the same documents; three rounds are plenty.
    if (attempt >= 3) break;
    rows = retry;
  }
  return local;
}

/**
 * What writing a meta row needs (the parts of RxDB's replication state that getMetaWriteRow and
 * getAssumedMasterState read). The replication's own state in the tab that replicates; in another
 * tab (RxDB replicates in the leader tab only), the same meta storage opened the way RxDB's
 * replication plugin opens it (plugins/replication/index.ts, start()).
 */
export type MetaAccess = { state: State; close: () => Promise<void> };

export async function openMetaAccess(collection: AnyCollection, replicationIdentifier: string): Promise<MetaAccess> {
  const db = collection.database;
  const collectionName = 'rx-replication-meta-' + (await db.hashFunction([collection.name, replicationIdentifier].join('-')));
  const schema = getRxReplicationMetaInstanceSchema(collection.schema.jsonSchema, hasEncryption(collection.schema.jsonSchema));
  const metaInstance = await db.storage.createStorageInstance({
    databaseName: db.name,
    collectionName,
    databaseInstanceToken: db.token,
    multiInstance: db.multiInstance,
    options: {},
    schema,
    password: db.password,
    devMode: false,
  });
  const input = {
    identifier: 'rxdbreplication' + replicationIdentifier,
    hashFunction: db.hashFunction,
    forkInstance: collection.storageInstance,
    metaInstance,
  };
  const state = {
    primaryPath: collection.schema.primaryPath,
    input,
    checkpointKey: getCheckpointKey(input as unknown as State['input']),
  } as unknown as State;
  return { state, close: () => metaInstance.close() };
}

/**
 * Before a local edit of `doc`: when it is a server revision whose meta row is missing (a
 * snapshot document) or holds an older server state (a live change stored directly, whose row
 * RxDB has not rewritten yet), write the row with `doc` as the assumed master, so the edit is
 * pushed with the version this device really had as its merge base.
 */
export async function recordSnapshotBase(state: State, doc: StoredDoc, hash: string): Promise<void> {
  if (!isServerRevision(doc, hash)) return;
  const id = String(doc[state.primaryPath as string]);
  const known = (await getAssumedMasterState(state, [id]))[id];
  const master = writeDocToDocState(doc, false, false) as WithDeleted<AnyDoc>;
  if (known && sameDocumentState(known.docData as Record<string, unknown>, master as Record<string, unknown>)) return;
  const row = await getMetaWriteRow(state, master, known?.metaDocument);
  // A 409 means RxDB wrote the row meanwhile: that row serves as well.
  await state.input.metaInstance.bulkWrite([row], 'replication-down-write-meta');
}

/**
 * Of the rows RxDB wants to push without an assumed master, the ids whose stored document is a
 * server revision (a snapshot document, never edited here): not local edits, never sent back.
 * The row may hold an older state than the stored one (a later page replaced the document while
 * RxDB's rescan had already read it): still the server's, still not sent.
 */
export async function unsentSnapshotIds(
  state: State,
  rows: { assumedMasterState?: unknown; newDocumentState: AnyDoc }[],
  hash: string,
): Promise<Set<string>> {
  const primary = state.primaryPath as string;
  const ids = rows.filter((r) => !r.assumedMasterState).map((r) => String(r.newDocumentState[primary]));
  if (ids.length === 0) return new Set();
  const stored = await state.input.forkInstance.findDocumentsById(ids, true);
  return new Set(stored.filter((d) => isServerRevision(d, hash)).map((d) => String(d[primary])));
}
