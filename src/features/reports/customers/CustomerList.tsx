import { useMemo, useState } from 'react';
import { Badge, Button, Input, Stack, Table, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { formatDate } from '../../../domain/dates';
import { formatCentsBRL } from '../../../domain/money';
import { matchesSearch } from '../../../domain/search';
import { CUSTOMER_STATUS_COLORS, CUSTOMER_STATUS_LABELS, sortCustomerRows, type CustomerRow, type CustomerSortKey } from '../../../domain/reports';
import { Pagination } from '../../../ui/Pagination';
import { pageSlice } from '../../../ui/pagination';
import { REPORT_TEXT as T } from '../messages';
import { TableScroll } from '../../../ui/ScrollRegion';

const PAGE_SIZE = 10;

/** 'Lista de Clientes': searchable, sortable by each column, paginated. */
export function CustomerList({ rows }: { rows: CustomerRow[] }) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: CustomerSortKey; dir: 'asc' | 'desc' }>({ key: 'total', dir: 'desc' });
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () => sortCustomerRows(rows.filter((r) => matchesSearch(query, [r.name, r.phone])), sort.key, sort.dir),
    [rows, query, sort],
  );
  const header = (key: CustomerSortKey, label: string, end = false) => (
    <Table.ColumnHeader textAlign={end ? 'end' : undefined} aria-sort={sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Button
        variant="plain"
        size="xs"
        px="0"
        fontWeight="semibold"
        onClick={() => {
          setSort((s) => ({ key, dir: s.key === key && s.dir === 'desc' ? 'asc' : 'desc' }));
          setPage(1);
        }}
      >
        {label}
        {sort.key === key && (sort.dir === 'asc' ? <ArrowUp /> : <ArrowDown />)}
      </Button>
    </Table.ColumnHeader>
  );
  return (
    <Stack gap="3">
      <Input
        size="sm"
        placeholder={T.searchCustomer}
        aria-label={T.searchCustomer}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setPage(1);
        }}
      />
      {shown.length === 0 ? (
        <Text color="fg.muted">{T.noCustomers}</Text>
      ) : (
        <TableScroll label="Lista de clientes">
          <Table.Root size="sm" minW="400px" striped data-testid="customer-list">
            <Table.Header>
              <Table.Row>
                {header('name', T.colName)}
                {header('total', T.colTotalSpent, true)}
                {header('lastPurchase', T.colLastPurchase)}
                {header('status', T.colStatus)}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {pageSlice(shown, page, PAGE_SIZE).map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell>{r.name}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatCentsBRL(r.totalCents)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{r.lastPurchase ? formatDate(r.lastPurchase) : '-'}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={CUSTOMER_STATUS_COLORS[r.status]} variant="subtle" rounded="full" px="2">
                      {CUSTOMER_STATUS_LABELS[r.status]}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
      <Pagination page={page} total={shown.length} pageSize={PAGE_SIZE} onPageChange={setPage} buttons={3} />
    </Stack>
  );
}
