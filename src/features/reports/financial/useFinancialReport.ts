import { useMemo } from 'react';
import {
  dailySeries,
  detailRows,
  expensesByCategory,
  financialInsights,
  financialSummary,
  inPeriod,
  incomeByMethod,
  prepareTransactions,
  rangeInstants,
  resolveRange,
  type ReportFilter,
} from '../../../domain/reports';
import { useReportTransactionsBetween } from '../../../data/db/reports';
import { usePaintedAfter } from '../../../data/db/live-query';
import { usePreparedTransactions } from '../parts/usePreparedTransactions';

/**
 * Every number the financial tab shows, from the local transactions (pure maths in src/domain/reports).
 * The period's own transactions are read first, through the created_at index, so the summary and the
 * detail paint before the whole book is read (a cold open with 20,000 transactions waited seconds for
 * it, issue 33); the whole book follows once they are on screen and then drives everything, live.
 * The insights compare with the whole history: they load until it is in.
 */
export function useFinancialReport(filter: ReportFilter, today: string) {
  const range = useMemo(() => resolveRange(filter, today), [filter, today]);
  const bounds = useMemo(() => rangeInstants(range), [range]);
  const first = useReportTransactionsBetween(bounds);
  const whole = usePreparedTransactions(today, usePaintedAfter(bounds === null || !first.loading));
  const firstTxs = useMemo(() => prepareTransactions(first.transactions, today), [first.transactions, today]);
  const all = whole.loading ? firstTxs : whole.txs;
  const insights = useMemo(() => financialInsights(whole.txs), [whole.txs]);
  const period = useMemo(() => {
    const txs = inPeriod(all, range);
    return {
      txs,
      summary: financialSummary(txs),
      income: detailRows(txs, 'income'),
      expenses: detailRows(txs, 'expense'),
      daily: dailySeries(txs, range),
      byCategory: expensesByCategory(txs),
      byMethod: incomeByMethod(txs),
    };
  }, [all, range]);
  const loading = whole.loading && (bounds === null || first.loading);
  return { loading, insightsLoading: whole.loading, error: whole.error ?? first.error, range, insights, ...period };
}
