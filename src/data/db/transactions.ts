/**
 * Cash-flow transactions: live reads and the commands that write them (issue 7).
 * The double-entry guard runs against the local database, which holds every synced
 * device's transactions; its rules are pure functions in src/domain/transaction-rules.ts.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { concat, defer, from, map, NEVER, of, shareReplay, switchMap, type Observable } from 'rxjs';
import { ERROR_MESSAGES, type CustomerDoc, type QuotationDoc, type TransactionDoc } from '@shared';
import {
  TX_RULE_MESSAGES,
  checkDuplicate,
  normalizeDraft,
  validateDraft,
  type RecentTx,
  type TxDraft,
} from '../../domain/transaction-rules';
import { shopDayStartIso } from '../../domain/transaction-filters';
import { shopDate } from '../../domain/transaction-status';
import { fromCents, toCents } from '../../domain/money';
import { normalizeForSearch } from '../../domain/search';
import type { ForjaDatabase } from './create-database';
import { DataError } from './errors';
import type { ForjaRxDatabase } from './types';
import { heldWhileImporting } from './bulk-writes';
import { afterNextPaint, useDatabase, useLiveQuery, useQuietOnce } from './live-query';
import { findNewest } from './newest';
import { database$, requireDatabase } from './session';
import { insertDocument, patchDocument, removeDocument } from './writes';

export type { TransactionDoc } from '@shared';

export const TRANSACTION_MESSAGES = {
  ...TX_RULE_MESSAGES,
  notFound: 'Transação não encontrada',
  futureDate: 'A data da transação não pode ser no futuro.',
  invalidDate: 'Informe uma data válida.',
  quotationNotAccepted: 'Somente um orçamento aceito pode ser lançado no caixa.',
  quotationAlreadyLaunched: ERROR_MESSAGES.duplicate_quotation_entry,
  quotationWithoutCustomer: 'O orçamento não tem cliente cadastrado.',
  refreshTooSoon: 'Por favor, aguarde antes de atualizar novamente',
  refreshFailed: 'Erro ao atualizar dados',
} as const;

/** Refresh debounce (spec §9). */
export const REFRESH_DEBOUNCE_MS = 2_000;

export interface TransactionList {
  /** Newest first (by date, then id). */
  transactions: TransactionDoc[];
  /** False while only the newest page has been read (the full list follows). */
  complete: boolean;
}

/** How many of the newest transactions are read first, so the list paints before the rest arrives. */
export const FIRST_READ = 50;

const lists = new WeakMap<object, Observable<TransactionList>>();
const plainTx = (d: { toJSON(): unknown }) => d.toJSON() as unknown as TransactionDoc;

/**
 * One live list per database, shared by every screen and kept while the database is open:
 * coming back to the cash book shows it at once. A first small read (the newest FIRST_READ)
 * is painted before the whole book is read: reading and preparing 20,000 transactions is most of
 * a cold open's main-thread work (bench:ui profile, issue 33), and done beside the first read it
 * held the first page back by seconds on a phone's CPU. The live query over the whole book starts
 * once that page is on screen.
 */
function transactionList$(db: ForjaRxDatabase): Observable<TransactionList> {
  let list = lists.get(db);
  if (!list) {
    const sort = [{ created_at: 'desc' as const }];
    const all$ = db.transactions.find({ sort }).$.pipe(
      heldWhileImporting(),
      map((docs): TransactionList => ({ transactions: docs.map(plainTx), complete: true })),
    );
    const head$ = defer(() => findNewest(db.transactions, FIRST_READ)).pipe(
      // A book shorter than the first read is already whole.
      map((docs): TransactionList => ({ transactions: docs.map(plainTx), complete: docs.length < FIRST_READ })),
    );
    list = head$.pipe(
      switchMap((head) => concat(of(head), from(afterNextPaint()).pipe(switchMap(() => all$)))),
      shareReplay({ bufferSize: 1, refCount: false }),
    );
    lists.set(db, list);
  }
  return list;
}

interface ListSnapshot {
  list: TransactionList | null;
  error: unknown;
}

/**
 * The shared list as an external store: a screen mounting again reads the current list in
 * its first render (no skeleton flash, no second render).
 */
function listStore(db: ForjaRxDatabase) {
  let store = stores.get(db);
  if (!store) {
    let snapshot: ListSnapshot = { list: null, error: null };
    const listeners = new Set<() => void>();
    const emit = (next: ListSnapshot) => {
      snapshot = next;
      listeners.forEach((l) => l());
    };
    transactionList$(db).subscribe({
      next: (list) => emit({ list, error: null }),
      error: (error) => emit({ list: snapshot.list, error }),
    });
    store = {
      get: () => snapshot,
      subscribe: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    stores.set(db, store);
  }
  return store;
}
const stores = new WeakMap<object, { get: () => ListSnapshot; subscribe: (l: () => void) => () => void }>();
const NO_SNAPSHOT: ListSnapshot = { list: null, error: null };
const noSubscribe = () => () => undefined;

/** Transactions newest first, as plain objects, live (other devices' changes included). */
export function useTransactions(): { transactions: TransactionDoc[]; complete: boolean; loading: boolean; error: unknown } {
  const fdb = useDatabase();
  const store = fdb ? listStore(fdb.db) : null;
  const snap = useSyncExternalStore(store?.subscribe ?? noSubscribe, store?.get ?? (() => NO_SNAPSHOT), () => NO_SNAPSHOT);
  return { transactions: snap.list?.transactions ?? EMPTY_LIST, complete: snap.list?.complete ?? false, loading: !snap.list && !snap.error, error: snap.error };
}
const EMPTY_LIST: TransactionDoc[] = [];

/** One customer's transactions, newest first, live (the customer details' Transações tab). */
export function useCustomerTransactions(customerId: string | null | undefined): { transactions: TransactionDoc[]; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) =>
      db.transactions
        .find({ selector: { customer_id: customerId ?? '__none__' }, sort: [{ created_at: 'desc' }] })
        .$.pipe(map((docs) => docs.map(plainTx))),
    [customerId],
  );
  return { transactions: data ?? EMPTY_LIST, loading };
}

/** Staff id → e-mail, for 'Registrado por'. */
export function useStaffEmails(): ReadonlyMap<string, string> {
  const { data } = useLiveQuery(
    (db) => db.staff.find().$.pipe(map((docs) => new Map(docs.map((d) => [d.id, d.email] as [string, string])))),
    [],
  );
  return data ?? EMPTY_MAP;
}
const EMPTY_MAP: ReadonlyMap<string, string> = new Map();

/**
 * Ids of the quotations already launched in the cash book (live transactions linking them). The
 * query scans every transaction (no index on quotation_id): it starts once the page is quiet, so a
 * cold open of the quotations list paints its first page before it (empty until then, as while any
 * query loads).
 */
export function useLaunchedQuotationIds(): ReadonlySet<string> {
  const quiet = useQuietOnce();
  const { data } = useLiveQuery(
    (db) =>
      quiet
        ? db.transactions
            .find({ selector: { quotation_id: { $ne: null } } })
            .$.pipe(map((docs) => docs.map((d) => d.quotation_id).filter((id): id is string => !!id).sort().join('\n')))
        : NEVER,
    [quiet],
  );
  return useMemo(() => new Set(data ? data.split('\n').filter(Boolean) : []), [data]);
}

/** What the form sends: the draft plus the day it happened (shop date, default today). */
export interface TransactionInput extends TxDraft {
  /** 'YYYY-MM-DD' (shop date); today when empty. */
  date?: string;
}

export interface CreateOptions {
  /** The user confirmed the 'similar' warning. */
  allowSimilar?: boolean;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** created_at for a shop date: now for today; that day at the current clock time (São Paulo) otherwise. */
export function createdAtFor(date: string | undefined, now: Date): string {
  const today = shopDate(now);
  if (!date || date === today) return now.toISOString();
  if (!DATE_RE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new DataError('invalid_date', TRANSACTION_MESSAGES.invalidDate, 'date');
  }
  if (date > today) throw new DataError('future_date', TRANSACTION_MESSAGES.futureDate, 'date');
  const msIntoDay = now.getTime() - Date.parse(shopDayStartIso(today));
  return new Date(Date.parse(shopDayStartIso(date)) + msIntoDay).toISOString();
}

function toFields(d: TxDraft) {
  const n = normalizeDraft(d);
  return {
    type: n.type,
    customer_id: n.customer_id,
    name: n.name,
    category: n.category,
    description: n.description,
    amount: fromCents(n.amountCents),
    payment_method: n.payment_method,
    payment_status: n.payment_status,
    due_date: n.due_date && DATE_RE.test(n.due_date) ? n.due_date : null,
  };
}

function assertValid(d: TxDraft): void {
  const errors = validateDraft(d, d.customer_id ? 'x' : '');
  if (errors.customer) throw new DataError('customer_required', errors.customer, 'customer');
  if (errors.amount) throw new DataError('amount_invalid', errors.amount, 'amount');
}

/** Transaction commands bound to one database and clock (tests use this directly). */
export function createTransactionCommands(getDb: () => Promise<ForjaDatabase>, clock: () => number = Date.now) {
  let inFlight = false;
  let lastRefresh = -Infinity;

  async function recentTransactions(fdb: ForjaDatabase, createdAt: string, nowMs: number): Promise<RecentTx[]> {
    const windowStart = new Date(nowMs - 60_000).toISOString();
    const from = createdAt < windowStart ? shopDayStartIso(shopDate(createdAt)) : windowStart;
    const docs = await fdb.db.transactions.find({ selector: { created_at: { $gte: from } } }).exec();
    return docs.map((d) => ({
      id: d.id,
      type: d.type,
      amount: d.amount,
      customer_id: d.customer_id ?? null,
      name: d.name ?? null,
      category: d.category ?? null,
      payment_method: d.payment_method,
      payment_status: d.payment_status,
      description: d.description,
      // When it was registered on its device (created_at may be an earlier chosen day).
      registered_at: d.client_updated_at > d.created_at ? d.client_updated_at : d.created_at,
    }));
  }

  return {
    /**
     * Registers a transaction. Refuses (DataError) a second submit while one is saving
     * ('in_flight'), an identical one of the last 60 s ('duplicate_recent'), and — unless
     * `allowSimilar` — one of the same type and amount of the last 45 s ('similar_recent').
     */
    async create(input: TransactionInput, options: CreateOptions = {}): Promise<TransactionDoc> {
      if (inFlight) throw new DataError('in_flight', TRANSACTION_MESSAGES.inFlight);
      inFlight = true;
      try {
        assertValid(input);
        const fields = toFields(input);
        const nowMs = clock();
        const createdAt = createdAtFor(input.date, new Date(nowMs));
        const fdb = await getDb();
        const verdict = checkDuplicate(fields, await recentTransactions(fdb, createdAt, nowMs), nowMs);
        if (verdict.kind === 'identical') throw new DataError('duplicate_recent', TRANSACTION_MESSAGES.identical);
        if (verdict.kind === 'similar' && !options.allowSimilar) {
          throw new DataError('similar_recent', TRANSACTION_MESSAGES.similar);
        }
        return await insertDocument(fdb, 'transactions', { ...fields, quotation_id: null, created_by: null, updated_by: null }, { createdAt });
      } finally {
        inFlight = false;
      }
    },
    /** Saves an edit (no duplicate checks; the type and date never change). */
    async update(id: string, input: TxDraft): Promise<TransactionDoc> {
      const fdb = await getDb();
      const existing = await fdb.db.transactions.findOne(id).exec();
      if (!existing) throw new DataError('not_found', TRANSACTION_MESSAGES.notFound);
      const draft = { ...input, type: existing.type } as TxDraft;
      assertValid(draft);
      const { type: _type, ...fields } = toFields(draft);
      const updated = await patchDocument(fdb, 'transactions', id, fields);
      if (!updated) throw new DataError('not_found', TRANSACTION_MESSAGES.notFound);
      return updated;
    },
    async remove(id: string): Promise<void> {
      const fdb = await getDb();
      if (!(await removeDocument(fdb, 'transactions', id))) throw new DataError('not_found', TRANSACTION_MESSAGES.notFound);
    },
    /** The customer whose name matches (case- and accent-insensitive), or null. */
    async findCustomerByName(name: string): Promise<CustomerDoc | null> {
      const key = normalizeForSearch(name);
      if (!key) return null;
      const fdb = await getDb();
      const all = await fdb.db.customers.find().exec();
      const found = all.find((c) => normalizeForSearch(c.name) === key);
      return found ? (found.toJSON() as unknown as CustomerDoc) : null;
    },
    /**
     * 'Lançar no caixa': an Entrada for the accepted quotation's customer and total, pendente,
     * linked to it. Refused when a live transaction already links it (the server refuses the
     * same from another device: duplicate_quotation_entry).
     */
    async launchQuotationToCash(quotation: Pick<QuotationDoc, 'id' | 'code' | 'customer_id' | 'total_amount' | 'status'>): Promise<TransactionDoc> {
      if (quotation.status !== 'accepted') throw new DataError('not_accepted', TRANSACTION_MESSAGES.quotationNotAccepted);
      if (!quotation.customer_id) throw new DataError('no_customer', TRANSACTION_MESSAGES.quotationWithoutCustomer);
      if (!(toCents(quotation.total_amount) > 0)) throw new DataError('amount_invalid', TRANSACTION_MESSAGES.amountPositive);
      const fdb = await getDb();
      const linked = await fdb.db.transactions.findOne({ selector: { quotation_id: quotation.id } }).exec();
      if (linked) throw new DataError('duplicate_quotation_entry', TRANSACTION_MESSAGES.quotationAlreadyLaunched);
      return insertDocument(fdb, 'transactions', {
        type: 'entrada',
        customer_id: quotation.customer_id,
        name: null,
        category: null,
        description: `Orçamento ${quotation.code}`,
        amount: fromCents(toCents(quotation.total_amount)),
        payment_method: 'pix',
        payment_status: 'pendente',
        due_date: null,
        quotation_id: quotation.id,
        created_by: null,
        updated_by: null,
      });
    },
    /**
     * 'Atualizar dados': asks the replication to pull and push now. Refused within 2 s of the
     * previous one ('too_soon'); fails when there is no connection or the server cannot be reached.
     */
    async refresh(timeoutMs = 10_000): Promise<void> {
      const now = clock();
      if (now - lastRefresh < REFRESH_DEBOUNCE_MS) throw new DataError('too_soon', TRANSACTION_MESSAGES.refreshTooSoon);
      lastRefresh = now;
      const fdb = await getDb();
      if (globalThis.navigator && globalThis.navigator.onLine === false) {
        throw new DataError('offline', TRANSACTION_MESSAGES.refreshFailed);
      }
      fdb.sync.reconnect();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)));
      const outcome = await Promise.race([fdb.sync.awaitInSync().then(() => 'ok' as const), timedOut]).catch(() => 'error' as const);
      clearTimeout(timer);
      const s = fdb.sync.status$.value;
      if (outcome !== 'ok' || !s.online || s.error) throw new DataError('refresh_failed', TRANSACTION_MESSAGES.refreshFailed);
    },
  };
}

export const transactionCommands = createTransactionCommands(() =>
  database$.value ? Promise.resolve(database$.value) : requireDatabase(),
);
