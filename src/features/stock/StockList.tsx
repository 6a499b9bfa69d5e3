/** The stock list: search, category filter, table (wide) or cards (narrow), movements and actions. */
import { useMemo, useState } from 'react';
import { Input, NativeSelect, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import type { StockItemWithQuantity } from '../../data/db/stock';
import { matchesSearch } from '../../domain/search';
import { Pagination } from '../../ui/Pagination';
import { pageSlice } from '../../ui/pagination';
import { STOCK_TEXT as T } from './messages';
import { QuantityStepper, ROW_ACTION_STYLES, RowActions } from './StockRowActions';
import { KitClassNames, slotRecipeStyles, tableStyles } from '../../ui/KitClassNames';
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

const table = tableStyles({ interactive: true });
const card = slotRecipeStyles('card', { size: 'sm' });
/** The kit's table and cards as classes made once per render (KitClassNames, issue 33). */
const STYLES = {
  ...ROW_ACTION_STYLES,
  ...table,
  cards: { display: 'flex', flexDirection: 'column', gap: '2' },
  card: card.root,
  cardBody: { ...card.body, gap: '2' },
  title: { fontWeight: 'semibold' },
  category: { textStyle: 'sm', color: 'fg.muted' },
  cardFoot: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: '2' },
};

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
          <KitClassNames styles={STYLES}>
            {(c) =>
              layout === 'table' ? (
                <ScrollBox label="Itens do estoque" borderWidth="1px" rounded="md">
                  <table className={c.root}>
                    <thead className={c.header}>
                      <tr className={c.row}>
                        {[T.colCategory, T.colType, T.colMaterial, T.colThickness, T.colDimension, T.colQuantity, T.colActions].map((h) => (
                          <th key={h} className={c.head}>
                            {h}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className={c.body}>
                      {rows.map((i) => (
                        <tr key={i.id} className={c.row} data-item={label(i)}>
                          <td className={c.cell}>{n(i.category_id)}</td>
                          <td className={c.cell}>{n(i.type_id)}</td>
                          <td className={c.cell}>{n(i.material_id)}</td>
                          <td className={c.cell}>{lookup.thicknessText(i.thickness_id) ?? T.missing}</td>
                          <td className={c.cell}>{n(i.dimension_id)}</td>
                          <td className={c.cell}>
                            <QuantityStepper c={c} quantity={i.quantity} label={label(i)} onPlus={() => onStep(i, 1)} onMinus={() => onStep(i, -1)} />
                          </td>
                          <td className={c.cell}>
                            <RowActions c={c} label={label(i)} onMove={() => onMove(i)} onView={() => onView(i)} onDelete={() => onDelete(i)} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollBox>
              ) : (
                <div className={c.cards}>
                  {rows.map((i) => (
                    <div key={i.id} className={c.card} data-item-card={label(i)}>
                      <div className={c.cardBody}>
                        <p className={c.title}>{label(i)}</p>
                        <p className={c.category}>{n(i.category_id)}</p>
                        <div className={c.cardFoot}>
                          <QuantityStepper c={c} quantity={i.quantity} label={label(i)} onPlus={() => onStep(i, 1)} onMinus={() => onStep(i, -1)} />
                          <RowActions c={c} label={label(i)} onMove={() => onMove(i)} onView={() => onView(i)} onDelete={() => onDelete(i)} />
                        </div>
                      </div>
                    </div>
                  ))}
                </div>
              )
            }
          </KitClassNames>
          <Pagination page={page} total={filtered.length} pageSize={PAGE_SIZE} onPageChange={setPage} buttons={layout === 'table' ? 5 : 3} />
        </>
      )}
    </Stack>
  );
}
