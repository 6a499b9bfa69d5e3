import { useState } from 'react';
import { Box, SimpleGrid, Table, Text } from '@chakra-ui/react';
import { formatCentsBRL, fromCents } from '../../../domain/money';
import { formatPhoneBR } from '../../../domain/whatsapp';
import { debtReminderMessage, TOP_DEBTORS, type CustomerRow } from '../../../domain/reports';
import { Pagination } from '../../../ui/Pagination';
import { pageSlice } from '../../../ui/pagination';
import { BarChart, COLORS } from '../charts';
import { Section } from '../parts/Section';
import { REPORT_TEXT as T } from '../messages';
import { WhatsAppLink } from './WhatsAppLink';
import { TableScroll } from '../../../ui/ScrollRegion';

/** 'Clientes Inadimplentes': top 5 debtors chart and the table with 'Enviar Lembrete'. */
const PAGE_SIZE = 10;

/** 'Enviar Lembrete': WhatsApp with the amount owed and the oldest due date. */
const Reminder = ({ d }: { d: CustomerRow }) => (
  <WhatsAppLink number={d.whatsapp} name={d.name} label={T.sendReminder} message={debtReminderMessage(d.name, d.debtCents, d.oldestDebtDate)} />
);

export function DebtorsSection({ debtors }: { debtors: CustomerRow[] }) {
  const [page, setPage] = useState(1);
  const top = debtors.slice(0, TOP_DEBTORS);
  return (
    <Section title={T.defaultersTitle} testId="debtors">
      {debtors.length === 0 ? (
        <Text color="fg.muted">{T.noDebtors}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, '2xl': 2 }} gap="4">
          <div>
            <Text fontWeight="medium" mb="2">
              {T.topDebtors}
            </Text>
            <BarChart
              height={Math.max(200, top.length * 44 + 50)}
              horizontal
              ariaLabel={T.topDebtors}
              labels={top.map((d) => d.name)}
              series={[{ label: T.colOverdue, color: COLORS.expense, values: top.map((d) => fromCents(d.debtCents)) }]}
            />
          </div>
          <Box minW="0">
            <TableScroll label={T.topDebtors}>
              <Table.Root size="sm" data-testid="debtors-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{T.colCustomer}</Table.ColumnHeader>
                    <Table.ColumnHeader hideBelow="md">{T.colPhone}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{T.colOverdue}</Table.ColumnHeader>
                    <Table.ColumnHeader hideBelow="md">{T.colActions}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {pageSlice(debtors, page, PAGE_SIZE).map((d) => (
                    <Table.Row key={d.id}>
                      <Table.Cell>
                        {d.name}
                        <Text hideFrom="md" fontSize="xs" color="fg.muted">
                          {d.phone ? formatPhoneBR(d.phone) : '-'}
                        </Text>
                        <Box hideFrom="md" mt="1.5">
                          <Reminder d={d} />
                        </Box>
                      </Table.Cell>
                      <Table.Cell hideBelow="md" whiteSpace="nowrap">
                        {d.phone ? formatPhoneBR(d.phone) : '-'}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap" color="red.fg" fontWeight="semibold">
                        {formatCentsBRL(d.debtCents)}
                      </Table.Cell>
                      <Table.Cell hideBelow="md">
                        <Reminder d={d} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </TableScroll>
            <Pagination page={page} total={debtors.length} pageSize={PAGE_SIZE} onPageChange={setPage} buttons={3} />
          </Box>
        </SimpleGrid>
      )}
    </Section>
  );
}
