import { useCallback, useMemo } from 'react';
import { Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatCentsBRL } from '../../../domain/money';
import { financialExport, type ReportFilter, type ReportTx } from '../../../domain/reports';
import { useReportCustomers } from '../../../data/db/reports';
import { useCustomerLabels, useCustomerNamesOf } from '../../../data/db/customers';
import { usePaintedAfter } from '../../../data/db/live-query';
import { referencedCustomerLabel } from '../../../domain/customers';
import { ExportMenu } from '../parts/ExportMenu';
import { Section } from '../parts/Section';
import { SummaryCard } from '../parts/SummaryCard';
import { useToday } from '../parts/useToday';
import { REPORT_TEXT as T } from '../messages';
import { DETAIL_PAGE_SIZE, DetailTables } from './DetailTables';
import { FilterBar } from './FilterBar';
import { FinancialCharts } from './FinancialCharts';
import { InsightCards } from './InsightCards';
import { useFinancialReport } from './useFinancialReport';

/** Relatório Financeiro (spec §2.4): filters, summary, detail, charts, insights, export. */
export function FinancialReport({ filter, setFilter }: { filter: ReportFilter; setFilter: (f: ReportFilter) => void }) {
  const today = useToday();
  const r = useFinancialReport(filter, today);
  // The detail's first page names its customers from those documents alone; every customer (other
  // pages, the export) is read once the summary is on screen (issue 33).
  const firstPageIds = useMemo(() => r.income.slice(0, DETAIL_PAGE_SIZE).map((t) => t.customerId).filter((id): id is string => Boolean(id)), [r.income]);
  const firstPage = useCustomerNamesOf(firstPageIds);
  const { customers, loading: customersLoading } = useReportCustomers(usePaintedAfter(!r.loading && !firstPage.loading));
  // A customer deleted on another device reads as removed, not as not-yet-synced.
  const referencedIds = useMemo(() => r.txs.map((t) => t.customerId).filter((id): id is string => Boolean(id)), [r.txs]);
  const labels = useCustomerLabels(firstPage, { customers, loading: customersLoading }, referencedIds);
  const customerName = useCallback(
    (t: ReportTx) => (t.customerId ? labels.get(t.customerId) ?? referencedCustomerLabel(null, undefined) : t.name) || '-',
    [labels],
  );
  // Cards and detail paint first; the charts (their chunk and a canvas each) follow once they are
  // on screen — a deferred render still ran before that first paint (bench:ui profile, issue 33).
  const chartsReady = usePaintedAfter(!r.loading);
  const balanceTone = r.summary.balanceCents >= 0 ? 'green' : 'red';

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg">
          {T.tabFinancial}
        </Heading>
        <ExportMenu getTable={() => financialExport(r.txs, today)} />
      </HStack>
      <FilterBar filter={filter} range={r.range} onChange={setFilter} />
      {r.error ? <Text color="red.fg">{T.loadError}</Text> : null}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="financial-summary">
        <SummaryCard testId="total-income" loading={r.loading} label={T.totalIncome} value={formatCentsBRL(r.summary.incomeCents)} tone="green" />
        <SummaryCard testId="total-expense" loading={r.loading} label={T.totalExpense} value={formatCentsBRL(r.summary.expenseCents)} tone="red" />
        <SummaryCard testId="final-balance" loading={r.loading} label={T.finalBalance} value={formatCentsBRL(r.summary.balanceCents)} tone={balanceTone} />
      </SimpleGrid>
      <Section title={`${T.income} e ${T.expenses}`}>
        <DetailTables income={r.income} expenses={r.expenses} customerName={customerName} loading={r.loading || (customersLoading && firstPage.loading)} />
      </Section>
      {!r.loading && chartsReady && <FinancialCharts daily={r.daily} byCategory={r.byCategory} byMethod={r.byMethod} />}
      <Heading as="h3" size="md">
        {T.insights}
      </Heading>
      <InsightCards insights={r.insights} loading={r.insightsLoading} />
    </Stack>
  );
}
