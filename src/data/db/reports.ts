/**
 * Read-only hooks for the reports (issue 9): plain documents straight from the local RxDB, live,
 * so reports work offline and follow other devices' changes once synced. All maths happens in
 * src/domain/reports over what these return; nothing here writes.
 */
import { auditTime, combineLatest, concat, map, NEVER, of, ReplaySubject, share, switchMap, timer, type Observable } from 'rxjs';
import type { CatalogItemDoc, CustomerDoc, StockItemDoc, StockMovementDoc, TransactionDoc, WorkOrderDoc, WorkOrderEventDoc } from '@shared';
import { toPlain, useLiveQuery } from './live-query';
import { readCreatedBetween } from './range-read';
import type { ForjaRxDatabase } from './types';

/** The last value replayed to new subscribers; the query stays open a minute after the last one leaves. */
function shareForAMinute<T>() {
  return share<T>({ connector: () => new ReplaySubject<T>(1), resetOnError: true, resetOnComplete: true, resetOnRefCountZero: () => timer(60_000) });
}

/**
 * One live copy of every transaction per database, shared by the report tabs (switching tabs
 * reuses the same array instead of converting 50,000 documents again) and kept for a minute
 * after the last tab closes.
 */
const sharedTransactions = new WeakMap<ForjaRxDatabase, Observable<TransactionDoc[]>>();
function transactions$(db: ForjaRxDatabase): Observable<TransactionDoc[]> {
  let o = sharedTransactions.get(db);
  if (!o) {
    o = db.transactions.find().$.pipe(
      map((docs) => toPlain<TransactionDoc>(docs)),
      shareForAMinute(),
    );
    sharedTransactions.set(db, o);
  }
  return o;
}

/**
 * Every transaction (unsorted; the domain sorts what it shows). `enabled` false reads nothing yet
 * (loading): a screen that paints a part first asks for the whole book after that paint.
 */
export function useReportTransactions(enabled = true): { transactions: TransactionDoc[]; loading: boolean; error: unknown } {
  const { data, loading, error } = useLiveQuery((db) => (enabled ? transactions$(db) : NEVER), [enabled]);
  return { transactions: data ?? EMPTY, loading, error };
}

/**
 * The transactions created in [from, to) (ISO instants; a null end is open), read through the
 * created_at index in one request (range-read): a period's few hundred instead of the whole book,
 * for the first paint. Read again after local or replicated writes. Null bounds read nothing.
 */
export function useReportTransactionsBetween(bounds: { from: string | null; to: string | null } | null): {
  transactions: TransactionDoc[];
  loading: boolean;
  error: unknown;
} {
  const from = bounds?.from ?? null;
  const to = bounds?.to ?? null;
  const { data, loading, error } = useLiveQuery(
    (db) => {
      if (!bounds) return of(EMPTY as TransactionDoc[]);
      return concat(of(null), db.transactions.eventBulks$.pipe(auditTime(200))).pipe(switchMap(() => readCreatedBetween(db.transactions, from, to)));
    },
    [bounds === null, from, to],
  );
  return { transactions: data ?? EMPTY, loading, error };
}

const sharedCustomers = new WeakMap<ForjaRxDatabase, Observable<CustomerDoc[]>>();
function customers$(db: ForjaRxDatabase): Observable<CustomerDoc[]> {
  let o = sharedCustomers.get(db);
  if (!o) {
    o = db.customers.find().$.pipe(map((docs) => toPlain<CustomerDoc>(docs)), shareForAMinute());
    sharedCustomers.set(db, o);
  }
  return o;
}

/** Every customer (shared by the tabs like the transactions). `enabled` false reads nothing yet (loading). */
export function useReportCustomers(enabled = true): { customers: CustomerDoc[]; loading: boolean } {
  const { data, loading } = useLiveQuery((db) => (enabled ? customers$(db) : NEVER), [enabled]);
  return { customers: data ?? EMPTY, loading };
}

export interface StockData {
  items: StockItemDoc[];
  movements: StockMovementDoc[];
  catalog: CatalogItemDoc[];
}

/** Stock items, their movements (the quantity ledger) and the catalogue that labels them. */
export function useReportStock(): StockData & { loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) =>
      combineLatest([db.stock_items.find().$, db.stock_movements.find().$, db.catalog_items.find().$]).pipe(
        map(([items, movements, catalog]) => ({
          items: toPlain<StockItemDoc>(items),
          movements: toPlain<StockMovementDoc>(movements),
          catalog: toPlain<CatalogItemDoc>(catalog),
        })),
      ),
    [],
  );
  return { items: data?.items ?? EMPTY, movements: data?.movements ?? EMPTY, catalog: data?.catalog ?? EMPTY, loading };
}

export interface WorkOrderData {
  orders: WorkOrderDoc[];
  events: WorkOrderEventDoc[];
  /** When each quotation was accepted (decided_at), by quotation id: the start of a job's lead time. */
  acceptedAt: Map<string, string | null>;
}

/** Ordens de serviço, their history and the acceptance instants of their quotations (Relatórios › Serviços). */
export function useReportWorkOrders(): WorkOrderData & { loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) =>
      combineLatest([db.work_orders.find().$, db.work_order_events.find().$, db.quotations.find({ selector: { status: 'accepted' } }).$]).pipe(
        map(([orders, events, quotations]) => ({
          orders: toPlain<WorkOrderDoc>(orders),
          events: toPlain<WorkOrderEventDoc>(events),
          acceptedAt: new Map(quotations.map((q) => [q.id, q.decided_at ?? null])),
        })),
      ),
    [],
  );
  return { orders: data?.orders ?? EMPTY, events: data?.events ?? EMPTY, acceptedAt: data?.acceptedAt ?? EMPTY_MAP, loading };
}

const EMPTY_MAP = new Map<string, string | null>();

// One shared empty array, so "no data yet" never changes identity between renders.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const EMPTY: any[] = [];
