/** Desktop list: Nome, Telefone, WhatsApp, Descrição, Transações, Orçamentos, Ações; a row click opens details. */
import { Badge, Table, Text } from '@chakra-ui/react';
import type { CustomerRow } from '../../data/db/customers';
import { CustomerActions, FixButton, type CustomerActionHandlers } from './CustomerActions';
import { CUSTOMER_TEXT as T } from './messages';
import { TableScroll } from '../../ui/ScrollRegion';
import { formatPhoneBR } from '../../domain/whatsapp';

export function CustomersTable({ rows, countsLoading = false, ...handlers }: { rows: CustomerRow[]; countsLoading?: boolean } & CustomerActionHandlers) {
  return (
    <TableScroll label="Lista de clientes">
      <Table.Root size="sm" interactive aria-label={T.title}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{T.colName}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colPhone}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colWhatsapp}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colDescription}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">{T.colTransactions}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">{T.colQuotations}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.colActions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((c) => (
            <Table.Row
              key={c.id}
              data-customer={c.id}
              cursor="pointer"
              bg={c.refused ? 'red.50' : undefined}
              onClick={() => handlers.onDetails(c)}
            >
              <Table.Cell fontWeight="medium" maxW="72" whiteSpace="normal">
                {c.name}
                {c.refused && (
                  <>
                    <Text as="span" display="block" textStyle="xs" color="red.700" fontWeight="normal">
                      <Badge colorPalette="red" size="sm" me="1">
                        {T.refusedBadge}
                      </Badge>
                      {c.refused.message}
                    </Text>
                    <FixButton customer={c} onEdit={handlers.onEdit} />
                  </>
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatPhoneBR(c.phone)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{c.whatsapp ?? T.none}</Table.Cell>
              <Table.Cell maxW="56">
                <Text truncate title={c.description ?? undefined}>
                  {c.description ?? T.none}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="center">{countsLoading ? '…' : c.transaction_count}</Table.Cell>
              <Table.Cell textAlign="center">{countsLoading ? '…' : c.quotation_count}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <CustomerActions customer={c} showFix={false} {...handlers} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
