/** The stock list: search, category filter, table (wide) or cards (narrow), movements and actions. */
import { useMemo, useState } from 'react';
import { Card, HStack, Input, NativeSelect, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import type { StockItemWithQuantity } from '../../data/db/stock';
import { matchesSearch } from '../../domain/search';
import { Pagination } from '../../ui/Pagination';
import { pageSlice } from '../../ui/pagination';
import { STOCK_TEXT as T } from './messages';
import { QuantityStepper, RowActions } from './StockRowActions';
import type { CatalogLookup } from './useCatalogLookup';
import { ScrollBox } from '../../ui/ScrollRegion';

interface Props {
  items: StockItemWithQuantity[];
  lookup: CatalogLookup;
  onStep: (item: StockItemWithQuantity, delta: 1 | -1) => void;
  onMove: (item: StockItemWithQuantity) => void;
  onView: (item: StockItemWithQuantity) => void;
  onDelete: (item: StockItemWithQuantity) => void;
}

const PAGE_SIZE = 20;

export function StockList({ items, lookup, onStep, onMove, onView, onDelete }: Props) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  // One layout at a time (table or cards): rendering both doubled the work on every change.
  const layout = useBreakpointValue({ base: 'cards', md: 'table' }) ?? 'table';
  const filtered = useMemo(
    () =>
      items
        .filter((i) => !category || i.category_id === category)
        .filter((i) => matchesSearch(query, [lookup.name(i.type_id), lookup.name(i.material_id)])),
    [items, category, query, lookup],
  );
  const rows = pageSlice(filtered, page, PAGE_SIZE);
  const n = (id: string) => lookup.name(id) ?? T.missing;
  const label = (i: StockItemWithQuantity) => lookup.product(i) || T.missing;

  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="2">
        <Input aria-label={T.search} placeholder={T.search} value={query} onChange={(e) => {
            setQuery(e.target.value);
            setPage(1);
          }} flex={{ md: '1' }} />
        <NativeSelect.Root width={{ base: 'full', md: '64' }}>
          <NativeSelect.Field aria-label={T.allCategories} value={category} onChange={(e) => {
              setCategory(e.currentTarget.value);
              setPage(1);
            }}>
            <option value="">{T.allCategories}</option>
            {lookup.list('category').map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      {rows.length === 0 ? (
        <Text color="fg.muted">{items.length === 0 ? T.empty : T.emptyFiltered}</Text>
      ) : (
        <>
          {layout === 'table' ? (
          <ScrollBox label="Itens do estoque" borderWidth="1px" rounded="md">
            <Table.Root size="sm" interactive>
              <Table.Header>
                <Table.Row>
                  {[T.colCategory, T.colType, T.colMaterial, T.colThickness, T.colDimension, T.colQuantity, T.colActions].map((h) => (
                    <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((i) => (
                  <Table.Row key={i.id} data-item={label(i)}>
                    <Table.Cell>{n(i.category_id)}</Table.Cell>
                    <Table.Cell>{n(i.type_id)}</Table.Cell>
                    <Table.Cell>{n(i.material_id)}</Table.Cell>
                    <Table.Cell>{lookup.thicknessText(i.thickness_id) ?? T.missing}</Table.Cell>
                    <Table.Cell>{n(i.dimension_id)}</Table.Cell>
                    <Table.Cell>
                      <QuantityStepper quantity={i.quantity} label={label(i)} onPlus={() => onStep(i, 1)} onMinus={() => onStep(i, -1)} />
                    </Table.Cell>
                    <Table.Cell>
                      <RowActions label={label(i)} onMove={() => onMove(i)} onView={() => onView(i)} onDelete={() => onDelete(i)} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollBox>
          ) : (
          <Stack gap="2">
            {rows.map((i) => (
              <Card.Root key={i.id} size="sm" data-item-card={label(i)}>
                <Card.Body gap="2">
                  <Text fontWeight="semibold">{label(i)}</Text>
                  <Text textStyle="sm" color="fg.muted">
                    {n(i.category_id)}
                  </Text>
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <QuantityStepper quantity={i.quantity} label={label(i)} onPlus={() => onStep(i, 1)} onMinus={() => onStep(i, -1)} />
                    <RowActions label={label(i)} onMove={() => onMove(i)} onView={() => onView(i)} onDelete={() => onDelete(i)} />
                  </HStack>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
          )}
          <Pagination page={page} total={filtered.length} pageSize={PAGE_SIZE} onPageChange={setPage} buttons={layout === 'table' ? 5 : 3} />
        </>
      )}
    </Stack>
  );
}
