import { useMemo } from 'react';
import {
  customerPaymentMethods,
  customerRows,
  customerSummary,
  debtors,
  frequencyDistribution,
  inactiveCustomers,
  prepareTransactions,
  recommendedActions,
  topCustomers,
  vipCandidates,
} from '../../../domain/reports';
import { useReportCustomers, useReportTransactions } from '../../../data/db/reports';

/** Every number the customer tab shows (pure maths in src/domain/reports/customers.ts). */
export function useCustomerReport(today: string) {
  const { customers, loading: lc } = useReportCustomers();
  const { transactions, loading: lt } = useReportTransactions();
  const txs = useMemo(() => prepareTransactions(transactions, today), [transactions, today]);
  const rows = useMemo(() => customerRows(customers, txs, today), [customers, txs, today]);
  const derived = useMemo(
    () => ({
      summary: customerSummary(rows),
      debtors: debtors(rows),
      top: topCustomers(rows),
      vip: vipCandidates(rows),
      inactive: inactiveCustomers(rows),
      frequency: frequencyDistribution(rows),
      methods: customerPaymentMethods(txs),
      actions: recommendedActions(rows),
    }),
    [rows, txs],
  );
  return { loading: lc || lt, rows, ...derived };
}

export type CustomerReportData = ReturnType<typeof useCustomerReport>;
