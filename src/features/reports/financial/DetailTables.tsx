import { useState } from 'react';
import { Box, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { formatDate } from '../../../domain/dates';
import { formatCentsBRL } from '../../../domain/money';
import { categoryLabel, type ReportTx } from '../../../domain/reports';
import { Pagination } from '../../../ui/Pagination';
import { pageSlice } from '../../../ui/pagination';
import { PAYMENT_STATUS_LABELS } from '../../../domain/transaction-status';
import { badgeStyles, KitClassNames, tableStyles } from '../../../ui/KitClassNames';
import { REPORT_TEXT as T } from '../messages';
import { TableScroll } from '../../../ui/ScrollRegion';

export const DETAIL_PAGE_SIZE = 10;
const PAGE_SIZE = DETAIL_PAGE_SIZE;

const table = tableStyles({ striped: true });
const pill = (colorPalette: string) => ({ ...badgeStyles(colorPalette), rounded: 'full', px: '2' });
/** The kit's table and the status pill (green when pago, yellow otherwise — spec §2.4) as classes made once per render (KitClassNames, issue 33). */
const STYLES = {
  ...table,
  root: { ...table.root, minW: '560px' },
  nowrap: { ...table.cell, whiteSpace: 'nowrap' },
  description: { ...table.cell, maxW: '64', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  value: { ...table.cell, textAlign: 'end', whiteSpace: 'nowrap' },
  paid: pill('green'),
  open: pill('yellow'),
};

function DetailTable({ rows, kind, customerName }: { rows: ReportTx[]; kind: 'income' | 'expense'; customerName: (t: ReportTx) => string }) {
  const [page, setPage] = useState(1);
  if (rows.length === 0) return <Text color="fg.muted">{kind === 'income' ? T.noIncome : T.noExpense}</Text>;
  return (
    <>
      <TableScroll label={kind === 'income' ? 'Receitas do período' : 'Despesas do período'}>
        <KitClassNames styles={STYLES}>
          {(c) => (
            <table className={c.root}>
              <thead className={c.header}>
                <tr className={c.row}>
                  <th className={c.head}>{T.colDate}</th>
                  <th className={c.head}>{kind === 'income' ? T.colCustomer : T.colCategory}</th>
                  <th className={c.head}>{T.colDescription}</th>
                  <th className={c.headEnd}>{T.colValue}</th>
                  <th className={c.head}>{T.colStatus}</th>
                </tr>
              </thead>
              <tbody className={c.body}>
                {pageSlice(rows, page, PAGE_SIZE).map((t) => (
                  <tr key={t.id} className={c.row}>
                    <td className={c.nowrap}>{formatDate(t.day)}</td>
                    <td className={c.cell}>{kind === 'income' ? customerName(t) : categoryLabel(t.category)}</td>
                    <td className={c.description} title={t.description}>
                      {t.description || '-'}
                    </td>
                    <td className={c.value}>{formatCentsBRL(t.cents)}</td>
                    <td className={c.cell}>
                      <span className={t.status === 'pago' ? c.paid : c.open}>{PAYMENT_STATUS_LABELS[t.status]}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </KitClassNames>
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
