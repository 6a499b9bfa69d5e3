/**
 * /adm/quotations: 'Orçamentos' with Atualizar and Novo Orçamento, search and status filter,
 * a table on wide screens and cards below 768 px, 10 per page. Reads the local database
 * (works offline, changes live as other devices' edits arrive).
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Center, Heading, HStack, IconButton, Spinner, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Plus, RefreshCw } from 'lucide-react';
import type { QuotationDoc } from '@shared';
import { useCompanyProfile } from '../../data/db/company';
import { useCustomerIndex, useNewestQuotations, useQuotations } from '../../data/db/quotations';
import { useRemovedCustomerNames } from '../../data/db/customers';
import { useFirstDownload } from '../../data/db/first-download';
import { usePaintedAfter } from '../../data/db/live-query';
import { FirstDownloadState } from '../../ui/FirstDownloadState';
import { awaitingFirstDownload } from '../../ui/firstDownloadText';
import { Pagination } from '../../ui/Pagination';
import { pageSlice } from '../../ui/pagination';
import { buildRows, filterRows, type StatusFilter } from './list-model';
import { QT } from './messages';
import { QuotationCards } from './QuotationCard';
import { QuotationFormModal } from './QuotationFormModal';
import { QuotationsTable } from './QuotationsTable';
import { QuotationsToolbar } from './QuotationsToolbar';
import type { CustomerFormDialogComponent, LaunchToCash } from './types';
import { useCodeRecoveryToasts } from './useCodeRecoveryToasts';
import { useQuotationActions, type QuotationActions } from './useQuotationActions';
import { useRefresh } from './useRefresh';

export const PAGE_SIZE = 10;

type Props = LaunchToCash & { CustomerFormDialog: CustomerFormDialogComponent };

export function QuotationsPage({ CustomerFormDialog, ...launch }: Props) {
  const mobile = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  // The first page comes from an indexed query of 10; the whole list (search, other pages) is
  // read right after that page has painted.
  const [headWanted, setHeadWanted] = useState(true);
  const head = useNewestQuotations(PAGE_SIZE, headWanted);
  const fullWanted = usePaintedAfter(!head.loading);
  const full = useQuotations(fullWanted);
  const { byId, loading: customersLoading } = useCustomerIndex(fullWanted);
  const ready = !full.loading && !customersLoading;
  // The whole list is live from here on: the head's reads would only repeat it.
  if (ready && headWanted) setHeadWanted(false);
  const { error } = full;
  const { company } = useCompanyProfile();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ editing: QuotationDoc | null } | null>(null);
  const query = useDeferredValue(text);
  const { refreshing, refresh } = useRefresh(mobile);
  useCodeRecoveryToasts();
  const download = useFirstDownload('quotations');

  const rows = useMemo(() => (ready ? buildRows(full.quotations, byId) : []), [ready, full.quotations, byId]);
  const filtered = useMemo(() => filterRows(rows, query, status, new Date()), [rows, query, status]);
  const headRows = useMemo(() => buildRows(head.quotations, head.customers), [head.quotations, head.customers]);
  const waitFull = !ready && (text.trim() !== '' || status !== 'all' || page > 1);
  const sliced = useMemo(() => (ready ? pageSlice(filtered, page, PAGE_SIZE) : headRows), [ready, filtered, page, headRows]);
  // A customer deleted on another device reads as removed, not as not-yet-synced.
  const missing = useMemo(() => sliced.filter((r) => r.q.customer_id && !r.customer).map((r) => r.q.customer_id!), [sliced]);
  const removed = useRemovedCustomerNames(missing);
  const visible = useMemo(
    () => (removed.size === 0 ? sliced : sliced.map((r) => (r.q.customer_id && removed.has(r.q.customer_id) ? { ...r, removedCustomer: removed.get(r.q.customer_id) } : r))),
    [sliced, removed],
  );
  const total = ready ? full.quotations.length : head.total ?? 0;
  const shown = ready ? filtered.length : total;
  const loading = (!ready && head.loading) || waitFull;
  // Until the whole list is read, the first page's customers come with it.
  const customers = ready ? byId : head.customers;
  const actions = useQuotationActions({
    company,
    customerOf: (q) => (q.customer_id ? customers.get(q.customer_id) ?? null : null),
    removedCustomerOf: (q) => (q.customer_id ? removed.get(q.customer_id) : undefined),
    mobile,
  });
  // Stable handlers, so opening the form or a dialog does not re-render the rows.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  const rowActions = useMemo<QuotationActions>(
    () => ({
      view: (q) => latest.current.view(q),
      copy: (q) => latest.current.copy(q),
      share: (q) => latest.current.share(q),
      savePdf: (q) => latest.current.savePdf(q),
      askDelete: (q, after) => latest.current.askDelete(q, after),
      dialogs: null,
    }),
    [],
  );
  const onEdit = useCallback((q: QuotationDoc) => setForm({ editing: q }), []);
  const filtering = text.trim() !== '' || status !== 'all';

  let body;
  if (loading) {
    body = (
      <HStack gap="2" color="fg.muted" py="8" justify="center">
        <Spinner size="sm" />
        <Text>{QT.loading}</Text>
      </HStack>
    );
  } else if (error) {
    body = (
      <Box role="alert" py="8" textAlign="center">
        <Text fontWeight="semibold">{QT.loadErrorTitle}</Text>
        <Text color="fg.muted">{QT.loadError}</Text>
      </Box>
    );
  } else if (awaitingFirstDownload(download, total === 0)) {
    body = <FirstDownloadState progress={download} />;
  } else if (total === 0) {
    body = (
      <Stack py="8" align="center" gap="3" textAlign="center">
        <Text color="fg.muted" maxW="lg">
          {QT.empty}
        </Text>
        <Button variant="outline" onClick={() => void refresh()} loading={refreshing}>
          {QT.refreshData}
        </Button>
      </Stack>
    );
  } else if (shown === 0) {
    body = (
      <Text color="fg.muted" py="8" textAlign="center">
        {QT.emptyShort}
      </Text>
    );
  } else if (mobile) {
    body = <QuotationCards rows={visible} actions={rowActions} onEdit={onEdit} {...launch} />;
  } else {
    body = <QuotationsTable rows={visible} actions={rowActions} onEdit={onEdit} {...launch} />;
  }

  return (
    <Box pb={mobile ? '20' : '0'}>
      <HStack justify="space-between" mb="4" wrap="wrap" gap="2">
        <Heading as="h1" size="2xl">
          {QT.title}
        </Heading>
        <HStack gap="2">
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing} size={mobile ? 'sm' : 'md'}>
            <RefreshCw size={16} aria-hidden="true" />
            {refreshing ? QT.refreshing : QT.refresh}
          </Button>
          {!mobile && (
            <Button colorPalette="blue" onClick={() => setForm({ editing: null })}>
              <Plus size={16} aria-hidden="true" />
              {QT.newQuotation}
            </Button>
          )}
        </HStack>
      </HStack>
      {!download.done && total > 0 && <FirstDownloadState progress={download} compact />}
      {total > 0 && (
        <QuotationsToolbar
          text={text}
          onText={(t) => {
            setText(t);
            setPage(1);
          }}
          status={status}
          onStatus={(s) => {
            setStatus(s);
            setPage(1);
          }}
          count={filtering ? shown : total}
        />
      )}
      {body}
      <Pagination page={page} total={shown} pageSize={PAGE_SIZE} onPageChange={setPage} buttons={mobile ? 3 : 5} />
      {mobile && (
        <Center position="fixed" bottom="calc(88px + env(safe-area-inset-bottom))" right="5" zIndex="sticky">
          <IconButton aria-label={QT.actions.add} rounded="full" size="xl" colorPalette="blue" shadow="lg" onClick={() => setForm({ editing: null })}>
            <Plus />
          </IconButton>
        </Center>
      )}
      {form && (
        <QuotationFormModal
          editing={form.editing}
          onClose={() => setForm(null)}
          CustomerFormDialog={CustomerFormDialog}
          customers={customers}
        />
      )}
      {actions.dialogs}
    </Box>
  );
}
