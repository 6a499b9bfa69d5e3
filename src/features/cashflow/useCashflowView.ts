/**
 * The list's view of the cash book: filters from the address, the filtered rows, their
 * totals and the current page. Filtering and totals run once per change (memoized); a
 * page renders only its rows. While a new filter is computed the old list stays with
 * 'Atualizando...' over it (a deferred value).
 */
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TransactionDoc } from '@shared';
import { applyFilters, filtersFromQuery, filtersToQuery, type TransactionFilters } from '../../domain/transaction-filters';
import { totalsOf, type CashTotals } from '../../domain/transaction-rules';
import { shopDate } from '../../domain/transaction-status';
import { pageCount } from '../../ui/pagination';

export const PAGE_SIZE = 20;

export interface CashflowView {
  filters: TransactionFilters;
  setFilters: (f: TransactionFilters) => void;
  rows: TransactionDoc[];
  total: number;
  totals: CashTotals;
  page: number;
  setPage: (p: number) => void;
  /** A filter change (or new data) is still being computed. */
  stale: boolean;
  /** The whole book has been read (totals and count are final). */
  complete: boolean;
  today: string;
}

export function useCashflowView(transactions: TransactionDoc[], complete = true): CashflowView {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => filtersFromQuery(query), [query]);
  const rawPage = Number(params.get('page') ?? '1');
  const today = shopDate(new Date());

  const deferredFilters = useDeferredValue(filters);
  const deferredTx = useDeferredValue(transactions);
  const filtered = useMemo(() => applyFilters(deferredTx, deferredFilters, today), [deferredTx, deferredFilters, today]);
  const totals = useMemo(() => totalsOf(filtered), [filtered]);

  const pages = Math.max(1, pageCount(filtered.length, PAGE_SIZE));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? Math.min(rawPage, pages) : 1;
  const rows = useMemo(() => filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), [filtered, page]);

  const setFilters = useCallback(
    (f: TransactionFilters) => {
      setParams((prev) => {
        const next = filtersToQuery(f, prev);
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  const setPage = useCallback(
    (p: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p <= 1) next.delete('page');
        else next.set('page', String(p));
        return next;
      }),
    [setParams],
  );

  return {
    filters,
    setFilters,
    rows,
    total: filtered.length,
    totals,
    page,
    setPage,
    stale: deferredFilters !== filters || deferredTx !== transactions || !complete,
    complete,
    today,
  };
}
