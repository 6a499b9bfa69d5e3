import { SimpleGrid, Table, Text } from '@chakra-ui/react';
import { formatCentsBRL, fromCents } from '../../../domain/money';
import type { CustomerRow } from '../../../domain/reports';
import { BarChart, COLORS } from '../charts';
import { Section } from '../parts/Section';
import { REPORT_TEXT as T } from '../messages';
import { TableScroll } from '../../../ui/ScrollRegion';

/** 'Clientes VIP': top 10 by total spent. */
export function VipSection({ top }: { top: CustomerRow[] }) {
  return (
    <Section title={T.vipTitle} testId="vip">
      {top.length === 0 ? (
        <Text color="fg.muted">{T.noVip}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, '2xl': 2 }} gap="4">
          <div>
            <Text fontWeight="medium" mb="2">
              {T.top10}
            </Text>
            <BarChart
              height={Math.max(220, top.length * 34 + 50)}
              horizontal
              ariaLabel={T.top10}
              labels={top.map((c) => c.name)}
              series={[{ label: T.colTotalSpent, color: COLORS.income, values: top.map((c) => fromCents(c.totalCents)) }]}
            />
          </div>
          <TableScroll label={T.top10}>
            <Table.Root size="sm" minW="440px" data-testid="vip-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{T.colCustomer}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{T.colTotalSpent}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{T.colPurchases}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{T.colTicket}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {top.map((c) => (
                  <Table.Row key={c.id}>
                    <Table.Cell>{c.name}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatCentsBRL(c.totalCents)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{c.purchases}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatCentsBRL(c.ticketCents)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableScroll>
        </SimpleGrid>
      )}
    </Section>
  );
}
