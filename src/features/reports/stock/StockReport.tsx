import { useMemo } from 'react';
import { Heading, HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { criticalItems, quantityByCategory, stockExport, stockRows, stockSummary } from '../../../domain/reports';
import { useReportStock } from '../../../data/db/reports';
import { BarChart, COLORS } from '../charts';
import { ExportMenu } from '../parts/ExportMenu';
import { Section } from '../parts/Section';
import { SummaryCard } from '../parts/SummaryCard';
import { useToday } from '../parts/useToday';
import { REPORT_TEXT as T } from '../messages';
import { TableScroll } from '../../../ui/ScrollRegion';

const qty = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

/** Relatório de Estoque: quantities from the movement ledger, critical items, export. */
export function StockReport() {
  const today = useToday();
  const { items, movements, catalog, loading } = useReportStock();
  const rows = useMemo(() => stockRows(items, movements, catalog), [items, movements, catalog]);
  const summary = useMemo(() => stockSummary(rows), [rows]);
  const byCategory = useMemo(() => quantityByCategory(rows), [rows]);
  const critical = useMemo(() => criticalItems(rows), [rows]);

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg">
          {T.stockTitle}
        </Heading>
        <ExportMenu getTable={() => stockExport(rows, today)} />
      </HStack>
      {loading ? (
        <HStack color="fg.muted" gap="2">
          <Spinner size="sm" />
          <Text>{T.loading}</Text>
        </HStack>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="stock-summary">
            <SummaryCard testId="stock-items" label={T.stockItems} value={summary.items.toLocaleString('pt-BR')} tone="blue" />
            <SummaryCard testId="stock-quantity" label={T.stockQuantity} value={qty(summary.totalQuantity)} />
            <SummaryCard testId="stock-critical" label={T.stockCritical} value={summary.critical.toLocaleString('pt-BR')} tone={summary.critical > 0 ? 'red' : 'green'} />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <Section title={T.stockByCategory} testId="chart-stock-category">
              {byCategory.length > 0 ? (
                <BarChart
                  height={Math.max(220, byCategory.length * 40 + 60)}
                  horizontal
                  format="number"
                  ariaLabel={T.stockByCategory}
                  labels={byCategory.map((c) => c.category)}
                  series={[{ label: T.colQuantity, color: COLORS.blue, values: byCategory.map((c) => c.quantity) }]}
                />
              ) : (
                <Text color="fg.muted">{T.noStock}</Text>
              )}
            </Section>
            <Section title={T.stockCritical} testId="critical-items">
              {critical.length === 0 ? (
                <Text color="fg.muted">{rows.length === 0 ? T.noStock : T.noCritical}</Text>
              ) : (
                <TableScroll label={T.stockCritical} maxH="420px">
                  <Table.Root size="sm" stickyHeader tableLayout="auto">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{T.colProduct}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{T.colQuantity}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{T.colMinimum}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {critical.map((r) => (
                        <Table.Row key={r.id}>
                          <Table.Cell whiteSpace="normal" overflowWrap="anywhere">
                            <Text>{r.product}</Text>
                            <Text fontSize="xs" color="fg.muted">
                              {r.category}
                            </Text>
                          </Table.Cell>
                          <Table.Cell textAlign="end" color="red.fg" fontWeight="semibold">
                            {qty(r.quantity)}
                          </Table.Cell>
                          <Table.Cell textAlign="end">{qty(r.minimum)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </TableScroll>
              )}
            </Section>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
