import { describe, expect, test } from 'vitest';
import {
  applyFilters,
  EMPTY_FILTERS,
  filtersFromQuery,
  filtersToQuery,
  type TransactionFilters,
} from '../../../src/domain/transaction-filters';

describe('filters ↔ query string', () => {
  test('round trip of every filter', () => {
    const f: TransactionFilters = {
      type: 'saida',
      paymentMethod: 'cartao',
      paymentStatus: 'atrasado',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      isFixedExpense: 'false',
    };
    const q = filtersToQuery(f).toString();
    expect(q).toBe('type=saida&paymentMethod=cartao&paymentStatus=atrasado&startDate=2026-01-01&endDate=2026-01-31&isFixedExpense=false');
    expect(filtersFromQuery(q)).toEqual(f);
  });
  test('empty filters leave a clean address and other parameters stay', () => {
    const base = new URLSearchParams('type=entrada&tab=x');
    expect(filtersToQuery(EMPTY_FILTERS, base).toString()).toBe('tab=x');
  });
  test('unknown or malformed values are ignored', () => {
    expect(filtersFromQuery('type=nada&paymentMethod=transferencia&startDate=2026-02-30&endDate=ontem&isFixedExpense=1')).toEqual(EMPTY_FILTERS);
  });
});

const tx = <O extends { id: string | number } & Record<string, unknown>>(over: O) => ({
  type: 'entrada',
  payment_method: 'pix',
  payment_status: 'pendente',
  due_date: null as string | null,
  created_at: '2026-03-05T15:00:00.000Z',
  ...over,
});

describe('filtering', () => {
  const today = '2026-03-10';
  test("'atrasado' is derived: pendente or parcial past due; due today is not overdue", () => {
    const rows = [
      tx({ id: 1, due_date: '2026-03-09' }),
      tx({ id: 2, due_date: '2026-03-10' }),
      tx({ id: 3, payment_status: 'parcial', due_date: '2026-02-01' }),
      tx({ id: 4, payment_status: 'pago', due_date: '2026-02-01' }),
    ];
    const f = { ...EMPTY_FILTERS, paymentStatus: 'atrasado' as const };
    expect(applyFilters(rows, f, today).map((r) => r.id)).toEqual([1, 3]);
    expect(applyFilters(rows, { ...f, paymentStatus: 'pendente' }, today).map((r) => r.id)).toEqual([2]);
  });
  test('dates are the shop day (São Paulo), inclusive at both ends', () => {
    const rows = [
      tx({ id: 'late-31', created_at: '2026-04-01T02:30:00.000Z' }), // 31/03 23:30 in São Paulo
      tx({ id: 'early-01', created_at: '2026-04-01T03:00:00.000Z' }), // 01/04 00:00
    ];
    expect(applyFilters(rows, { ...EMPTY_FILTERS, endDate: '2026-03-31' }, today).map((r) => r.id)).toEqual(['late-31']);
    expect(applyFilters(rows, { ...EMPTY_FILTERS, startDate: '2026-04-01' }, today).map((r) => r.id)).toEqual(['early-01']);
    expect(applyFilters(rows, { ...EMPTY_FILTERS, startDate: '2026-03-31', endDate: '2026-04-01' }, today)).toHaveLength(2);
  });
  test('type, method and fixed expense', () => {
    const rows = [tx({ id: 'e' }), tx({ id: 's', type: 'saida', payment_method: 'dinheiro' }), tx({ id: 'd', type: 'despesas', payment_method: 'n/a' })];
    expect(applyFilters(rows, { ...EMPTY_FILTERS, isFixedExpense: 'true' }, today).map((r) => r.id)).toEqual(['d']);
    expect(applyFilters(rows, { ...EMPTY_FILTERS, isFixedExpense: 'false' }, today).map((r) => r.id)).toEqual(['e', 's']);
    expect(applyFilters(rows, { ...EMPTY_FILTERS, paymentMethod: 'dinheiro' }, today).map((r) => r.id)).toEqual(['s']);
    expect(applyFilters(rows, { ...EMPTY_FILTERS, type: 'entrada' }, today).map((r) => r.id)).toEqual(['e']);
  });
});
