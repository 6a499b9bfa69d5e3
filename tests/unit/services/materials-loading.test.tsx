/**
 * Materiais usados while the stock and the catalogue are read (issue 39 §4): a line read '— — 2',
 * then the stock item's id, for ~1.5 s before its name. Now a skeleton until the name is known.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';

const ITEM = 'b1f6c1de-7d0e-4c43-9a57-3a3f4c1d2e10';
const item = { id: ITEM, category_id: 'c', type_id: 't', material_id: 'm', thickness_id: 'th', dimension_id: 'd', description: null, quantity: 8 };
const catalog = [
  { id: 't', kind: 'type', name: 'Chapa lisa' },
  { id: 'm', kind: 'material', name: 'Aço carbono' },
  { id: 'th', kind: 'thickness', name: '1,5 mm', value: 1.5, unit: 'mm' },
  { id: 'd', kind: 'dimension', name: '1200x2400 mm' },
];
let stock: { items: (typeof item)[]; movements: never[]; loading: boolean } = { items: [], movements: [], loading: true };
let entries: { entries: typeof catalog; loading: boolean } = { entries: [], loading: true };
vi.mock('../../../src/data/db/stock', () => ({ useStockItems: () => stock }));
vi.mock('../../../src/data/db/catalog', () => ({ useCatalog: () => entries }));
vi.mock('../../../src/data/db/work-orders', () => ({ workOrderCommands: { useMaterial: vi.fn(), returnMaterial: vi.fn() } }));
const { Materials } = await import('../../../src/features/services/Materials');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
const host = document.createElement('div');
document.body.append(host);
const render = () =>
  act(() =>
    root!.render(
      <ChakraProvider value={defaultSystem}>
        <Materials orderId="os-1" materials={[{ stock_item_id: ITEM, quantity: 2 }]} />
      </ChakraProvider>,
    ),
  );
const line = () => host.querySelector('[data-testid=work-order-material]')!;

afterEach(() => act(() => root?.unmount()));

test('a material line shows a skeleton, never dashes or the item id, until its name is known', () => {
  root = createRoot(host);
  render();
  const seen: string[] = [];
  const look = () => {
    seen.push(line().textContent ?? '');
    expect(line().textContent).not.toContain('—');
    expect(line().textContent).not.toContain(ITEM);
    expect(line().querySelector('[data-testid=material-skeleton]')).not.toBeNull();
  };
  look();
  // The stock is read, the catalogue not yet.
  stock = { items: [item], movements: [], loading: false };
  render();
  look();
  // Both read: the item's name.
  entries = { entries: catalog, loading: false };
  render();
  expect(line().querySelector('[data-testid=material-skeleton]')).toBeNull();
  expect(line().textContent).toMatch(/^Chapa lisa Aço carbono .*1200x2400 mm — 2/);
  expect(line().querySelector('button')!.getAttribute('aria-label')).toMatch(/^Devolver ao estoque: Chapa lisa/);
  expect(seen).toEqual(['Carregando material…', 'Carregando material…']);
});
