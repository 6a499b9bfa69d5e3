import { useMemo } from 'react';
import { filter, firstValueFrom, from, map, NEVER, of, shareReplay, startWith, switchMap, take, type Observable } from 'rxjs';
import {
  cepProblem,
  ERROR_MESSAGES,
  FISCAL_FIELD_MESSAGES,
  normalizeCep,
  normalizeTaxId,
  phoneKey,
  taxIdProblem,
  type CustomerDoc,
  type QuotationDoc,
  type TransactionDoc,
} from '@shared';
import { CUSTOMER_FISCAL_FIELDS, type CustomerFiscal } from '../../domain/customer-fiscal';
import {
  CUSTOMER_RULE_MESSAGES,
  countByCustomer,
  customerDeleteRefusal,
  emptyToNull,
  referencedCustomerLabel,
  type CustomerHistoryCounts,
} from '../../domain/customers';
import type { ForjaDatabase } from './create-database';
import { DataError } from './errors';
import { heldWhileImporting } from './bulk-writes';
import { toPlain, useDatabase, useLiveQuery, usePaintedAfter } from './live-query';
import { recallFirstPage, rememberFirstPage } from './first-page-memo';
import { requireDatabase } from './session';
import { useRefusedDocuments } from './sync-status';
import type { ForjaRxDatabase } from './types';
import { insertDocument, patchDocument, putDocument, removeDocument } from './writes';
import { comparePtBr, newestFirst } from '../../domain/order';
import { formatPhoneBR } from '../../domain/whatsapp';

export type NewCustomer = { name: string; phone: string; whatsapp?: string | null; description?: string | null } & Partial<CustomerFiscal>;
export type CustomerPatch = Partial<NewCustomer>;

export const CUSTOMER_MESSAGES = {
  nameRequired: CUSTOMER_RULE_MESSAGES.nameRequired,
  phoneRequired: CUSTOMER_RULE_MESSAGES.phoneRequired,
  duplicatePhone: ERROR_MESSAGES.duplicate_phone,
  notFound: 'Cliente não encontrado',
} as const;

/**
 * One live result per database, kept while the database is open and shared by every screen
 * that reads it: the customers list, its counts and the details dialog read whole collections
 * (thousands of documents); reading them again from IndexedDB each time the overlay opens took
 * over a second (bench:ui customers). `warmCustomerData` starts them when the admin area opens.
 */
const shared = new WeakMap<ForjaRxDatabase, Map<string, Observable<unknown>>>();
function sharedQuery<T>(db: ForjaRxDatabase, key: string, build: () => Observable<T>): Observable<T> {
  let byKey = shared.get(db);
  if (!byKey) shared.set(db, (byKey = new Map()));
  let obs = byKey.get(key) as Observable<T> | undefined;
  if (!obs) {
    obs = build().pipe(shareReplay({ bufferSize: 1, refCount: false }));
    byKey.set(key, obs);
  }
  return obs;
}

const customerOrder = (a: CustomerDoc, b: CustomerDoc) => newestFirst(a, b) || comparePtBr(a.name, b.name);
/** Databases whose whole customer list is in memory (read once, kept live): nothing to recall. */
const customersRead = new WeakSet<ForjaRxDatabase>();
/** How many of the list's first customers are remembered for the next open (a page and more). */
const REMEMBERED = 20;
const customers$ = (db: ForjaRxDatabase) =>
  sharedQuery(db, 'customers', () =>
    db.customers.find().$.pipe(
      // Not re-read per batch while an import writes (issue 39 §2): once, when it ends.
      heldWhileImporting(),
      map((docs) => {
        const sorted = toPlain<CustomerDoc>(docs).sort(customerOrder);
        customersRead.add(db);
        rememberFirstPage(db.name, 'customers', sorted.slice(0, REMEMBERED).map((c) => c.id));
        return sorted;
      }),
    ),
  );

/**
 * Every customer, as the live list holds them (read from IndexedDB only when no screen has read
 * them yet): what an import's plan checks its rows against, without a second read and copy of
 * every customer beside the list's own. The array is shared: read it, never change it.
 */
export function currentCustomers(db: ForjaRxDatabase): Promise<readonly CustomerDoc[]> {
  return firstValueFrom(customers$(db));
}

/**
 * The customers the list showed first last time (first-page-memo), read by id with the
 * collection's count (an index count): painted while every customer is read. `customers` is null
 * when nothing is remembered, or when this page has the whole list already. Read once: the whole
 * live list replaces it moments later.
 */
export function recalledCustomers$(db: ForjaRxDatabase): Observable<{ customers: CustomerDoc[] | null; total: number }> {
  const ids = customersRead.has(db) ? [] : recallFirstPage(db.name, 'customers');
  if (ids.length === 0) return of({ customers: null, total: 0 });
  return from(Promise.all([db.customers.findByIds(ids).exec(), db.customers.count().exec()])).pipe(
    map(([found, total]) => ({ customers: toPlain<CustomerDoc>([...found.values()]).sort(customerOrder), total })),
  );
}

function useRecalledCustomers(): { customers: CustomerDoc[] | null; total: number; loading: boolean } {
  const { data, loading } = useLiveQuery((db) => recalledCustomers$(db), []);
  return { customers: data?.customers ?? null, total: data?.total ?? 0, loading };
}

const quotationDocs$ = (db: ForjaRxDatabase) => sharedQuery(db, 'quotations', () => db.quotations.find().$);
const transactionDocs$ = (db: ForjaRxDatabase) => sharedQuery(db, 'transactions', () => db.transactions.find().$);
const quotationCounts$ = (db: ForjaRxDatabase) => sharedQuery(db, 'quotation-counts', () => quotationDocs$(db).pipe(map(countByCustomer)));
const transactionCounts$ = (db: ForjaRxDatabase) =>
  sharedQuery(db, 'transaction-counts', () => transactionDocs$(db).pipe(map(countByCustomer)));

/** Starts reading the customers screen's data in the background (call once the database is open). */
export function warmCustomerData(fdb: ForjaDatabase): void {
  // shareReplay without refCount keeps each source subscribed after these first values.
  const quiet = { error: () => undefined };
  customers$(fdb.db).pipe(take(1)).subscribe(quiet);
  quotationCounts$(fdb.db).pipe(take(1)).subscribe(quiet);
  transactionCounts$(fdb.db).pipe(take(1)).subscribe(quiet);
}

/** Customers newest first, as plain objects, live. `enabled: false` defers the read (loading until then). */
export function useCustomers(enabled = true): { customers: CustomerDoc[]; loading: boolean } {
  const { data, loading } = useLiveQuery((db) => (enabled ? customers$(db) : NEVER), [enabled]);
  return { customers: data ?? [], loading };
}

/** A row of the customers screen: the customer, its history counts, and a refusal to fix if any. */
export type CustomerRow = CustomerDoc & {
  transaction_count: number;
  quotation_count: number;
  /** The server refused this device's version (e.g. duplicate phone): why, to show and fix. */
  refused: { error: string; message: string } | null;
};

const EMPTY_COUNTS = new Map<string, number>();

/**
 * Live counts of quotations and transactions per customer: one pass over each collection per
 * change (never one query per row), so a table of customers stays fast with thousands of docs.
 */
export function useCustomerHistoryCounts(enabled = true): { quotations: Map<string, number>; transactions: Map<string, number>; loading: boolean } {
  const q = useLiveQuery((db) => (enabled ? quotationCounts$(db) : NEVER), [enabled]);
  const t = useLiveQuery((db) => (enabled ? transactionCounts$(db) : NEVER), [enabled]);
  return {
    quotations: q.data ?? EMPTY_COUNTS,
    transactions: t.data ?? EMPTY_COUNTS,
    loading: q.loading || t.loading,
  };
}

/**
 * Customers newest first with their counts, plus customers the server refused whose local
 * copy is gone (a refused new customer is removed locally by replication): they stay listed,
 * marked, until fixed or discarded.
 */
export function useCustomerRows(): { rows: CustomerRow[]; loading: boolean; countsLoading: boolean; partialOf: number | null } {
  // The first page remembered from the last open paints first; every customer is read after it.
  const recalled = useRecalledCustomers();
  const fdb = useDatabase();
  const recalledPainted = usePaintedAfter(!recalled.loading);
  const full = useCustomers(recalledPainted || (fdb !== null && customersRead.has(fdb.db)));
  const partial = full.loading && recalled.customers !== null;
  const customers = partial ? recalled.customers! : full.customers;
  const loading = full.loading && !partial;
  // The counts read every quotation and transaction: after the list is on screen (issue 33).
  const counts = useCustomerHistoryCounts(usePaintedAfter(!full.loading));
  const refused = useRefusedDocuments();
  const rows = useMemo(() => {
    const refusedById = new Map(
      refused.filter((r) => r.collection === 'customers' && !r.document._deleted).map((r) => [r.id, r]),
    );
    const row = (c: CustomerDoc): CustomerRow => {
      const r = refusedById.get(c.id);
      return {
        ...c,
        transaction_count: counts.transactions.get(c.id) ?? 0,
        quotation_count: counts.quotations.get(c.id) ?? 0,
        refused: r ? { error: r.error, message: r.message } : null,
      };
    };
    const live = new Set(customers.map((c) => c.id));
    // A refused customer shows the version the user wrote (what they need to fix).
    const out = customers.map((c) => {
      const r = refusedById.get(c.id);
      return r ? row({ ...c, ...(r.document as Partial<CustomerDoc>), id: c.id }) : row(c);
    });
    const orphans = [...refusedById.values()]
      .filter((r) => !live.has(r.id))
      .map((r) => row(r.document as unknown as CustomerDoc));
    return [...orphans, ...out];
  }, [customers, counts.quotations, counts.transactions, refused]);
  // The list shows as soon as the customers are read; counts fill in when theirs are.
  // partialOf: rows are only the remembered first page, of this many customers in all.
  return { rows, loading, countsLoading: counts.loading, partialOf: partial ? recalled.total : null };
}

export type CustomerTransaction = Pick<
  TransactionDoc,
  'id' | 'created_at' | 'type' | 'description' | 'amount' | 'payment_status' | 'due_date' | 'name'
>;
export type CustomerQuotation = Pick<QuotationDoc, 'id' | 'code' | 'created_at' | 'description' | 'total_amount' | 'status'>;

/**
 * One customer's transactions and quotations, newest first, live (the details dialog).
 * Read through the same whole-collection queries as the list's counts (RxDB shares one cached
 * query and its results), then filtered in memory: customer_id has no index, and a separate
 * selector query would scan the collection in IndexedDB every time a dialog opens.
 */
export function useCustomerHistory(customerId: string | null | undefined): {
  transactions: CustomerTransaction[];
  quotations: CustomerQuotation[];
  loadingTransactions: boolean;
  loadingQuotations: boolean;
} {
  const id = customerId ?? '';
  const sortNewestFirst = <T extends { created_at: string }>(xs: T[]) => xs.sort(newestFirst);
  const t = useLiveQuery(
    (db) =>
      transactionDocs$(db).pipe(map((docs) => sortNewestFirst(toPlain<TransactionDoc>(docs.filter((d) => d.customer_id === id))))),
    [id],
  );
  const q = useLiveQuery(
    (db) =>
      quotationDocs$(db).pipe(map((docs) => sortNewestFirst(toPlain<QuotationDoc>(docs.filter((d) => d.customer_id === id))))),
    [id],
  );
  return {
    transactions: t.data ?? [],
    quotations: q.data ?? [],
    loadingTransactions: t.loading,
    loadingQuotations: q.loading,
  };
}

async function assertPhoneFree(fdb: ForjaDatabase, phone: string, exceptId?: string): Promise<void> {
  const key = phoneKey(phone);
  const all = await fdb.db.customers.find().exec();
  if (all.some((c) => c.id !== exceptId && phoneKey(c.phone) === key)) {
    throw new DataError('duplicate_phone', CUSTOMER_MESSAGES.duplicatePhone, 'phone');
  }
}

async function historyCounts(fdb: ForjaDatabase, id: string): Promise<CustomerHistoryCounts> {
  // (RxDB's count() needs an indexed selector; customer_id has none — a find is fine here.)
  // (A database opened with only some collections — tests, tools — has no history to count.)
  const linked = (c: 'quotations' | 'transactions') =>
    (fdb.db.collections[c] as typeof fdb.db.collections[typeof c] | undefined)?.find({ selector: { customer_id: id } }).exec() ?? Promise.resolve([]);
  const [quotations, transactions] = await Promise.all([linked('quotations'), linked('transactions')]);
  return { quotations: quotations.length, transactions: transactions.length };
}

/**
 * The fiscal fields given (issue 38), normalised as stored — CPF/CNPJ without punctuation, CEP's
 * digits, empty texts as null — or a DataError naming the field: a wrong check digit, a CEP that
 * is not 8 digits, a code outside the IBGE list (read from the list, loaded on demand). Nothing
 * is written when one is wrong.
 */
async function checkedFiscal(input: Partial<CustomerFiscal>): Promise<Partial<CustomerFiscal>> {
  const out: Partial<CustomerFiscal> = {};
  if (input.tax_id !== undefined) {
    const problem = taxIdProblem(input.tax_id);
    if (problem) throw new DataError('invalid_tax_id', FISCAL_FIELD_MESSAGES[problem], 'tax_id');
    out.tax_id = emptyToNull(normalizeTaxId(input.tax_id));
  }
  if (input.address_cep !== undefined) {
    if (cepProblem(input.address_cep)) throw new DataError('invalid_cep', FISCAL_FIELD_MESSAGES.cep_length, 'address_cep');
    out.address_cep = emptyToNull(normalizeCep(input.address_cep));
  }
  for (const f of ['address_street', 'address_number', 'address_complement', 'address_district'] as const) {
    if (input[f] !== undefined) out[f] = emptyToNull(input[f]);
  }
  if (input.address_city_code !== undefined) {
    const code = emptyToNull(input.address_city_code);
    if (code !== null && !(await import('@shared/municipios')).isMunicipioCode(code)) {
      throw new DataError('invalid_municipio', FISCAL_FIELD_MESSAGES.municipio_unknown, 'address_city_code');
    }
    out.address_city_code = code;
  }
  return out;
}

const NO_FISCAL = Object.fromEntries(CUSTOMER_FISCAL_FIELDS.map((f) => [f, null])) as CustomerFiscal;

const refusedEntry = (fdb: ForjaDatabase, id: string) =>
  fdb.sync.store.value.refused.find((r) => r.collection === 'customers' && r.id === id);

/** Customer commands bound to one database (tests use this directly). */
export function createCustomerCommands(getDb: () => Promise<ForjaDatabase>) {
  return {
    /** Throws DataError (field 'name' | 'phone', or a fiscal field: 'tax_id', 'address_cep', 'address_city_code') when refused. */
    async add(input: NewCustomer): Promise<CustomerDoc> {
      const name = (input.name ?? '').trim();
      // One format everywhere, whatever was typed (issue 39): '35991234567' is stored as '(35) 99123-4567', as imports store it.
      const phone = formatPhoneBR((input.phone ?? '').trim());
      if (!name) throw new DataError('required', CUSTOMER_MESSAGES.nameRequired, 'name');
      if (!phone) throw new DataError('required', CUSTOMER_MESSAGES.phoneRequired, 'phone');
      const fiscal = await checkedFiscal(input);
      const fdb = await getDb();
      await assertPhoneFree(fdb, phone);
      return insertDocument(fdb, 'customers', {
        name,
        phone,
        whatsapp: emptyToNull(formatPhoneBR(input.whatsapp)),
        description: emptyToNull(input.description),
        ...NO_FISCAL,
        ...fiscal,
      });
    },
    /**
     * Changes some fields; an unchanged phone is not a duplicate of itself. Also fixes a
     * customer the server refused: the edit replaces the refused version (reviving a refused
     * new customer whose local copy replication removed) and is sent again.
     */
    async update(id: string, patch: CustomerPatch): Promise<CustomerDoc> {
      const fdb = await getDb();
      const next: Partial<CustomerDoc> = {};
      if (patch.name !== undefined) {
        next.name = patch.name.trim();
        if (!next.name) throw new DataError('required', CUSTOMER_MESSAGES.nameRequired, 'name');
      }
      if (patch.phone !== undefined) {
        next.phone = formatPhoneBR(patch.phone.trim());
        if (!next.phone) throw new DataError('required', CUSTOMER_MESSAGES.phoneRequired, 'phone');
        await assertPhoneFree(fdb, next.phone, id);
      }
      if (patch.whatsapp !== undefined) next.whatsapp = emptyToNull(formatPhoneBR(patch.whatsapp));
      if (patch.description !== undefined) next.description = emptyToNull(patch.description);
      Object.assign(next, await checkedFiscal(patch));
      const refused = refusedEntry(fdb, id);
      const updated = await patchDocument(fdb, 'customers', id, next);
      if (updated) {
        if (refused) await fdb.sync.store.removeRefused('customers', id);
        return updated;
      }
      if (!refused || refused.document._deleted) throw new DataError('not_found', CUSTOMER_MESSAGES.notFound);
      const revived = { ...refused.document, ...next, id } as Record<string, unknown>;
      await fdb.sync.store.removeRefused('customers', id);
      await putDocument(fdb, 'customers', revived);
      const doc = await fdb.db.customers.findOne(id).exec();
      if (!doc) throw new DataError('not_found', CUSTOMER_MESSAGES.notFound);
      return doc.toMutableJSON() as unknown as CustomerDoc;
    },
    /** How many quotations and transactions a customer has (the delete rule's input). */
    async historyCounts(id: string): Promise<CustomerHistoryCounts> {
      return historyCounts(await getDb(), id);
    },
    /**
     * Deletes a customer without history. A customer with quotations or transactions is refused
     * (DataError 'has_history', saying how many of each). A refused customer that exists only
     * as the refused version is forgotten (discarded).
     */
    async remove(id: string): Promise<void> {
      const fdb = await getDb();
      const refusal = customerDeleteRefusal(await historyCounts(fdb, id));
      if (refusal) throw new DataError('has_history', refusal);
      const refused = refusedEntry(fdb, id);
      if (refused) await fdb.sync.store.removeRefused('customers', id);
      const removed = await removeDocument(fdb, 'customers', id);
      if (!removed && !refused) throw new DataError('not_found', CUSTOMER_MESSAGES.notFound);
    },
  };
}

export const customerCommands = createCustomerCommands(requireDatabase);

/**
 * Names of the customers among `ids` as this device has them: `names` for live ones, `removed`
 * for deleted ones (their tombstones stay in the local store, so a quotation or entry pointing
 * to one can say 'Cliente removido' instead of 'ainda não sincronizado'). Reads only those
 * documents — a page of rows needs its own customers, not all of them (issue 33). Live: re-read
 * whenever one of them changes — looked for per written bulk (a first sync or an import writes
 * thousands of customers at once; per change event this read the store once per document written).
 */
export function useCustomerNamesOf(ids: readonly string[]): { names: ReadonlyMap<string, string>; removed: ReadonlyMap<string, string>; loading: boolean } {
  const key = [...new Set(ids)].sort().join('\u0000');
  const { data, loading } = useLiveQuery(
    (db) => {
      const wanted = key ? key.split('\u0000') : [];
      if (wanted.length === 0) return of({ key, ...NO_NAMES });
      const watched = new Set(wanted);
      return db.customers.eventBulks$.pipe(
        filter((bulk) => bulk.events.some((e) => watched.has(e.documentId))),
        startWith(null),
        switchMap(() => db.customers.storageInstance.findDocumentsById(wanted, true)),
        map((docs) => {
          const names = new Map<string, string>();
          const removed = new Map<string, string>();
          for (const d of docs) (d._deleted ? removed : names).set(d.id, d.name);
          return { key, names, removed };
        }),
      );
    },
    [key],
  );
  // Until these ids' answer arrives the last answer (other ids) stays, and loading says so.
  return { names: data?.names ?? EMPTY_NAMES, removed: data?.removed ?? EMPTY_NAMES, loading: loading || data?.key !== key };
}
const NO_NAMES = { names: new Map<string, string>(), removed: new Map<string, string>() };

/**
 * What a screen calls the customers it refers to: a live customer's name, 'Fulano (cliente
 * removido)' for one deleted here or on another device. Until `everyone` (the whole list, read once
 * the first page is on screen) has arrived, the first page's own customers answer (`page`, from
 * useCustomerNamesOf); then the whole list, plus the tombstones of any of `referencedIds` it lacks.
 * An id missing from the map is not on this device yet (referencedCustomerLabel says so).
 */
export function useCustomerLabels(
  page: { names: ReadonlyMap<string, string>; removed: ReadonlyMap<string, string> },
  everyone: { customers: readonly CustomerDoc[]; loading: boolean },
  referencedIds: readonly string[],
): ReadonlyMap<string, string> {
  const live = useMemo(
    () => (everyone.loading ? page.names : new Map(everyone.customers.map((c) => [c.id, c.name] as const))),
    [everyone.loading, everyone.customers, page.names],
  );
  const missing = useMemo(() => (everyone.loading ? [] : referencedIds.filter((id) => !live.has(id))), [everyone.loading, referencedIds, live]);
  const removedAnywhere = useRemovedCustomerNames(missing);
  const removed = everyone.loading ? page.removed : removedAnywhere;
  return useMemo(() => {
    if (removed.size === 0) return live;
    const all = new Map(live);
    for (const [id, name] of removed) all.set(id, referencedCustomerLabel(null, name));
    return all;
  }, [live, removed]);
}

/** The deleted ones among `ids`, by name (see useCustomerNamesOf). */
export function useRemovedCustomerNames(ids: readonly string[]): ReadonlyMap<string, string> {
  return useCustomerNamesOf(ids).removed;
}
const EMPTY_NAMES: ReadonlyMap<string, string> = new Map();
