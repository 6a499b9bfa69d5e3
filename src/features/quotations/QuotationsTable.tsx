/** Wide screens: Código, Cliente, Descrição, Valor Total, Status, Ações. */
import { memo } from 'react';
import { Table, Text } from '@chakra-ui/react';
import type { QuotationDoc } from '@shared';
import { formatBRL } from '../../domain/money';
import { customerColumn, type QuotationRow } from './list-model';
import { QT } from './messages';
import { RowActions, type LaunchProps } from './RowActions';
import { StatusBadge } from './StatusBadge';
import type { QuotationActions } from './useQuotationActions';
import { TableScroll } from '../../ui/ScrollRegion';

type Props = LaunchProps & { rows: QuotationRow[]; actions: QuotationActions; onEdit: (q: QuotationDoc) => void };

export const QuotationsTable = memo(function QuotationsTable({ rows, actions, onEdit, ...launch }: Props) {
  return (
    <TableScroll label="Lista de orçamentos">
      <Table.Root size="sm" striped data-testid="quotations-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{QT.col.code}</Table.ColumnHeader>
            <Table.ColumnHeader>{QT.col.customer}</Table.ColumnHeader>
            <Table.ColumnHeader>{QT.col.description}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{QT.col.total}</Table.ColumnHeader>
            <Table.ColumnHeader>{QT.col.status}</Table.ColumnHeader>
            <Table.ColumnHeader>{QT.col.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(({ q, customer, removedCustomer }) => (
            <Table.Row key={q.id} data-testid="quotation-row" data-code={q.code}>
              <Table.Cell fontFamily="mono" fontWeight="semibold" whiteSpace="nowrap">
                {q.code}
              </Table.Cell>
              <Table.Cell>{customer?.name ?? <Text as="span" color="fg.muted">{customerColumn({ q, customer, removedCustomer }, QT.noCustomer)}</Text>}</Table.Cell>
              <Table.Cell maxW="xs">
                <Text lineClamp={2} title={q.description}>
                  {q.description}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatBRL(q.total_amount)}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={q.status} validityDate={q.validity_date} />
              </Table.Cell>
              <Table.Cell>
                <RowActions q={q} actions={actions} onEdit={onEdit} {...launch} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
});
