import { useState } from 'react';
import { Box, Skeleton, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { formatDate } from '../../../domain/dates';
import { formatCentsBRL } from '../../../domain/money';
import { categoryLabel, type ReportTx } from '../../../domain/reports';
import { Pagination } from '../../../ui/Pagination';
import { pageSlice } from '../../../ui/pagination';
import { StatusPill } from '../parts/StatusPill';
import { REPORT_TEXT as T } from '../messages';
import { TableScroll } from '../../../ui/ScrollRegion';

export const DETAIL_PAGE_SIZE = 10;
const PAGE_SIZE = DETAIL_PAGE_SIZE;

function DetailTable({ rows, kind, customerName }: { rows: ReportTx[]; kind: 'income' | 'expense'; customerName: (t: ReportTx) => string }) {
  const [page, setPage] = useState(1);
  if (rows.length === 0) return <Text color="fg.muted">{kind === 'income' ? T.noIncome : T.noExpense}</Text>;
  return (
    <>
      <TableScroll label={kind === 'income' ? 'Receitas do período' : 'Despesas do período'}>
        <Table.Root size="sm" minW="560px" striped>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{T.colDate}</Table.ColumnHeader>
              <Table.ColumnHeader>{kind === 'income' ? T.colCustomer : T.colCategory}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.colDescription}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{T.colValue}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.colStatus}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {pageSlice(rows, page, PAGE_SIZE).map((t) => (
              <Table.Row key={t.id}>
                <Table.Cell whiteSpace="nowrap">{formatDate(t.day)}</Table.Cell>
                <Table.Cell>{kind === 'income' ? customerName(t) : categoryLabel(t.category)}</Table.Cell>
                <Table.Cell maxW="64" truncate title={t.description}>
                  {t.description || '-'}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatCentsBRL(t.cents)}
                </Table.Cell>
                <Table.Cell>
                  <StatusPill status={t.status} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      <Pagination page={page} total={rows.length} pageSize={PAGE_SIZE} onPageChange={setPage} buttons={3} />
    </>
  );
}

/** While the period is read: rows to come, never "Nenhuma entrada no período" before it is known. */
function DetailSkeleton() {
  return (
    <Stack gap="2" aria-busy="true" data-testid="detail-skeleton">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height="8" />
      ))}
    </Stack>
  );
}

/**
 * 'Entradas' (default) and 'Saídas' of the selected period, newest first, paginated. `loading`:
 * the period (or the first page's customer names) is still being read.
 */
export function DetailTables({ income, expenses, customerName, loading = false }: { income: ReportTx[]; expenses: ReportTx[]; customerName: (t: ReportTx) => string; loading?: boolean }) {
  const count = (n: number) => (loading ? '…' : String(n));
  return (
    <Tabs.Root defaultValue="income" variant="enclosed" size="sm" lazyMount>
      <Tabs.List>
        <Tabs.Trigger value="income">
          {T.income} ({count(income.length)})
        </Tabs.Trigger>
        <Tabs.Trigger value="expense">
          {T.expenses} ({count(expenses.length)})
        </Tabs.Trigger>
      </Tabs.List>
      <Box pt="3">
        <Tabs.Content value="income" p="0">
          {loading ? <DetailSkeleton /> : <DetailTable key={`i${income.length}`} rows={income} kind="income" customerName={customerName} />}
        </Tabs.Content>
        <Tabs.Content value="expense" p="0">
          {loading ? <DetailSkeleton /> : <DetailTable key={`e${expenses.length}`} rows={expenses} kind="expense" customerName={customerName} />}
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}
