/** The stock overview: cards, the product table with status, and the monthly movements chart. */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Badge, Box, Card, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { StockMovementDoc } from '@shared';
import type { StockItemWithQuantity } from '../../data/db/stock';
import { formatDate } from '../../domain/dates';
import { Pagination } from '../../ui/Pagination';
import { pageSlice } from '../../ui/pagination';
import { formatQuantity, isCritical, lastUpdate, monthlyMovements, movementsThisMonth, stockStatus } from '../../domain/stock';
import { STOCK_TEXT as T } from './messages';
import type { CatalogLookup } from './useCatalogLookup';
import { ScrollBox } from '../../ui/ScrollRegion';

const MovementChart = lazy(() => import('./MovementChart'));

interface Props {
  items: StockItemWithQuantity[];
  movements: StockMovementDoc[];
  lookup: CatalogLookup;
  now?: Date;
}

export function StockOverview({ items, movements, lookup, now = new Date() }: Props) {
  const nowKey = now.toDateString();
  const months = useMemo(() => monthlyMovements(movements, now, 6), [movements, nowKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const byItem = useMemo(() => {
    const m = new Map<string, StockMovementDoc[]>();
    for (const mv of movements) {
      const list = m.get(mv.stock_item_id);
      if (list) list.push(mv);
      else m.set(mv.stock_item_id, [mv]);
    }
    return m;
  }, [movements]);
  const total = items.reduce((s, i) => s + i.quantity, 0);
  const critical = items.filter((i) => isCritical(i.quantity, i.minimum_quantity)).length;
  const thisMonth = movementsThisMonth(movements, now);
  const [page, setPage] = useState(1);
  const pageItems = pageSlice(items, page, 20);

  return (
    <Stack gap="4">
      <SimpleGrid columns={3} gap={{ base: '2', md: '4' }}>
        <Summary label={T.totalStock} value={formatQuantity(total)} testId="total-stock" />
        <Summary label={T.criticalItems} value={String(critical)} testId="critical-items" tone={critical > 0 ? 'red.600' : undefined} />
        <Summary label={T.monthMovements} value={String(thisMonth)} testId="month-movements" />
      </SimpleGrid>
      <ScrollBox label="Estoque por item" borderWidth="1px" rounded="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {[T.colProduct, T.colCategory, T.colQuantity, T.colMinimum, T.colLastUpdate, T.colStatus].map((h) => (
                <Table.ColumnHeader key={h} whiteSpace="nowrap">
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {pageItems.map((i) => {
              const status = stockStatus(i.quantity, i.minimum_quantity);
              return (
                <Table.Row key={i.id} data-overview={lookup.product(i)}>
                  <Table.Cell minW="48">{lookup.product(i) || T.missing}</Table.Cell>
                  <Table.Cell>{lookup.name(i.category_id) ?? T.missing}</Table.Cell>
                  <Table.Cell>{formatQuantity(i.quantity)}</Table.Cell>
                  <Table.Cell>{formatQuantity(i.minimum_quantity)}</Table.Cell>
                  <Table.Cell>{formatDate(lastUpdate(i.updated_at, byItem.get(i.id) ?? []))}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={status === 'Crítico' ? 'red' : 'green'} data-status={status}>
                      {status === 'Crítico' ? T.critical : T.normal}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
        {items.length === 0 && (
          <Text p="3" color="fg.muted">
            {T.empty}
          </Text>
        )}
      </ScrollBox>
      <Pagination page={page} total={items.length} pageSize={20} onPageChange={setPage} />
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            {T.chartTitle}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Box height="300px" data-testid="movement-chart" data-months={JSON.stringify(months.map((m) => [m.key, m.entradas, m.saidas]))}>
            <Suspense fallback={<Text color="fg.muted">{T.chartLoading}</Text>}>
              <MovementChart months={months} />
            </Suspense>
          </Box>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function Summary({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text textStyle={{ base: 'xs', md: 'sm' }} color="fg.muted">
          {label}
        </Text>
        <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" color={tone} data-testid={testId}>
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
