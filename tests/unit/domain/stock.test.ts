import { describe, expect, test } from 'vitest';
import {
  isCritical,
  lastUpdate,
  ledgerNewestFirst,
  monthlyMovements,
  movementsThisMonth,
  parseQuantity,
  productLabel,
  quantitiesByItem,
  quantityFromMovements,
  stockStatus,
  validateStockForm,
} from '../../../src/domain/stock';

const mv = (stock_item_id: string, delta: number, created_at: string, id = `${stock_item_id}-${created_at}-${delta}`) => ({
  id,
  stock_item_id,
  delta,
  created_at,
});

describe('quantity from the ledger', () => {
  test('is the sum of the movements, whatever device recorded them', () => {
    expect(quantityFromMovements([])).toBe(0);
    expect(quantityFromMovements([{ delta: 50 }, { delta: 1 }, { delta: 1 }, { delta: -1 }])).toBe(51);
    expect(quantityFromMovements([{ delta: 0.1 }, { delta: 0.2 }])).toBe(0.3);
  });
  test('per item', () => {
    const q = quantitiesByItem([mv('a', 10, '2026-01-01T10:00:00Z'), mv('b', 3, '2026-01-01T10:00:00Z'), mv('a', -4, '2026-01-02T10:00:00Z')]);
    expect(q.get('a')).toBe(6);
    expect(q.get('b')).toBe(3);
    expect(q.get('c')).toBeUndefined();
  });
  test('running balance, newest first', () => {
    const lines = ledgerNewestFirst([mv('a', -1, '2026-01-03T00:00:00Z'), mv('a', 50, '2026-01-01T00:00:00Z'), mv('a', 2, '2026-01-02T00:00:00Z')]);
    expect(lines.map((l) => [l.movement.delta, l.balance])).toEqual([
      [-1, 51],
      [2, 52],
      [50, 50],
    ]);
  });
});

describe('critical status', () => {
  test('at the boundary the item is critical; one above is normal', () => {
    expect(isCritical(60, 60)).toBe(true);
    expect(stockStatus(60, 60)).toBe('Crítico');
    expect(stockStatus(59, 60)).toBe('Crítico');
    expect(stockStatus(61, 60)).toBe('Normal');
    expect(stockStatus(0, 0)).toBe('Crítico');
  });
});

describe('product label', () => {
  test('joins type, material, thickness with unit and dimension', () => {
    expect(productLabel({ type: 'Metalon', material: 'Aço Carbono', thickness: { value: 2, unit: 'mm' }, dimension: '6000 mm' })).toBe(
      'Metalon Aço Carbono 2 mm 6000 mm',
    );
    expect(productLabel({ type: 'Chapa Lisa', material: 'Alumínio', thickness: { value: 1.5, unit: null }, dimension: null })).toBe(
      'Chapa Lisa Alumínio 1,5 mm',
    );
  });
  test('a thickness in inches reads as written (issue 39)', () => {
    expect(productLabel({ type: 'Chapa', material: 'Aço', thickness: { value: 6.35, unit: 'mm', name: '1/4"' }, dimension: '3000 mm' })).toBe('Chapa Aço 1/4" 3000 mm');
  });
});

describe('monthly movements', () => {
  const now = new Date(2026, 5, 15, 12); // 15/06/2026
  const at = (y: number, m: number, d = 10) => new Date(y, m - 1, d, 12).toISOString();
  test('Entradas and Saídas per month for the last 6 months, oldest first', () => {
    const months = monthlyMovements(
      [mv('a', 50, at(2026, 6)), mv('a', -3, at(2026, 6)), mv('b', 2, at(2026, 6, 1)), mv('a', 7, at(2026, 1)), mv('a', -5, at(2025, 12))],
      now,
    );
    expect(months.map((m) => m.label)).toEqual(['Jan/26', 'Fev/26', 'Mar/26', 'Abr/26', 'Mai/26', 'Jun/26']);
    expect(months[5]).toMatchObject({ key: '2026-06', entradas: 52, saidas: 3, count: 3 });
    expect(months[0]).toMatchObject({ entradas: 7, saidas: 0 });
    expect(months.reduce((s, m) => s + m.count, 0)).toBe(4); // December 2025 is outside
  });
  test('this month count', () => {
    expect(movementsThisMonth([{ created_at: at(2026, 6, 1) }, { created_at: at(2026, 5, 31) }, { created_at: at(2026, 6, 30) }], now)).toBe(2);
  });
  test('last update is the later of the edit and the last movement', () => {
    expect(lastUpdate('2026-06-01T00:00:00.000Z', [{ created_at: '2026-06-03T00:00:00.000Z' }])).toBe('2026-06-03T00:00:00.000Z');
    expect(lastUpdate('2026-06-05T00:00:00.000Z', [{ created_at: '2026-06-03T00:00:00.000Z' }])).toBe('2026-06-05T00:00:00.000Z');
  });
});

describe('stock form', () => {
  const empty = { category_id: '', type_id: '', material_id: '', thickness_id: '', dimension: '', quantity: '', minimum_quantity: '', description: '' };
  test('required messages of the spec', () => {
    expect(validateStockForm(empty)).toEqual({
      category_id: 'Categoria é obrigatória',
      type_id: 'Tipo é obrigatório',
      material_id: 'Material é obrigatório',
      thickness_id: 'Espessura é obrigatória',
      dimension: 'Dimensão é obrigatória',
      quantity: 'Quantidade é obrigatória',
    });
  });
  test('quantities are numbers of zero or more; minimum optional', () => {
    const ok = { ...empty, category_id: 'c', type_id: 't', material_id: 'm', thickness_id: 'x', dimension: '6m', quantity: '50' };
    expect(validateStockForm(ok)).toEqual({});
    expect(validateStockForm({ ...ok, quantity: 'abc' }).quantity).toBeDefined();
    expect(validateStockForm({ ...ok, quantity: '-1' }).quantity).toBeDefined();
    expect(validateStockForm({ ...ok, minimum_quantity: 'x' }).minimum_quantity).toBeDefined();
    expect(validateStockForm({ ...ok, quantity: '' }, { editing: true })).toEqual({});
  });
  test('parseQuantity accepts pt-BR decimals', () => {
    expect(parseQuantity('1,5')).toBe(1.5);
    expect(parseQuantity('1.5')).toBe(1.5);
    expect(parseQuantity('1.200,5')).toBe(1200.5);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('12a')).toBeNull();
  });
});
