import { useMemo } from 'react';
import {
  dailySeries,
  detailRows,
  expensesByCategory,
  financialInsights,
  financialSummary,
  inPeriod,
  incomeByMethod,
  resolveRange,
  type ReportFilter,
} from '../../../domain/reports';
import { usePreparedTransactions } from '../parts/usePreparedTransactions';

/** Every number the financial tab shows, from the local transactions (pure maths in src/domain/reports). */
export function useFinancialReport(filter: ReportFilter, today: string) {
  const { txs: all, loading, error } = usePreparedTransactions(today);
  const insights = useMemo(() => financialInsights(all), [all]);
  const range = useMemo(() => resolveRange(filter, today), [filter, today]);
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
  return { loading, error, range, insights, ...period };
}
