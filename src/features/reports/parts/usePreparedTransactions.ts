import { useMemo } from 'react';
import { prepareTransactions, type ReportTx, type TransactionInput } from '../../../domain/reports';
import { useReportTransactions } from '../../../data/db/reports';

const cache: { input: unknown; today: string; output: ReportTx[] }[] = [];

/** One-entry memo shared by the tabs: the same live array on the same day is prepared once. */
function preparedFor(input: readonly TransactionInput[], today: string): ReportTx[] {
  const hit = cache[0];
  if (hit && hit.input === input && hit.today === today) return hit.output;
  const output = prepareTransactions(input, today);
  cache[0] = { input, today, output };
  return output;
}

/** The local transactions prepared for the reports, computed once per change and shared by the tabs (`enabled`: see useReportTransactions). */
export function usePreparedTransactions(today: string, enabled = true): { txs: ReportTx[]; loading: boolean; error: unknown } {
  const { transactions, loading, error } = useReportTransactions(enabled);
  const txs = useMemo(() => preparedFor(transactions, today), [transactions, today]);
  return { txs, loading, error };
}
