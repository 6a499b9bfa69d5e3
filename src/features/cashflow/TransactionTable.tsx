/** Wide screens: Tipo, Descrição, Valor, Data, Status, Registrado por, Ações. Only the page's rows. */
import { memo } from 'react';
import { Badge, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { Pencil, Trash2 } from 'lucide-react';
import { CASHFLOW_TEXT as T } from './messages';
import type { RowView } from './rowView';
import { TableScroll } from '../../ui/ScrollRegion';

interface Props {
  rows: RowView[];
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

const TYPE_COLORS = { entrada: 'green', saida: 'red', despesas: 'orange' } as const;

export const TransactionTable = memo(function TransactionTable({ rows, onEdit, onDelete }: Props) {
  return (
    <TableScroll label="Lançamentos">
      <Table.Root size="sm" interactive aria-label={T.listLabel}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{T.colType}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colDescription}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.colAmount}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colDate}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colStatus}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colBy}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.colActions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid="transaction-row">
              <Table.Cell>
                <Badge colorPalette={TYPE_COLORS[r.type]} variant="subtle">
                  {r.typeLabel}
                </Badge>
              </Table.Cell>
              <Table.Cell maxW="xs">
                <Text truncate title={r.title}>
                  {r.title}
                </Text>
                {r.detail && (
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {r.detail}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums" color={r.type === 'entrada' ? 'green.fg' : 'red.fg'}>
                {r.amount}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{r.date}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={r.statusColor} data-testid="transaction-status">
                  {r.statusLabel}
                </Badge>
                {r.due && (
                  <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                    {T.due} {r.due}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell maxW="48">
                <Text truncate fontSize="sm" title={r.by}>
                  {r.by}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <HStack justify="flex-end" gap="1">
                  <IconButton aria-label={T.editAria(r.title)} title={T.edit} size="xs" variant="ghost" onClick={() => onEdit(r.id)}>
                    <Pencil />
                  </IconButton>
                  <IconButton aria-label={T.removeAria(r.title)} title={T.remove} size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(r.id)}>
                    <Trash2 />
                  </IconButton>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
});
