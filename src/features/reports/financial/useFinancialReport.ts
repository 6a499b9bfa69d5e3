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
  resolveRange,
  type ReportFilter,
} from '../../../domain/reports';
import { useReportTransactions } from '../../../data/db/reports';

/** Every number the financial tab shows, from the local transactions (pure maths in src/domain/reports). */
export function useFinancialReport(filter: ReportFilter, today: string) {
  const { transactions, loading, error } = useReportTransactions();
  const all = useMemo(() => prepareTransactions(transactions, today), [transactions, today]);
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
