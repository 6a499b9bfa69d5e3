/**
 * The customers screen (spec §2 "Customer management overlay"): 'Novo Cliente', a search box,
 * a table on desktop / cards below 768 px, paginated; a row opens 'Detalhes de {name}'.
 * Shown inside the desktop overlay ('Gerenciamento de Clientes', `embedded`) and at
 * /adm/customers on mobile.
 */
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Heading, HStack, Input, InputGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { Plus, Search } from 'lucide-react';
import { useCustomerRows, type CustomerRow } from '../../data/db/customers';
import { useFirstDownload } from '../../data/db/first-download';
import { normalizeForSearch } from '../../domain/search';
import { FirstDownloadState } from '../../ui/FirstDownloadState';
import { awaitingFirstDownload } from '../../ui/firstDownloadText';
import { Pagination } from '../../ui/Pagination';
import { pageSlice } from '../../ui/pagination';
import { CustomerCards } from './CustomerCards';
import { CustomerDetailsDialog } from './CustomerDetailsDialog';
import { CustomerFormDialog } from './CustomerFormDialog';
import { CustomersTable } from './CustomersTable';
import { CUSTOMER_TEXT as T } from './messages';
import { useCustomerDelete } from './useCustomerDelete';
import { useSmallScreen } from './useSmallScreen';

export const CUSTOMERS_PAGE_SIZE = 10;

/** importButton: 'Importar planilha', composed by the route (src/app). */
export function CustomersPage({ embedded = false, importButton }: { embedded?: boolean; importButton?: ReactNode }) {
  const { rows, loading: rowsLoading, countsLoading, partialOf } = useCustomerRows();
  const small = useSmallScreen();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ customer: CustomerRow | null } | null>(null);
  const [details, setDetails] = useState<CustomerRow | null>(null);
  const { requestDelete, dialog } = useCustomerDelete();
  const download = useFirstDownload('customers');

  // Each row's searchable text normalized once per change of the list, not once per keystroke.
  const searchable = useMemo(
    () => rows.map((c) => ({ c, text: normalizeForSearch([c.name, c.phone, c.whatsapp, c.description].join('\n')) })),
    [rows],
  );
  const filtered = useMemo(() => {
    const q = normalizeForSearch(deferredQuery);
    return q === '' ? rows : searchable.filter((s) => s.text.includes(q)).map((s) => s.c);
  }, [rows, searchable, deferredQuery]);
  // Until every customer is read only the first page (remembered from the last open) is here:
  // a search or another page waits for the rest.
  const loading = rowsLoading || (partialOf !== null && (deferredQuery.trim() !== '' || page > 1));
  const total = partialOf ?? filtered.length;
  const visible = pageSlice(filtered, page, CUSTOMERS_PAGE_SIZE);
  const handlers = {
    onDetails: (c: CustomerRow) => setDetails(c),
    onEdit: (c: CustomerRow) => setForm({ customer: c }),
    onDelete: requestDelete,
  };

  return (
    <Box>
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} mb="4" gap="3">
        {!embedded && (
          <Heading as="h1" size="2xl">
            {T.title}
          </Heading>
        )}
        <InputGroup flex="1" maxW={{ sm: 'md' }} startElement={<Search size={16} aria-hidden />}>
          <Input
            type="search"
            aria-label={T.searchLabel}
            placeholder={T.searchPlaceholder}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
        </InputGroup>
        <Button colorPalette="blue" onClick={() => setForm({ customer: null })} flexShrink={0}>
          <Plus aria-hidden /> {T.newCustomer}
        </Button>
        {importButton}
      </Stack>

      {loading ? (
        <HStack gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text>{T.loading}</Text>
        </HStack>
      ) : awaitingFirstDownload(download, rows.length === 0) ? (
        <FirstDownloadState progress={download} />
      ) : filtered.length === 0 ? (
        <Text color="fg.muted">{rows.length === 0 ? T.empty : T.noMatch}</Text>
      ) : (
        <>
          {!download.done && <FirstDownloadState progress={download} compact />}
          <Text textStyle="xs" color="fg.muted" mb="2" aria-live="polite">
            {T.count(total)}
          </Text>
          {small ? <CustomerCards rows={visible} countsLoading={countsLoading} {...handlers} /> : <CustomersTable rows={visible} countsLoading={countsLoading} {...handlers} />}
          <Pagination
            page={page}
            total={total}
            pageSize={CUSTOMERS_PAGE_SIZE}
            onPageChange={setPage}
            buttons={small ? 3 : 5}
          />
        </>
      )}

      <CustomerFormDialog open={form !== null} customer={form?.customer ?? null} onClose={() => setForm(null)} />
      <CustomerDetailsDialog customer={details} onClose={() => setDetails(null)} />
      {dialog}
    </Box>
  );
}
