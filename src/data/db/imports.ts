/**
 * Importar planilha (issue 32 §3): writes an import plan (src/domain/import/plan.ts) through the
 * local database in batches — offline too; replication sends them like any change — and keeps a
 * log of recent imports so 'Desfazer importação' can take one back while none of its records was
 * edited since.
 *
 * The log is one RxDB local document (`forja-imports`, in the user's database: shared by the
 * tabs, wiped with the data, never replicated), holding the last IMPORT_LOG_SIZE imports with,
 * for each record written, its collection, id and the `client_updated_at` it was written with —
 * a record whose stamp moved was edited (here or on another device) after the import.
 * Each batch is logged as soon as it is stored, so a cancelled (or interrupted) import lists
 * exactly the whole batches it left.
 */
import { filter, firstValueFrom, map, switchMap, from, shareReplay, type Observable } from 'rxjs';
import { catalogNameKey, phoneKey, type CollectionName } from '@shared';
import { fromCents } from '../../domain/money';
import {
  isNewRef,
  rowsToWrite,
  type ExistingCatalogEntry,
  type ExistingCustomer,
  type ExistingStockItem,
  type ImportPlan,
  type NewCatalogEntry,
} from '../../domain/import/plan';
import type { ImportKind } from '../../domain/import/headers';
import type { ForjaDatabase } from './create-database';
import { whileImporting, yieldToPage } from './bulk-writes';
import { currentCustomers } from './customers';
import { DataError } from './errors';
import { useLiveQuery } from './live-query';
import { requireDatabase } from './session';
import { STOCK_DATA_MESSAGES } from './stock';
import { pendingKey } from './sync-state';
import { createdAtFor } from './transactions';
import type { ForjaRxDatabase } from './types';
import { insertDocuments, newId, patchDocument, removeDocument, removeDocuments } from './writes';

/** A customer an import creates has every fiscal field (issue 38), null when the sheet has none. */
const NO_FISCAL = {
  tax_id: null,
  address_cep: null,
  address_street: null,
  address_number: null,
  address_complement: null,
  address_district: null,
  address_city_code: null,
};

export const IMPORT_LOG_ID = 'forja-imports';
/** Imports kept in the log (older ones can no longer be undone). */
export const IMPORT_LOG_SIZE = 10;
/**
 * Records per stored batch. Each batch costs more than its documents (the log rewritten, the
 * pending marks, the progress painted, RxDB's event handling and replication bookkeeping):
 * 5,000 customers at 4× CPU wrote in 6.8–7.0 s in batches of 500, 5.0–5.6 s of 1,500, 4.2–4.6 s
 * of 2,500 — the longest task unchanged (~550 ms) — and 5.3–5.8 s in one batch of 5,000, whose
 * task grew to ~930 ms (bench:ui import, 28 Nov 2026).
 */
export const IMPORT_BATCH_SIZE = 2500;

export const IMPORT_DATA_MESSAGES = {
  notFound: 'Importação não encontrada.',
  alreadyUndone: 'Esta importação já foi desfeita.',
  edited: (n: number) =>
    `Não é possível desfazer: ${n === 1 ? '1 registro desta importação foi alterado' : `${n} registros desta importação foram alterados`} depois dela.`,
  openingReason: `${STOCK_DATA_MESSAGES.openingReason} (importação)`,
  undoReason: 'Importação desfeita',
} as const;

export type ImportStatus = 'running' | 'done' | 'cancelled' | 'undone';

/** One record an import wrote: its stamp tells whether it was edited since. */
export interface ImportedRef {
  c: CollectionName;
  id: string;
  at: string;
}

export interface ImportRecord {
  id: string;
  kind: ImportKind;
  file: string;
  at: string;
  status: ImportStatus;
  /** Rows the plan had to write. */
  total: number;
  /** New records of the import's kind (customers, stock items or transactions) stored. */
  created: number;
  /** Existing customers whose empty fields were filled. */
  updated: number;
  /** Rows left out (the plan's and the ones found duplicate at write time). */
  skipped: number;
  docs: ImportedRef[];
  fills: { id: string; at: string; fields: string[] }[];
  /** Stock: each opening movement with its item. */
  movements: { id: string; item: string; delta: number }[];
  /**
   * Undone: the catalogue entries it created still to remove — once the server has the items'
   * removals (it refuses an entry a live item uses, catalog-in-use.ts), then the categories.
   */
  catalogLeft?: string[];
}

/** What Desfazer importação did (the toast says it). */
export interface UndoSummary {
  kind: ImportKind;
  /** Records of the import's kind removed (customers, stock items or transactions). */
  removed: number;
  /** Customers whose filled fields were emptied again. */
  emptied: number;
  /** Catalogue entries it created, removed once the server has the items' removals. */
  catalog: number;
}

type ImportLog = { imports: ImportRecord[] };

const logs = new WeakMap<ForjaRxDatabase, Observable<ImportRecord[]>>();
function importLog$(db: ForjaRxDatabase): Observable<ImportRecord[]> {
  let obs = logs.get(db);
  if (!obs) {
    // The document's own `$` (not db.getLocal$, which works on every change of every collection).
    obs = from(db.getLocal<ImportLog>(IMPORT_LOG_ID).then((d) => d ?? db.upsertLocal<ImportLog>(IMPORT_LOG_ID, { imports: [] }))).pipe(
      switchMap((doc) => doc.$),
      map((doc) => ((doc.toJSON().data as ImportLog | undefined)?.imports ?? []).slice()),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    logs.set(db, obs);
  }
  return obs;
}

/** Recent imports, newest first, live (the import dialog and the sync centre). */
export function useRecentImports(): { imports: ImportRecord[]; loading: boolean } {
  const { data, loading } = useLiveQuery((db) => importLog$(db), []);
  return { imports: data ?? [], loading };
}

/** One write at a time to the log (batches, undo and other imports append to the same document). */
let logQueue: Promise<unknown> = Promise.resolve();
function updateLog(fdb: ForjaDatabase, fn: (imports: ImportRecord[]) => ImportRecord[]): Promise<void> {
  const run = async () => {
    const doc = await fdb.db.getLocal<ImportLog>(IMPORT_LOG_ID);
    if (!doc) {
      await fdb.db.upsertLocal<ImportLog>(IMPORT_LOG_ID, { imports: fn([]) });
      return;
    }
    await doc.incrementalModify((data) => ({ imports: fn([...(data?.imports ?? [])]) }));
  };
  const p = logQueue.then(run, run);
  logQueue = p.catch(() => undefined);
  return p;
}

const updateRecord = (fdb: ForjaDatabase, id: string, fn: (r: ImportRecord) => ImportRecord) =>
  updateLog(fdb, (all) => all.map((r) => (r.id === id ? fn(r) : r)));

async function readLog(fdb: ForjaDatabase): Promise<ImportRecord[]> {
  const doc = await fdb.db.getLocal<ImportLog>(IMPORT_LOG_ID);
  return (doc?.toJSON().data as ImportLog | undefined)?.imports ?? [];
}

export interface ImportContext {
  customers: readonly ExistingCustomer[];
  catalog: ExistingCatalogEntry[];
  items: ExistingStockItem[];
}

export interface ImportProgress {
  done: number;
  total: number;
}

export interface RunImportOptions {
  file: string;
  signal?: AbortSignal;
  onProgress?: (p: ImportProgress) => void;
  batchSize?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export type ImportSummary = Pick<ImportRecord, 'id' | 'kind' | 'status' | 'created' | 'updated' | 'skipped' | 'total'> & {
  /** Catalogue entries created (stock). */
  catalog: number;
};

const chunks = <T>(xs: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
};
const stamp = (c: CollectionName, d: { id: string; client_updated_at: string }): ImportedRef => ({ c, id: d.id, at: d.client_updated_at });

export function createImportCommands(getDb: () => Promise<ForjaDatabase>) {
  return {
    /**
     * Writes the plan's records in batches. Cancelling (the signal) stops before the next batch:
     * the batches already stored stay, listed in the log and undoable.
     */
    run(plan: ImportPlan, options: RunImportOptions): Promise<ImportSummary> {
      // The lists behind the dialog wait for the end instead of re-reading per batch (bulk-writes.ts).
      return whileImporting(async () => {
        const fdb = await getDb();
        const size = options.batchSize ?? IMPORT_BATCH_SIZE;
        const now = options.now ?? (() => new Date());
        const record: ImportRecord = {
          id: newId(),
          kind: plan.kind,
          file: options.file,
          at: now().toISOString(),
          status: 'running',
          total: rowsToWrite(plan),
          created: 0,
          updated: 0,
          skipped: plan.skipped,
          docs: [],
          fills: [],
          movements: [],
        };
        await updateLog(fdb, (all) => [record, ...all].slice(0, IMPORT_LOG_SIZE));
        let done = 0;
        let catalog = 0;
        const progress = () => options.onProgress?.({ done, total: record.total });
        const cancelled = () => options.signal?.aborted === true;
        const log = (patch: Partial<ImportRecord> & { addDocs?: ImportedRef[]; addFills?: ImportRecord['fills']; addMovements?: ImportRecord['movements'] }) => {
          const { addDocs = [], addFills = [], addMovements = [], ...rest } = patch;
          return updateRecord(fdb, record.id, (r) => ({
            ...r,
            ...rest,
            created: r.created + (rest.created ?? 0),
            updated: r.updated + (rest.updated ?? 0),
            skipped: r.skipped + (rest.skipped ?? 0),
            docs: addDocs.length ? [...r.docs, ...addDocs] : r.docs,
            fills: addFills.length ? [...r.fills, ...addFills] : r.fills,
            movements: addMovements.length ? [...r.movements, ...addMovements] : r.movements,
          }));
        };
        progress();
        let status: ImportStatus = 'done';
        try {
          if (plan.kind === 'customers') {
            // Phones taken since the preview (another device, another tab) are skipped, not doubled.
            const taken = new Set((await fdb.db.customers.find().exec()).map((c) => phoneKey(c.phone)));
            for (const batch of chunks(plan.creates, size)) {
              if (cancelled()) break;
              const fresh = batch.filter((r) => !taken.has(phoneKey(r.phone)));
              for (const r of fresh) taken.add(phoneKey(r.phone));
              const docs = await insertDocuments(
                fdb,
                'customers',
                fresh.map(({ line: _line, ...r }) => ({ data: { ...NO_FISCAL, ...r } })),
              );
              await log({ created: docs.length, skipped: batch.length - fresh.length, addDocs: docs.map((d) => stamp('customers', d)) });
              done += batch.length;
              progress();
              await yieldToPage();
            }
            for (const batch of chunks(plan.fills, size)) {
              if (cancelled()) break;
              const fills: ImportRecord['fills'] = [];
              for (const f of batch) {
                const current = await fdb.db.customers.findOne(f.id).exec();
                // Only fields still empty: another edit since the preview wins.
                const patch = Object.fromEntries(Object.entries(f.patch).filter(([k]) => !String((current?.get(k) as string | null) ?? '').trim()));
                if (!current || Object.keys(patch).length === 0) continue;
                const updated = await patchDocument(fdb, 'customers', f.id, patch);
                if (updated) fills.push({ id: f.id, at: updated.client_updated_at, fields: Object.keys(patch) });
              }
              await log({ updated: fills.length, skipped: batch.length - fills.length, addFills: fills });
              done += batch.length;
              progress();
              await yieldToPage();
            }
          } else if (plan.kind === 'stock') {
            const ids = await createCatalogEntries(fdb, plan.newCatalog, async (docs) => {
              catalog += docs.length;
              await log({ addDocs: docs.map((d) => stamp('catalog_items', d)) });
            });
            const id = (ref: string) => (isNewRef(ref) ? ids.get(ref)! : ref);
            for (const batch of chunks(plan.creates, size)) {
              if (cancelled()) break;
              const items = batch.map((r) => ({
                data: {
                  id: newId(),
                  category_id: id(r.category),
                  type_id: id(r.type),
                  material_id: id(r.material),
                  thickness_id: id(r.thickness),
                  dimension_id: id(r.dimension),
                  minimum_quantity: r.minimum_quantity,
                  description: r.description,
                },
              }));
              const stored = await insertDocuments(fdb, 'stock_items', items);
              const openings = batch
                .map((r, i) => ({ r, item: stored[i] }))
                .filter(({ r }) => r.quantity !== 0)
                .map(({ r, item }) => ({ data: { id: newId(), stock_item_id: item.id, delta: r.quantity, reason: IMPORT_DATA_MESSAGES.openingReason } }));
              const moves = await insertDocuments(fdb, 'stock_movements', openings);
              await log({
                created: stored.length,
                addDocs: stored.map((d) => stamp('stock_items', d)),
                addMovements: moves.map((m) => ({ id: m.id, item: m.stock_item_id, delta: m.delta })),
              });
              done += batch.length;
              progress();
              await yieldToPage();
            }
          } else {
            for (const batch of chunks(plan.creates, size)) {
              if (cancelled()) break;
              const at = now();
              const docs = await insertDocuments(
                fdb,
                'transactions',
                batch.map((r) => ({
                  data: {
                    type: r.type,
                    customer_id: r.customer_id,
                    name: r.name,
                    category: r.category,
                    description: r.description,
                    amount: fromCents(r.amountCents),
                    payment_method: r.payment_method,
                    payment_status: r.payment_status,
                    due_date: r.due_date,
                    quotation_id: null,
                  },
                  createdAt: createdAtFor(r.date, at),
                })),
              );
              await log({ created: docs.length, addDocs: docs.map((d) => stamp('transactions', d)) });
              done += batch.length;
              progress();
              await yieldToPage();
            }
          }
          if (cancelled()) status = 'cancelled';
        } catch (e) {
          await log({ status: 'cancelled' });
          throw e;
        }
        await log({ status });
        const final = (await readLog(fdb)).find((r) => r.id === record.id) ?? record;
        return { id: record.id, kind: record.kind, status, created: final.created, updated: final.updated, skipped: final.skipped, total: record.total, catalog };
      });
    },

    /**
     * Removes what the import wrote (stock: opposite movements first, the ledger being
     * insert-only) and empties the fields it filled. Refused (DataError 'edited') while any of
     * its records was edited since — an item moved counts as edited.
     */
    async undo(importId: string, onProgress?: (p: ImportProgress) => void): Promise<UndoSummary> {
      const fdb = await getDb();
      const record = (await readLog(fdb)).find((r) => r.id === importId);
      if (!record) throw new DataError('not_found', IMPORT_DATA_MESSAGES.notFound);
      if (record.status === 'undone') throw new DataError('undone', IMPORT_DATA_MESSAGES.alreadyUndone);
      const edited = await countEdited(fdb, record);
      if (edited > 0) throw new DataError('edited', IMPORT_DATA_MESSAGES.edited(edited));
      const total = record.docs.length + record.fills.length;
      let done = 0;
      const progress = () => onProgress?.({ done, total });
      progress();
      const items = new Set(record.docs.filter((d) => d.c === 'stock_items').map((d) => d.id));
      const live = await fdb.db.stock_items.findByIds([...items]).exec();
      const opposite = record.movements
        .filter((m) => live.has(m.item))
        .map((m) => ({ data: { stock_item_id: m.item, delta: -m.delta, reason: IMPORT_DATA_MESSAGES.undoReason } }));
      for (const batch of chunks(opposite, IMPORT_BATCH_SIZE)) await insertDocuments(fdb, 'stock_movements', batch);
      // Catalogue entries last (after the items that use them), types before their categories.
      const order: CollectionName[] = ['customers', 'transactions', 'stock_items', 'catalog_items'];
      const docs = [...record.docs].sort((a, b) => order.indexOf(a.c) - order.indexOf(b.c));
      const catalogDocs = docs.filter((d) => d.c === 'catalog_items').reverse();
      for (const batch of chunks(docs.filter((d) => d.c !== 'catalog_items'), IMPORT_BATCH_SIZE)) {
        for (const c of new Set(batch.map((d) => d.c))) {
          await removeDocuments(fdb, c as 'customers', batch.filter((d) => d.c === c).map((d) => d.id));
        }
        done += batch.length;
        progress();
      }
      for (const f of record.fills) {
        await patchDocument(fdb, 'customers', f.id, Object.fromEntries(f.fields.map((k) => [k, null])));
        done++;
      }
      done += catalogDocs.length;
      progress();
      // The entries go after the items' removals reach the server (each collection replicates
      // on its own: sent first, an entry's removal was refused as in use and the entry stayed).
      const catalogLeft = catalogDocs.map((d) => d.id);
      await updateRecord(fdb, importId, (r) => ({ ...r, status: 'undone', catalogLeft }));
      if (catalogLeft.length > 0) void removeCatalogLeft(fdb, importId).catch(() => undefined);
      const kindCollection = { customers: 'customers', stock: 'stock_items', transactions: 'transactions' }[record.kind];
      return { kind: record.kind, removed: record.docs.filter((d) => d.c === kindCollection).length, emptied: record.fills.length, catalog: catalogLeft.length };
    },

    /** Removes the catalogue entries undone imports left to remove (at every open: the app may have closed meanwhile). */
    async resumeUndos(): Promise<void> {
      const fdb = await getDb();
      for (const r of await readLog(fdb)) if (r.catalogLeft?.length) void removeCatalogLeft(fdb, r.id).catch(() => undefined);
    },

    /** What a plan is checked against, read once when a file is opened (not live). */
    async context(kind: ImportKind): Promise<ImportContext> {
      const fdb = await getDb();
      const plain = <T>(docs: { toJSON(): unknown }[]) => docs.map((d) => d.toJSON() as T);
      if (kind === 'stock') {
        return {
          customers: [],
          catalog: plain<ExistingCatalogEntry>(await fdb.db.catalog_items.find().exec()),
          items: plain<ExistingStockItem>(await fdb.db.stock_items.find().exec()),
        };
      }
      return { customers: await currentCustomers(fdb.db), catalog: [], items: [] };
    },

    /** How many of the import's records were edited since (0: it can be undone). */
    async editedCount(importId: string): Promise<number> {
      const fdb = await getDb();
      const record = (await readLog(fdb)).find((r) => r.id === importId);
      return record ? countEdited(fdb, record) : 0;
    },
  };
}

/** Creates the plan's new catalogue entries (a type's category first), reusing any that exists by now. */
async function createCatalogEntries(
  fdb: ForjaDatabase,
  entries: readonly NewCatalogEntry[],
  logged: (docs: { id: string; client_updated_at: string }[]) => Promise<void>,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (entries.length === 0) return ids;
  const existing = (await fdb.db.catalog_items.find().exec()).map((d) => d.toJSON());
  const keyOf = (e: { kind: string; name: string; value?: number | null }) =>
    `${e.kind}|${e.kind === 'thickness' && typeof e.value === 'number' ? `v${e.value}` : catalogNameKey(e.name)}`;
  const byKey = new Map(existing.map((e) => [keyOf(e), e.id]));
  for (const kinds of [['category', 'material', 'thickness', 'dimension'], ['type']]) {
    const toCreate = entries.filter((e) => kinds.includes(e.kind));
    const fresh = toCreate.filter((e) => {
      const found = byKey.get(keyOf(e));
      if (found) ids.set(e.ref, found);
      return !found;
    });
    const docs = await insertDocuments(
      fdb,
      'catalog_items',
      fresh.map((e) => ({
        data: {
          id: newId(),
          kind: e.kind,
          name: e.name,
          value: e.value,
          unit: e.unit,
          parent_id: e.parent ? (isNewRef(e.parent) ? (ids.get(e.parent) ?? null) : e.parent) : null,
        },
      })),
    );
    fresh.forEach((e, i) => ids.set(e.ref, docs[i].id));
    if (docs.length) await logged(docs);
  }
  return ids;
}

/** Resolves once none of `ids` waits on this device to be sent (the server has them). */
function whenSent(fdb: ForjaDatabase, collection: CollectionName, ids: readonly string[]): Promise<void> {
  const sent = (pending: Record<string, string>) => !ids.some((id) => pendingKey(collection, id) in pending);
  return firstValueFrom(fdb.sync.store.state$.pipe(filter((s) => sent(s.pending)))).then(() => undefined);
}

const removing = new Set<string>();
/**
 * The entries an undone import created, removed in an order the server accepts: after its items'
 * removals are on the server, types and the other kinds first, categories once those are too
 * (a category with a live type is refused as well). An entry something uses meanwhile stays.
 */
async function removeCatalogLeft(fdb: ForjaDatabase, importId: string): Promise<void> {
  if (removing.has(importId)) return;
  removing.add(importId);
  try {
    const record = (await readLog(fdb)).find((r) => r.id === importId);
    const left = record?.catalogLeft ?? [];
    if (!record || left.length === 0) return;
    await whenSent(fdb, 'stock_items', record.docs.filter((d) => d.c === 'stock_items').map((d) => d.id));
    const entries = [...(await fdb.db.catalog_items.findByIds(left).exec()).values()];
    const categories = entries.filter((e) => e.kind === 'category').map((e) => e.id);
    for (const wave of [entries.filter((e) => e.kind !== 'category').map((e) => e.id), categories]) {
      const removed: string[] = [];
      for (const id of wave) {
        if (!(await catalogEntryUnused(fdb, id))) continue;
        await removeDocument(fdb, 'catalog_items', id);
        removed.push(id);
      }
      await whenSent(fdb, 'catalog_items', removed);
    }
    await updateRecord(fdb, importId, (r) => ({ ...r, catalogLeft: [] }));
  } finally {
    removing.delete(importId);
  }
}

async function catalogEntryUnused(fdb: ForjaDatabase, id: string): Promise<boolean> {
  const entry = await fdb.db.catalog_items.findOne(id).exec();
  if (!entry) return false;
  const field = { category: 'category_id', type: 'type_id', material: 'material_id', thickness: 'thickness_id', dimension: 'dimension_id' }[entry.kind];
  const items = await fdb.db.stock_items.find({ selector: { [field]: id } }).exec();
  if (items.length > 0) return false;
  if (entry.kind === 'category') {
    const types = await fdb.db.catalog_items.find({ selector: { kind: 'type', parent_id: id } }).exec();
    if (types.length > 0) return false;
  }
  return true;
}

async function countEdited(fdb: ForjaDatabase, record: ImportRecord): Promise<number> {
  let edited = 0;
  const byCollection = new Map<CollectionName, ImportedRef[]>();
  for (const d of record.docs) byCollection.set(d.c, [...(byCollection.get(d.c) ?? []), d]);
  for (const [c, refs] of byCollection) {
    const col = fdb.db.collections[c] as unknown as { findByIds(ids: string[]): { exec(): Promise<Map<string, { client_updated_at: string }>> } };
    const found = await col.findByIds(refs.map((r) => r.id)).exec();
    for (const r of refs) {
      const d = found.get(r.id);
      if (d && d.client_updated_at !== r.at) edited++;
    }
  }
  if (record.fills.length) {
    const found = await fdb.db.customers.findByIds(record.fills.map((f) => f.id)).exec();
    for (const f of record.fills) {
      const d = found.get(f.id);
      if (d && d.client_updated_at !== f.at) edited++;
    }
  }
  // A stock item moved since (a movement other than its import opening) was edited.
  const items = record.docs.filter((d) => d.c === 'stock_items').map((d) => d.id);
  if (items.length) {
    const openings = new Set(record.movements.map((m) => m.id));
    const moved = new Set<string>();
    for (const batch of chunks(items, 500)) {
      const movements = await fdb.db.stock_movements.find({ selector: { stock_item_id: { $in: batch } } }).exec();
      for (const m of movements) if (!openings.has(m.id)) moved.add(m.stock_item_id);
    }
    edited += moved.size;
  }
  return edited;
}

export const importCommands = createImportCommands(requireDatabase);
