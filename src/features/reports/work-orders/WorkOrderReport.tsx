/** Relatório de Serviços (issue 31 §9): jobs by stage, the late ones, and the median days from acceptance to delivery. */
import { useMemo } from 'react';
import { Box, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { WORK_ORDER_STAGE_LABELS } from '@shared';
import { resolveRange, workOrderReport, type ReportFilter } from '../../../domain/reports';
import { formatDate } from '../../../domain/dates';
import { useReportCustomers, useReportWorkOrders } from '../../../data/db/reports';
import { FilterBar } from '../financial/FilterBar';
import { Section } from '../parts/Section';
import { SummaryCard } from '../parts/SummaryCard';
import { useToday } from '../parts/useToday';
import { REPORT_TEXT } from '../messages';

const T = REPORT_TEXT.workOrders;

export function WorkOrderReport({ filter, setFilter }: { filter: ReportFilter; setFilter: (f: ReportFilter) => void }) {
  const today = useToday();
  const range = useMemo(() => resolveRange(filter, today), [filter, today]);
  const { orders, events, acceptedAt, loading } = useReportWorkOrders();
  const { customers } = useReportCustomers();
  const names = useMemo(() => new Map(customers.map((c) => [c.id, c.name])), [customers]);
  const r = useMemo(() => workOrderReport(orders, events, acceptedAt, range, today), [orders, events, acceptedAt, range, today]);
  const most = Math.max(1, ...r.byStage.map((s) => s.count));

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        {REPORT_TEXT.tabWorkOrders}
      </Heading>
      <FilterBar filter={filter} range={range} onChange={setFilter} />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="work-order-summary">
        <SummaryCard testId="work-orders-total" loading={loading} label={T.total} value={String(r.total)} caption={T.totalCaption} />
        <SummaryCard testId="work-orders-late" loading={loading} label={T.late} value={String(r.late.length)} caption={T.lateCaption} tone={r.late.length > 0 ? 'red' : undefined} />
        <SummaryCard
          testId="work-orders-median"
          loading={loading}
          label={T.median}
          value={r.medianDaysToDelivery === null ? T.medianNone : T.medianValue(r.medianDaysToDelivery)}
          caption={T.deliveredCaption(r.deliveredInPeriod)}
          tone="blue"
        />
      </SimpleGrid>

      <Section title={T.byStage} testId="work-orders-by-stage">
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {r.byStage.map((s) => (
            <HStack as="li" key={s.stage} gap="3">
              <Text flex="0 0 auto" w={{ base: '10rem', md: '12rem' }} fontSize="sm">
                {WORK_ORDER_STAGE_LABELS[s.stage]}
              </Text>
              <Box flex="1" h="3" bg="bg.muted" rounded="full" overflow="hidden" aria-hidden="true">
                <Box h="full" w={`${(s.count / most) * 100}%`} bg={s.stage === 'cancelada' ? 'gray.solid' : 'blue.solid'} rounded="full" />
              </Box>
              <Text w="3rem" textAlign="end" fontWeight="semibold" data-value>
                {s.count}
              </Text>
            </HStack>
          ))}
        </Stack>
      </Section>

      <Section title={`${T.lateList} (${r.late.length})`} testId="work-orders-late-list">
        {r.late.length === 0 ? (
          <Text color="fg.muted">{T.noLate}</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{T.code}</Table.ColumnHeader>
                  <Table.ColumnHeader>{T.customer}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">{T.stage}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="sm">{T.forecast}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{T.daysLate}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {r.late.map((l) => (
                  <Table.Row key={l.id}>
                    <Table.Cell fontWeight="medium" whiteSpace="nowrap">
                      {l.code}
                    </Table.Cell>
                    <Table.Cell>{(l.customerId && names.get(l.customerId)) || T.noCustomer}</Table.Cell>
                    <Table.Cell hideBelow="md">{WORK_ORDER_STAGE_LABELS[l.stage]}</Table.Cell>
                    <Table.Cell hideBelow="sm" whiteSpace="nowrap">
                      {formatDate(l.forecast)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" color="red.fg" fontWeight="semibold" whiteSpace="nowrap">
                      {T.daysLateValue(l.daysLate)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Section>
    </Stack>
  );
}
