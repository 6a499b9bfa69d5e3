import { describe, expect, test } from 'vitest';
import {
  dailySeries,
  detailRows,
  expensesByCategory,
  financialInsights,
  financialSummary,
  inPeriod,
  incomeByMethod,
  percentOf,
  prepareTransactions,
} from '../../../src/domain/reports';
import { tx } from './fixtures';

const TODAY = '2026-03-20';

describe('financial summary', () => {
  test('empty data is all zeros', () => {
    expect(financialSummary([])).toEqual({ incomeCents: 0, expenseCents: 0, balanceCents: 0 });
    expect(dailySeries([], { start: null, end: null })).toEqual([]);
    expect(incomeByMethod([])).toEqual([]);
  });

  test('saida and despesas both count as expenses; sums are exact in cents (0.1 + 0.2)', () => {
    const txs = prepareTransactions(
      [
        tx({ type: 'entrada', amount: 0.1 }),
        tx({ type: 'entrada', amount: 0.2 }),
        tx({ type: 'saida', amount: 0.1, category: 'material' }),
        tx({ type: 'despesas', amount: 0.2, category: 'luz', payment_method: 'n/a' }),
        tx({ type: 'despesas', amount: 1234.56, category: 'aluguel', payment_method: 'n/a' }),
      ],
      TODAY,
    );
    expect(financialSummary(txs)).toEqual({ incomeCents: 30, expenseCents: 123486, balanceCents: 30 - 123486 });
  });

  test('sums are exact in cents also for amounts whose × 100 drifts in floating point (19,99; 0,07; 8,20…)', () => {
    // 19.99 * 100 = 1998.9999999999998, 0.07 * 100 = 7.000000000000001, 8.2 * 100 = 819.9999999999999:
    // cents taken without rounding would make every sum (and the csv) show those tails.
    const amounts = { income: [19.99, 0.07, 0.29, 1.15, 33.3], expense: [4.35, 8.2, 9.95] };
    const txs = prepareTransactions(
      [
        ...amounts.income.map((amount) => tx({ type: 'entrada', amount })),
        ...amounts.expense.map((amount) => tx({ type: 'despesas', amount, category: 'luz', payment_method: 'n/a' })),
      ],
      TODAY,
    );
    expect(txs.map((t) => t.cents)).toEqual([1999, 7, 29, 115, 3330, 435, 820, 995]);
    expect(txs.every((t) => Number.isInteger(t.cents))).toBe(true);
    expect(financialSummary(txs)).toEqual({ incomeCents: 5480, expenseCents: 2250, balanceCents: 3230 });
    // An amount with a 3rd decimal (the server refuses it; an old document may have one) rounds half up.
    expect(prepareTransactions([tx({ amount: 1.005 }), tx({ amount: 2.675 })], TODAY).map((t) => t.cents)).toEqual([101, 268]);
  });

  test('the period keeps the shop dates inside it; detail tabs are newest first', () => {
    const txs = prepareTransactions(
      [
        tx({ id: 'feb', at: '2026-03-01T02:59:00.000Z', amount: 1 }), // 28/02 23:59 in São Paulo
        tx({ id: 'mar1', at: '2026-03-01T03:00:00.000Z', amount: 2 }),
        tx({ id: 'mar31', at: '2026-04-01T02:30:00.000Z', amount: 4 }), // 31/03 23:30
        tx({ id: 'apr', at: '2026-04-01T03:00:00.000Z', amount: 8 }),
        tx({ id: 'exp', type: 'saida', at: '2026-03-05T12:00:00.000Z', amount: 3 }),
      ],
      TODAY,
    );
    const march = inPeriod(txs, { start: '2026-03-01', end: '2026-03-31' });
    expect(march.map((t) => t.id).sort()).toEqual(['exp', 'mar1', 'mar31']);
    expect(financialSummary(march)).toEqual({ incomeCents: 600, expenseCents: 300, balanceCents: 300 });
    expect(detailRows(march, 'income').map((t) => t.id)).toEqual(['mar31', 'mar1']);
    expect(detailRows(march, 'expense').map((t) => t.id)).toEqual(['exp']);
  });

  test('daily series fills every day of a bounded range with zeros', () => {
    const txs = prepareTransactions(
      [
        tx({ at: '2026-03-02T12:00:00.000Z', amount: 100 }),
        tx({ at: '2026-03-02T20:00:00.000Z', amount: 50.5 }),
        tx({ type: 'despesas', at: '2026-03-04T12:00:00.000Z', amount: 30 }),
      ],
      TODAY,
    );
    const series = dailySeries(txs, { start: '2026-03-01', end: '2026-03-05' });
    expect(series).toEqual([
      { day: '2026-03-01', incomeCents: 0, expenseCents: 0 },
      { day: '2026-03-02', incomeCents: 15050, expenseCents: 0 },
      { day: '2026-03-03', incomeCents: 0, expenseCents: 0 },
      { day: '2026-03-04', incomeCents: 0, expenseCents: 3000 },
      { day: '2026-03-05', incomeCents: 0, expenseCents: 0 },
    ]);
    // An open range: only days with movement.
    expect(dailySeries(txs, { start: '2026-03-01', end: null }).map((p) => p.day)).toEqual(['2026-03-02', '2026-03-04']);
  });

  test('pie shares by method, one decimal, summing the entradas only', () => {
    const txs = prepareTransactions(
      [
        tx({ payment_method: 'pix', amount: 100 }),
        tx({ payment_method: 'pix', amount: 100 }),
        tx({ payment_method: 'dinheiro', amount: 100 }),
        tx({ type: 'saida', payment_method: 'dinheiro', amount: 999 }),
      ],
      TODAY,
    );
    expect(incomeByMethod(txs)).toEqual([
      { key: 'pix', label: 'PIX', cents: 20000, percent: 66.7 },
      { key: 'dinheiro', label: 'Dinheiro', cents: 10000, percent: 33.3 },
    ]);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBe(0);
  });

  test('expenses by category with labels, largest first', () => {
    const txs = prepareTransactions(
      [
        tx({ type: 'despesas', category: 'equipamentos', amount: 50 }),
        tx({ type: 'saida', category: 'material', amount: 150 }),
        tx({ type: 'despesas', category: 'luz', amount: 0.1 }),
        tx({ type: 'despesas', category: 'luz', amount: 0.2 }),
        tx({ type: 'saida', category: null, amount: 1 }),
      ],
      TODAY,
    );
    expect(expensesByCategory(txs).map((s) => [s.label, s.cents])).toEqual([
      ['Material', 15000],
      ['Equipamentos Pesados', 5000],
      ['Sem categoria', 100],
      ['Luz', 30],
    ]);
  });
});

describe('financial insights', () => {
  test('no data: nothing to show', () => {
    expect(financialInsights([])).toEqual({
      mostProfitableMonth: null,
      highestExpenseMonth: null,
      pendingCount: 0,
      reserveCents: 0,
      monthsWithData: 0,
    });
  });

  test('most profitable month, highest expense month, pending count, reserve = 3 × average monthly expenses', () => {
    const txs = prepareTransactions(
      [
        // January: +1000 −300 = 700
        tx({ at: '2026-01-10T12:00:00.000Z', amount: 1000 }),
        tx({ type: 'despesas', at: '2026-01-11T12:00:00.000Z', amount: 300, payment_status: 'pendente' }),
        // February: +500 −600 = −100 (highest expenses)
        tx({ at: '2026-02-10T12:00:00.000Z', amount: 500, payment_status: 'pendente', due_date: '2026-02-20' }),
        tx({ type: 'saida', at: '2026-02-11T12:00:00.000Z', amount: 600 }),
        // March: +800 −100.01 = 699.99 (below January)
        tx({ at: '2026-03-01T12:00:00.000Z', amount: 800, payment_status: 'parcial', due_date: '2026-03-02' }),
        tx({ type: 'saida', at: '2026-03-02T12:00:00.000Z', amount: 100.01, payment_status: 'pendente' }),
      ],
      TODAY,
    );
    const ins = financialInsights(txs);
    expect(ins.mostProfitableMonth).toMatchObject({ month: '2026-01', balanceCents: 70000 });
    expect(ins.highestExpenseMonth).toMatchObject({ month: '2026-02', expenseCents: 60000 });
    // pendente (×2) and pendente-now-overdue (×1); parcial is not "pending".
    expect(ins.pendingCount).toBe(3);
    // (300 + 600 + 100.01) / 3 months × 3 = 1000.01
    expect(ins.reserveCents).toBe(100001);
    expect(ins.monthsWithData).toBe(3);
  });

  test('reserve rounds to the cent', () => {
    const txs = prepareTransactions(
      [
        tx({ type: 'despesas', at: '2026-01-10T12:00:00.000Z', amount: 0.01 }),
        tx({ type: 'entrada', at: '2026-02-10T12:00:00.000Z', amount: 5 }),
        tx({ type: 'entrada', at: '2026-03-10T12:00:00.000Z', amount: 5 }),
        tx({ type: 'entrada', at: '2026-04-10T12:00:00.000Z', amount: 5 }),
      ],
      TODAY,
    );
    // 3 × 1 cent / 4 months = 0.75 → 1 cent
    expect(financialInsights(txs).reserveCents).toBe(1);
  });
});

describe('cents', () => {
  test('amountCents equals toCents, also beyond 2 decimals and for negatives', async () => {
    const { amountCents } = await import('../../../src/domain/reports');
    const { toCents } = await import('../../../src/domain/money');
    for (const v of [0, 0.01, 0.1, 0.2, 0.3, 1.005, 2.675, 1234.56, 9999999999.99, -3.335, 19.999, 0.125]) {
      expect(amountCents(v)).toBe(toCents(v));
    }
  });
});
