import { describe, expect, test } from 'vitest';
import { criticalItems, quantityByCategory, stockBalances, stockRows, stockSummary, thicknessLabel, type CatalogInput } from '../../../src/domain/reports';

const catalog: CatalogInput[] = [
  { id: 'cat1', kind: 'category', name: 'Barras Metálicas' },
  { id: 'cat2', kind: 'category', name: 'Chapas de Aço' },
  { id: 'ty1', kind: 'type', name: 'Metalon' },
  { id: 'ty2', kind: 'type', name: 'Chapa Lisa' },
  { id: 'm1', kind: 'material', name: 'Aço Carbono' },
  { id: 'th1', kind: 'thickness', name: '1.5', value: 1.5, unit: 'mm' },
  { id: 'th2', kind: 'thickness', name: 'x', value: null, unit: null },
  { id: 'd1', kind: 'dimension', name: '6000 mm' },
];
const item = (id: string, cat: string, min: number, extra: Partial<{ type_id: string; thickness_id: string; dimension_id: string; description: string | null }> = {}) => ({
  id,
  category_id: cat,
  type_id: 'ty1',
  material_id: 'm1',
  thickness_id: 'th1',
  dimension_id: 'd1',
  minimum_quantity: min,
  description: null,
  ...extra,
});

describe('stock ledger', () => {
  test('quantity is the sum of the movements, exact for decimals', () => {
    const b = stockBalances([
      { stock_item_id: 'a', delta: 50 },
      { stock_item_id: 'a', delta: -1 },
      { stock_item_id: 'b', delta: 0.1 },
      { stock_item_id: 'b', delta: 0.2 },
    ]);
    expect(b.get('a')).toBe(49);
    expect(b.get('b')).toBe(0.3);
    expect(stockBalances([]).size).toBe(0);
  });

  test('rows with catalogue labels, N/A when missing, critical at quantity = minimum', () => {
    const rows = stockRows(
      [item('a', 'cat1', 10), item('b', 'cat2', 5, { type_id: 'ty2', thickness_id: 'th2', dimension_id: 'gone', description: ' Sobra ' }), item('c', 'cat1', 0)],
      [
        { stock_item_id: 'a', delta: 10 },
        { stock_item_id: 'b', delta: 6 },
        { stock_item_id: 'c', delta: 3 },
      ],
      catalog,
    );
    expect(rows[0]).toMatchObject({ category: 'Barras Metálicas', type: 'Metalon', thickness: '1,5 mm', dimension: '6000 mm', quantity: 10, critical: true, description: 'N/A' });
    expect(rows[0].product).toBe('Metalon Aço Carbono 1,5 mm 6000 mm');
    expect(rows[1]).toMatchObject({ type: 'Chapa Lisa', thickness: '0 mm', dimension: 'N/A', quantity: 6, critical: false, description: 'Sobra' });
    expect(rows[2]).toMatchObject({ quantity: 3, critical: false });
    expect(stockSummary(rows)).toEqual({ items: 3, totalQuantity: 19, critical: 1 });
    expect(quantityByCategory(rows)).toEqual([
      { category: 'Barras Metálicas', quantity: 13 },
      { category: 'Chapas de Aço', quantity: 6 },
    ]);
    expect(criticalItems(rows).map((r) => r.id)).toEqual(['a']);
    expect(thicknessLabel(undefined)).toBe('N/A');
  });

  test('a thickness in inches is exported as written (issue 39)', () => {
    expect(thicknessLabel({ id: 't', kind: 'thickness', name: '3/16"', value: 4.7625, unit: 'mm' })).toBe('3/16"');
  });

  test('an item without movements has quantity 0 and is critical at minimum 0', () => {
    const rows = stockRows([item('z', 'cat1', 0)], [], catalog);
    expect(rows[0]).toMatchObject({ quantity: 0, critical: true });
    expect(stockSummary([])).toEqual({ items: 0, totalQuantity: 0, critical: 0 });
  });
});
