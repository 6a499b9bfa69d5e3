/** /adm/reports: five tabs (the fifth, Notas fiscais, for the accountant: issue 38), each computed on this device from the local database. */
import { lazy, Suspense, useState } from 'react';
import { Box, Heading, HStack, Spinner, Tabs, Text } from '@chakra-ui/react';
import { useFirstDownload } from '../../data/db/first-download';
import { DEFAULT_FILTER, type ReportFilter } from '../../domain/reports';
import { FirstDownloadState } from '../../ui/FirstDownloadState';
import { FinancialReport } from './financial/FinancialReport';
import { REPORT_TEXT as T } from './messages';

const StockReport = lazy(() => import('./stock/StockReport').then((m) => ({ default: m.StockReport })));
const CustomerReport = lazy(() => import('./customers/CustomerReport').then((m) => ({ default: m.CustomerReport })));
const WorkOrderReport = lazy(() => import('./work-orders/WorkOrderReport').then((m) => ({ default: m.WorkOrderReport })));
const NfseReport = lazy(() => import('./nfse/NfseReport').then((m) => ({ default: m.NfseReport })));

const Loading = () => (
  <HStack color="fg.muted" gap="2" py="4">
    <Spinner size="sm" />
    <Text>{T.loading}</Text>
  </HStack>
);

/** What the reports read: computed over half a download they would mislead (and say "no data"). */
const REPORTED = ['transactions', 'customers', 'quotations', 'stock_items', 'stock_movements', 'work_orders', 'work_order_events', 'nfse'] as const;

export function ReportsPage() {
  // Kept here so the financial filter survives a visit to another tab.
  const [filter, setFilter] = useState<ReportFilter>(DEFAULT_FILTER);
  const download = useFirstDownload(REPORTED);
  return (
    <>
      <Heading as="h1" size="2xl" mb="4">
        {T.pageTitle}
      </Heading>
      {download.done ? <ReportTabs filter={filter} setFilter={setFilter} /> : <FirstDownloadState progress={download} />}
    </>
  );
}

function ReportTabs({ filter, setFilter }: { filter: ReportFilter; setFilter: (f: ReportFilter) => void }) {
  return (
    <>
      <Tabs.Root defaultValue="financial" lazyMount unmountOnExit variant="line" fitted={false}>
        <Tabs.List overflowX="auto" overflowY="hidden" scrollbarWidth="none" mb="4">
          <Tabs.Trigger value="financial" flexShrink={0} aria-label={T.tabFinancial}>
            <Box as="span" hideBelow="md">
              {T.tabFinancial}
            </Box>
            <Box as="span" hideFrom="md">
              {T.financeiroShort}
            </Box>
          </Tabs.Trigger>
          <Tabs.Trigger value="stock" flexShrink={0} aria-label={T.tabStock}>
            <Box as="span" hideBelow="md">
              {T.tabStock}
            </Box>
            <Box as="span" hideFrom="md">
              {T.estoqueShort}
            </Box>
          </Tabs.Trigger>
          <Tabs.Trigger value="customers" flexShrink={0} aria-label={T.tabCustomers}>
            <Box as="span" hideBelow="md">
              {T.tabCustomers}
            </Box>
            <Box as="span" hideFrom="md">
              {T.clientesShort}
            </Box>
          </Tabs.Trigger>
          <Tabs.Trigger value="work-orders" flexShrink={0} aria-label={T.tabWorkOrders}>
            <Box as="span" hideBelow="md">
              {T.tabWorkOrders}
            </Box>
            <Box as="span" hideFrom="md">
              {T.servicosShort}
            </Box>
          </Tabs.Trigger>
          <Tabs.Trigger value="nfse" flexShrink={0} aria-label={T.tabNfse}>
            <Box as="span" hideBelow="md">
              {T.tabNfse}
            </Box>
            <Box as="span" hideFrom="md">
              {T.nfseShort}
            </Box>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="financial" p="0">
          <FinancialReport filter={filter} setFilter={setFilter} />
        </Tabs.Content>
        <Tabs.Content value="stock" p="0">
          <Suspense fallback={<Loading />}>
            <StockReport />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="customers" p="0">
          <Suspense fallback={<Loading />}>
            <CustomerReport />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="work-orders" p="0">
          <Suspense fallback={<Loading />}>
            <WorkOrderReport filter={filter} setFilter={setFilter} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="nfse" p="0">
          <Suspense fallback={<Loading />}>
            <NfseReport />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
