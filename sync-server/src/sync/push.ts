/**
 * Push: applies a batch of `{assumedMasterState, newDocumentState}` rows, each isolated in its
 * own savepoint of the batch's transaction so a refused row never fails the rest. Answers RxDB's contract — the master
 * documents of the rows that conflict — plus the refusals (sent in PUSH_REJECTIONS_HEADER).
 *
 * Per row:
 *   1. validate (schema + rules in validate.ts); refuse `invalid_document` (a blank required
 *      text: `blank_required_field`);
 *   2. (writers locked for the batch) read the stored document;
 *   3. none stored → insert (created_by = the session's user, created_at clamped to now);
 *   4. stored equals the pushed state (ignoring server stamps) → nothing to do: a retry;
 *   5. insert-only collection → refuse `insert_only`;
 *   6. assumed master (or, with none, the document's first version) equals the stored
 *      document → plain update;
 *   7. otherwise a conflict → three-way merge (merge.ts), write the merge, log the losing
 *      values, and answer the merged master so the client adopts it.
 * Unique violations become `duplicate_phone` / `duplicate_code` / `duplicate_catalog_name`.
 */
import { collectionSchemas, ERROR_MESSAGES, isAcceptableText, type CollectionName, type ErrorCode, type PushRejection } from '@shared';
import type { Database, Queryable } from '../db/types';
import { rowToDoc, selectList, type Doc } from '../collections/convert';
import { TABLES, UNIQUE_INDEXES, type SyncedCollection } from '../collections/tables';
import { isInsertOnly } from './rights';
import { refuseCatalogDeletionInUse } from './catalog-in-use';
import { mergeDocuments, sameContent, type PlainDoc } from './merge';
import { logConflicts } from './conflict-log';
import { canonicalInstant, validateDocument } from './validate';
import { PushRecord, recordRejection } from './refusals';
import { photoChange, dropPhotoBytes } from './photo-rules';
import { Refusal } from './refusal';
import { nfseChange, nfseCreated, releaseNfseNumber } from './nfse-rules';
import { checkWarranty, checkWorkOrderDeletion, eventTimeFloor, workOrderOpenings } from './work-order-rules';
import { existingIds, firstVersion, insertMany, keepFirstVersion, lockWrites, readStored, writeDoc, type StoredDoc, type Writer } from './store';

export interface PushRow {
  assumedMasterState: Record<string, unknown> | null;
  newDocumentState: Record<string, unknown> & { id: string };
}

export interface PushOutcome {
  /** Master documents for conflicting and refused rows (RxDB's push response). */
  masters: Doc[];
  rejections: PushRejection[];
  /** The refusals as recorded in the refusal store (refusals.ts). */
  record: PushRecord;
}

export { Refusal };

type RowResult = { kind: 'written' | 'noop' } | { kind: 'conflict'; master: Doc };

/** A base document in the same canonical form as stored ones (missing → null, instants ISO). */
function canonicalBase(collection: SyncedCollection, base: Record<string, unknown>): PlainDoc {
  const out: PlainDoc = {};
  for (const c of TABLES[collection].columns) {
    const v = base[c.name];
    out[c.name] = v === undefined ? null : c.kind === 'instant' && typeof v === 'string' ? (canonicalInstant(v) ?? v) : v;
  }
  out._deleted = base._deleted === true;
  return out;
}

/** The immutable fields always come from the stored document. */
function keepImmutable(doc: PlainDoc, stored: Doc): PlainDoc {
  const kept: PlainDoc = { ...doc, id: stored.id, created_at: stored.created_at, created_by: stored.created_by, updated_at: stored.updated_at };
  // The server's order of an event (work_order_events) is the server's, whatever a device holds.
  if ('server_seq' in stored) kept.server_seq = stored.server_seq;
  return kept;
}

function refusalFromDbError(err: unknown): Refusal | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (typeof e?.code !== 'string') return null;
  if (e.code === '23505') {
    const byName = Object.entries(UNIQUE_INDEXES).find(
      ([name]) => e.constraint === name || (e.message ?? '').includes(name),
    );
    return new Refusal(byName ? byName[1] : 'invalid_document');
  }
  if (e.code === '23503') return new Refusal('missing_reference');
  // Data exceptions and other integrity violations: the document cannot be stored as sent.
  if (e.code.startsWith('22') || e.code.startsWith('23')) return new Refusal('invalid_document');
  return null;
}

/** The server stored another created_at than the pushed copy's (it moves a future one back to now). */
function createdAtMoved(pushed: PlainDoc, stored: Doc): boolean {
  return Date.parse(String(pushed.created_at)) !== Date.parse(String(stored.created_at));
}

/** The pushed copy differs from the stored document in what the server stamps at creation. */
function lacksServerStamps(pushed: PlainDoc, stored: Doc): boolean {
  return (pushed.created_by ?? null) !== (stored.created_by ?? null) || createdAtMoved(pushed, stored);
}

/** The opening instant of the OSes a batch of work_order_events names (work-order-rules.ts); empty otherwise. */
type Openings = ReadonlyMap<string, string>;
const NO_OPENINGS: Openings = new Map();

/**
 * A document the server has never stored: created_by is the writer, created_at never in the
 * future — and an OS's history entry never before the OS was opened (issue 40 §4).
 */
function newDocument(doc: PlainDoc, writer: Writer, openings: Openings = NO_OPENINGS): PlainDoc {
  const now = new Date().toISOString();
  let createdAt = typeof doc.created_at === 'string' && doc.created_at < now ? doc.created_at : now;
  if (openings.size > 0) createdAt = eventTimeFloor(createdAt, doc.work_order_id, openings);
  return { ...doc, created_at: createdAt, created_by: writer.userId };
}

async function applyRow(tx: Queryable, collection: SyncedCollection, row: PushRow, doc: PlainDoc, writer: Writer, openings: Openings): Promise<RowResult> {
  const def = TABLES[collection];
  const stored = await readStored(tx, def, doc.id as string);
  if (!stored) {
    // A photo is created by the upload of its bytes (photos/routes.ts), never by a push.
    if (collection === 'work_order_photos') throw new Refusal('photo_upload_only');
    if (collection === 'work_orders') await checkWarranty(tx, doc, null, writer);
    const created = newDocument(collection === 'nfse' ? nfseCreated(doc, writer) : doc, writer, openings);
    const written = await writeDoc(tx, def, created, writer);
    // A device clock ahead: the server moved created_at back to now. Answer the stored document
    // so the device adopts it at once — its pull may already have passed this version while the
    // push was on its way, and nothing would bring it back (found by npm run soak).
    return created.created_at !== doc.created_at ? { kind: 'conflict', master: written } : { kind: 'written' };
  }
  let candidate = keepImmutable(doc, stored.doc);
  if (collection === 'work_order_photos') candidate = photoChange(candidate, stored.doc, writer);
  if (collection === 'nfse') candidate = keepImmutable(nfseChange(candidate, stored.doc, writer), stored.doc);
  if (sameContent(candidate, stored.doc)) {
    // A retry, or a client that pushes its own first version again after its pull brought the
    // stored one (RxDB then believes the stored one is its master). If the client's copy still
    // lacks the server's stamps, answer the stored document so it adopts them: otherwise it
    // would keep created_by/created_at of its own forever, the server having nothing to send.
    // Also with no assumed master: a create sent again after its answer was lost — its pull may
    // already have passed the stored version while the push was pending (found by npm run soak:
    // a device whose clock is ahead kept its own created_at when that answer was lost).
    // (Devices stamp their own created_by, so with no assumed master only a moved created_at counts.)
    const stale = row.assumedMasterState ? lacksServerStamps(doc, stored.doc) : createdAtMoved(doc, stored.doc);
    return stale ? { kind: 'conflict', master: stored.doc } : { kind: 'noop' };
  }
  if (isInsertOnly(collection)) throw new Refusal(collection === 'work_order_events' ? 'history_insert_only' : 'insert_only');
  if (collection === 'work_order_photos' && candidate._deleted === true && stored.doc._deleted !== true) {
    await dropPhotoBytes(tx, stored.doc.id);
  }
  if (collection === 'nfse' && candidate._deleted === true && stored.doc._deleted !== true) {
    await releaseNfseNumber(tx, stored.doc);
  }
  if (collection === 'catalog_items' && candidate._deleted === true && stored.doc._deleted !== true) {
    await refuseCatalogDeletionInUse(tx, stored.doc);
  }
  if (collection === 'work_orders') checkWorkOrderDeletion(candidate, stored.doc, writer);

  // No assumed master on a stored document: the device never learnt the server has it — its
  // create's answer was lost, or it kept unsynced writes through a full resync. What it pushes
  // descends from the version the document was created with, so that is the merge base.
  const base = row.assumedMasterState
    ? canonicalBase(collection, row.assumedMasterState)
    : canonicalBase(collection, await firstVersion(tx, def, stored.doc));
  if (collection === 'work_orders') await checkWarranty(tx, candidate, base, writer);
  await keepFirstVersion(tx, def, stored.doc);
  if (sameContent(base, stored.doc)) {
    const written = await writeDoc(tx, def, candidate, writer);
    // An edit from a copy that never learnt the server's stamps (its create's answer was lost
    // or overtaken by a local edit): answered, or the device would keep its own created_at /
    // created_by for good — the server would have nothing more to send it (found by npm run soak).
    return lacksServerStamps(doc, stored.doc) ? { kind: 'conflict', master: written } : { kind: 'written' };
  }
  return { kind: 'conflict', master: await mergeAndWrite(tx, collection, stored, base, candidate, writer) };
}

async function mergeAndWrite(
  tx: Queryable,
  collection: SyncedCollection,
  stored: StoredDoc,
  base: PlainDoc,
  incoming: PlainDoc,
  writer: Writer,
): Promise<Doc> {
  const def = TABLES[collection];
  const fields = def.columns.map((c) => c.name);
  const merged = mergeDocuments(collection, fields, base, stored.doc, incoming, { now: Date.now() });
  const mergedDoc = keepImmutable(merged.doc, stored.doc);
  await logConflicts(tx, collection, stored.doc.id, merged.conflicts, {
    server: { userId: stored.writtenBy, sessionId: stored.writtenSession },
    incoming: writer,
  });
  if (sameContent(mergedDoc, stored.doc)) return stored.doc;
  return writeDoc(tx, def, mergedDoc, writer);
}

/** Longest text kept in the tombstone of a refused document. */
const TOMBSTONE_TEXT_MAX = 200;

/**
 * The tombstone answered for a refused row the server has never stored: the device deletes its
 * copy (the refused version is kept aside by its sync engine). It carries the id and the
 * collection's own short plain fields (what a local index may read), never the refused content
 * itself — no lists, objects, long texts or unknown fields (issue 30: echoing a document nested
 * 100,000 deep back made the answer fail to serialise).
 */
function tombstoneOf(collection: CollectionName, input: Record<string, unknown>): Doc {
  const out: Record<string, unknown> = { id: input.id };
  for (const field of Object.keys(collectionSchemas[collection].properties)) {
    const v = input[field];
    const plain = v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= TOMBSTONE_TEXT_MAX);
    if (plain && field !== 'id') out[field] = v;
  }
  return { ...out, _deleted: true } as Doc;
}

/** Refuses a row: logs it and answers the server's document (or a tombstone of the pushed one). */
async function refuse(
  db: Queryable,
  collection: CollectionName,
  row: PushRow,
  refusal: Refusal,
  writer: Writer,
  currentMaster: () => Promise<Doc | null>,
  out: PushOutcome,
): Promise<void> {
  const rejection: PushRejection = {
    id: row.newDocumentState.id,
    error: refusal.code,
    message: refusal.detail ?? ERROR_MESSAGES[refusal.code],
    ...(refusal.fields && refusal.fields.length > 0 ? { fields: refusal.fields } : {}),
  };
  await recordRejection(db, collection, row.newDocumentState.id, row.newDocumentState, rejection, writer, out.record);
  out.rejections.push(rejection);
  out.masters.push((await currentMaster()) ?? tombstoneOf(collection, row.newDocumentState));
}

/**
 * Retries a row whose transaction PostgreSQL aborted to break a deadlock or a serialization
 * failure (e.g. a server-side write holding the row lock while waiting for the writer lock).
 */
async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: string })?.code;
      if (i >= attempts || (code !== '40P01' && code !== '40001')) throw err;
      await new Promise((r) => setTimeout(r, 20 * i));
    }
  }
}

export async function pushRows(db: Database, collection: SyncedCollection, rows: PushRow[], writer: Writer): Promise<PushOutcome> {
  // One transaction per batch (one commit instead of one per row). The writer lock is taken
  // first, so sequence numbers become visible in order and the batch reads a stable state.
  // Documents the server has never seen are inserted together in one statement (a first sync
  // pushes thousands); if that statement fails (a unique rule, say) they go one by one like the
  // rest: each row in its own savepoint, so a refused row never affects the others. The whole
  // batch is retried if PostgreSQL aborts it to break a deadlock — safe, applying a row twice
  // is a no-op.
  // First try lean: a write that is the first thing the transaction does runs without a
  // savepoint of its own; should it be refused, the transaction (now aborted) is simply run
  // again with savepoints (two statements fewer on the path of every live create and edit —
  // bench:sync, issue 20).
  let lean = true;
  return withRetry(async () => {
    try {
      return await pushTransaction(db, collection, rows, writer, lean);
    } catch (err) {
      if (!(err instanceof RerunWithSavepoints)) throw err;
      lean = false;
      return pushTransaction(db, collection, rows, writer, false);
    }
  });
}

/** A write run without a savepoint was refused: the transaction is aborted, run it again with them. */
class RerunWithSavepoints extends Error {}

function pushTransaction(db: Database, collection: SyncedCollection, rows: PushRow[], writer: Writer, lean: boolean): Promise<PushOutcome> {
  const def = TABLES[collection];
  return db.transaction(async (tx) => {
    await lockWrites(tx);
    const out: PushOutcome = { masters: [], rejections: [], record: new PushRecord() };
    // Answers keep the order of the rows they belong to, whichever path handled them.
    const rowOf = new Map<unknown, number>();
    const tagNew = (i: number, from: { masters: number; rejections: number }) => {
      out.masters.slice(from.masters).forEach((m) => rowOf.set(m, i));
      out.rejections.slice(from.rejections).forEach((r) => rowOf.set(r, i));
    };
    const mark = () => ({ masters: out.masters.length, rejections: out.rejections.length });
    const valid: { row: PushRow; doc: PlainDoc; index: number }[] = [];
    for (const [index, row] of rows.entries()) {
      // An id that cannot be stored cannot be looked up either (PostgreSQL refuses NUL).
      const idOk = isAcceptableText(row.newDocumentState.id);
      const current = async () => (idOk ? ((await readStored(tx, def, row.newDocumentState.id))?.doc ?? null) : null);
      const v = validateDocument(collection, row.newDocumentState);
      if (!v.ok) {
        const from = mark();
        await refuse(tx, collection, row, new Refusal(v.code ?? 'invalid_document', v.fields, v.detail), writer, current, out);
        tagNew(index, from);
        continue;
      }
      valid.push({ row, doc: { ...v.doc, _deleted: v.deleted }, index });
    }

    const stored = await existingIds(tx, def, valid.map((v) => v.doc.id as string));
    const openings = collection === 'work_order_events' ? await workOrderOpenings(tx, valid.map((v) => String(v.doc.work_order_id))) : NO_OPENINGS;
    const fresh: typeof valid = [];
    const seen = new Set<string>();
    for (const v of valid) {
      const id = v.doc.id as string;
      // (New documents whose created_at the server moves go one by one: they are answered. So
      // does a new OS with a Garantia from staff: its rule reads the company's days.)
      const ruled = collection === 'work_orders' && writer.role !== 'owner' && v.doc.warranty_until != null;
      if (!stored.has(id) && !seen.has(id) && !ruled && newDocument(v.doc, writer, openings).created_at === v.doc.created_at) fresh.push(v);
      seen.add(id);
    }
    let done = new Set<(typeof valid)[number]>();
    if (fresh.length > 0 && BULK_INSERT_ALLOWED.has(collection)) {
      // Refusals of invalid rows are written before it: those are kept with a savepoint.
      const savepoint = !lean || out.rejections.length > 0;
      if (savepoint) await tx.query('SAVEPOINT push_bulk');
      try {
        await insertMany(tx, def, fresh.map((v) => newDocument(v.doc, writer, openings)), writer);
        if (savepoint) await tx.query('RELEASE SAVEPOINT push_bulk');
        done = new Set(fresh);
      } catch (err) {
        if (!refusalFromDbError(err)) throw err;
        // Some row breaks a rule: find it the slow way, row by row.
        if (!savepoint) throw new RerunWithSavepoints();
        await tx.query('ROLLBACK TO SAVEPOINT push_bulk');
        await tx.query('RELEASE SAVEPOINT push_bulk');
      }
    }

    const rest = valid.filter((v) => !done.has(v));
    // A lone row in a transaction that has written nothing else (a live edit) needs no
    // savepoint either: should it be refused, the transaction reruns with savepoints.
    const savepoints = !lean || rest.length > 1 || done.size > 0 || out.rejections.length > 0;
    for (const v of rest) {
      const { row, doc } = v;
      const current = async () => (await readStored(tx, def, row.newDocumentState.id))?.doc ?? null;
      const from = mark();
      if (savepoints) await tx.query('SAVEPOINT push_row');
      try {
        const result = await applyRow(tx, collection, row, doc, writer, openings);
        if (savepoints) await tx.query('RELEASE SAVEPOINT push_row');
        if (result.kind === 'conflict') out.masters.push(result.master);
      } catch (err) {
        const refusal = err instanceof Refusal ? err : refusalFromDbError(err);
        if (!refusal) throw err;
        if (!savepoints) throw new RerunWithSavepoints();
        await tx.query('ROLLBACK TO SAVEPOINT push_row');
        await tx.query('RELEASE SAVEPOINT push_row');
        await refuse(tx, collection, row, refusal, writer, current, out);
      }
      tagNew(v.index, from);
    }
    const byRow = <T>(xs: T[]) => xs.map((x, k) => ({ x, k })).sort((a, b) => (rowOf.get(a.x) ?? 0) - (rowOf.get(b.x) ?? 0) || a.k - b.k).map((e) => e.x);
    return { masters: byRow(out.masters), rejections: byRow(out.rejections), record: out.record };
  });
}

/** Collections whose new documents may be inserted together (no per-row rule beyond the schema and unique indexes). */
const BULK_INSERT_ALLOWED: ReadonlySet<SyncedCollection> = new Set(['customers', 'quotations', 'transactions', 'stock_items', 'stock_movements', 'catalog_items', 'work_orders', 'work_order_events']);

/**
 * Refuses every row with one reason (a read-only collection, or a collection the writer's role
 * may not change): each is logged and answered with the server's document, so the device's copy
 * goes back to what everyone else sees and the queue moves on.
 */
export async function refuseAll(
  db: Database,
  collection: CollectionName,
  rows: PushRow[],
  writer: Writer,
  code: ErrorCode,
  currentOf: (id: string) => Promise<Doc | null>,
): Promise<PushOutcome> {
  const out: PushOutcome = { masters: [], rejections: [], record: new PushRecord() };
  for (const row of rows) {
    const id = row.newDocumentState.id;
    const current = async () => (isAcceptableText(id) ? currentOf(id) : null);
    await refuse(db, collection, row, new Refusal(code), writer, current, out);
  }
  return out;
}

/** The stored document of a synced collection, as pull would send it. */
export async function storedDocument(db: Queryable, collection: SyncedCollection, id: string): Promise<Doc | null> {
  const def = TABLES[collection];
  const { rows } = await db.query(`SELECT ${selectList(def)} FROM ${def.table} WHERE id = $1`, [id]);
  return rows[0] ? rowToDoc(def, rows[0]) : null;
}
