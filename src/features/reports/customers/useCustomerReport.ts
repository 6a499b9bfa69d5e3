import { useMemo } from 'react';
import {
  customerPaymentMethods,
  customerRows,
  customerSummary,
  debtors,
  frequencyDistribution,
  inactiveCustomers,
  recommendedActions,
  topCustomers,
  vipCandidates,
} from '../../../domain/reports';
import { useReportCustomers } from '../../../data/db/reports';
import { usePreparedTransactions } from '../parts/usePreparedTransactions';

/** Every number the customer tab shows (pure maths in src/domain/reports/customers.ts). */
export function useCustomerReport(today: string) {
  const { customers, loading: lc } = useReportCustomers();
  const { txs, loading: lt } = usePreparedTransactions(today);
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
