import { describe, expect, test } from 'vitest';
import {
  classifyCustomer,
  customerRows,
  customerSummary,
  debtReminderMessage,
  debtors,
  fillCampaignMessage,
  frequencyDistribution,
  frequencySegment,
  inactiveCustomers,
  prepareTransactions,
  recommendedActions,
  sortCustomerRows,
  topCustomers,
  vipCandidates,
  vipOpportunityCount,
  type CustomerInput,
} from '../../../src/domain/reports';
import { tx } from './fixtures';

const TODAY = '2026-06-30';
const noon = (ymd: string) => `${ymd}T15:00:00.000Z`;

describe('classification', () => {
  test('a transaction exactly 90 days ago is active; 91 days is inactive', () => {
    // 2026-06-30 − 90 days = 2026-04-01
    expect(classifyCustomer(false, '2026-04-01', TODAY)).toBe('ativo');
    expect(classifyCustomer(false, '2026-03-31', TODAY)).toBe('inativo');
    expect(classifyCustomer(false, null, TODAY)).toBe('inativo');
    expect(classifyCustomer(true, TODAY, TODAY)).toBe('inadimplente');
  });

  test('overdue comes from the shared rule: pendente past its due date, not due today', () => {
    const customers: CustomerInput[] = [
      { id: 'a', name: 'Ana', phone: '(35) 99999-0001' },
      { id: 'b', name: 'Bruno', phone: '(35) 99999-0002' },
    ];
    const txs = prepareTransactions(
      [
        tx({ customer_id: 'a', at: noon('2026-06-01'), payment_status: 'pendente', due_date: '2026-06-29', amount: 100 }),
        tx({ customer_id: 'b', at: noon('2026-06-01'), payment_status: 'pendente', due_date: TODAY, amount: 100 }),
      ],
      TODAY,
    );
    const rows = customerRows(customers, txs, TODAY);
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['Ana', 'inadimplente'],
      ['Bruno', 'ativo'],
    ]);
  });
});

describe('purchase frequency', () => {
  test.each([
    [0, 'primeira'],
    [1, 'primeira'],
    [2, 'ocasional'],
    [5, 'ocasional'],
    [6, 'regular'],
    [10, 'regular'],
    [11, 'frequente'],
  ])('%i entradas → %s', (n, seg) => {
    expect(frequencySegment(n)).toBe(seg);
  });
});

describe('customer report', () => {
  const customers: CustomerInput[] = [
    { id: 'a', name: 'Ana Souza', phone: '(35) 99999-0001' },
    { id: 'b', name: 'Bruno Lima', phone: '(35) 99999-0002', whatsapp: '(35) 98888-0002' },
    { id: 'c', name: 'Carla Dias', phone: '' },
    { id: 'd', name: 'Davi Rocha', phone: '(35) 99999-0004' },
  ];
  const docs = [
    // Ana: 3 paid entradas 0.1 + 0.2 + 100 → 100.30, recent
    tx({ customer_id: 'a', at: noon('2026-06-10'), amount: 0.1 }),
    tx({ customer_id: 'a', at: noon('2026-06-11'), amount: 0.2 }),
    tx({ customer_id: 'a', at: noon('2026-06-12'), amount: 100 }),
    // Bruno: one overdue 500 (due 2026-05-01) + one pendente 250 due later → debt 750
    tx({ customer_id: 'b', at: noon('2026-04-20'), amount: 500, payment_status: 'pendente', due_date: '2026-05-01' }),
    tx({ customer_id: 'b', at: noon('2026-06-20'), amount: 250, payment_status: 'pendente', due_date: '2026-07-15' }),
    // Carla: bought long ago, paid
    tx({ customer_id: 'c', at: noon('2025-12-01'), amount: 40 }),
    // Davi: nothing. A saída without customer:
    tx({ type: 'saida', at: noon('2026-06-01'), amount: 70 }),
  ];
  const rows = customerRows(customers, prepareTransactions(docs, TODAY), TODAY);
  const by = (id: string) => rows.find((r) => r.id === id)!;

  test('totals, counts, ticket, last purchase and debt per customer', () => {
    expect(by('a')).toMatchObject({ totalCents: 10030, purchases: 3, ticketCents: 3343, lastPurchase: '2026-06-12', debtCents: 0, status: 'ativo' });
    expect(by('b')).toMatchObject({ totalCents: 75000, purchases: 2, debtCents: 75000, oldestDebtDate: '2026-05-01', status: 'inadimplente', whatsapp: '(35) 98888-0002' });
    expect(by('c')).toMatchObject({ totalCents: 4000, lastPurchase: '2025-12-01', status: 'inativo' });
    expect(by('d')).toMatchObject({ totalCents: 0, purchases: 0, lastPurchase: null, status: 'inativo' });
  });

  test('summary cards', () => {
    expect(customerSummary(rows)).toEqual({ total: 4, revenueCents: 89030, active: 1, inactive: 2, defaulters: 1 });
    expect(customerSummary([])).toEqual({ total: 0, revenueCents: 0, active: 0, inactive: 0, defaulters: 0 });
  });

  test('debtors: pendente or atrasado entradas, largest first', () => {
    expect(debtors(rows).map((r) => [r.name, r.debtCents])).toEqual([['Bruno Lima', 75000]]);
  });

  test('frequency pie counts customers who bought', () => {
    expect(frequencyDistribution(rows)).toEqual([
      { key: 'ocasional', label: 'Cliente ocasional', count: 2, percent: 66.7 },
      { key: 'primeira', label: 'Primeira compra', count: 1, percent: 33.3 },
    ]);
  });

  test('inactive list and sorting', () => {
    expect(inactiveCustomers(rows).map((r) => r.id)).toEqual(['d', 'c']);
    expect(sortCustomerRows(rows, 'total', 'desc').map((r) => r.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(sortCustomerRows(rows, 'lastPurchase', 'asc').map((r) => r.id)).toEqual(['d', 'c', 'a', 'b']);
    expect(sortCustomerRows(rows, 'name', 'desc').map((r) => r.id)).toEqual(['d', 'c', 'b', 'a']);
  });

  test('reminder names the amount and the oldest due date', () => {
    const msg = debtReminderMessage('Bruno Lima', 75000, '2026-05-01');
    expect(msg).toContain('R$ 750,00');
    expect(msg).toContain('01/05/2026');
    expect(msg.startsWith('Olá Bruno Lima')).toBe(true);
    expect(fillCampaignMessage('Olá {nome}!', 'Bruno Lima')).toBe('Olá Bruno!');
  });

  test('recommended actions from the data', () => {
    const actions = recommendedActions(rows);
    expect(actions[0]).toEqual({ kind: 'charge', text: 'Cobrar Bruno Lima: R$ 750,00 (em aberto desde 01/05/2026)' });
    expect(actions.some((a) => a.kind === 'reactivate' && a.text.startsWith('1 cliente não compra há mais de 90 dias'))).toBe(true);
    expect(recommendedActions([])).toEqual([{ kind: 'none', text: 'Nenhuma ação urgente no momento.' }]);
  });
});

describe('VIP', () => {
  test('10 % of customers, rounded down', () => {
    expect(vipOpportunityCount(0)).toBe(0);
    expect(vipOpportunityCount(9)).toBe(0);
    expect(vipOpportunityCount(10)).toBe(1);
    expect(vipOpportunityCount(19)).toBe(1);
    expect(vipOpportunityCount(20)).toBe(2);
    expect(vipOpportunityCount(2000)).toBe(200);
  });

  test('top 10 by total spent; VIP candidates are the best 10 %', () => {
    const customers: CustomerInput[] = Array.from({ length: 25 }, (_, i) => ({ id: `c${i}`, name: `Cliente ${String(i).padStart(2, '0')}`, phone: '' }));
    // customer i spends (i + 1) × R$ 10, customers 20–24 spend nothing
    const docs = customers.slice(0, 20).map((c, i) => tx({ customer_id: c.id, amount: (i + 1) * 10, at: noon('2026-06-01') }));
    const rows = customerRows(customers, prepareTransactions(docs, TODAY), TODAY);
    const top = topCustomers(rows);
    expect(top).toHaveLength(10);
    expect(top[0]).toMatchObject({ id: 'c19', totalCents: 20000 });
    expect(top[9]).toMatchObject({ id: 'c10', totalCents: 11000 });
    expect(vipCandidates(rows).map((r) => r.id)).toEqual(['c19', 'c18']);
  });
});

describe('campaign messages', () => {
  test('{nome}, {valor} and {vencimento} are filled per customer', async () => {
    const { DEBT_TEMPLATE, fillCustomerMessage } = await import('../../../src/domain/reports');
    const msg = fillCustomerMessage(DEBT_TEMPLATE, { name: 'Bruno Lima', debtCents: 80020, oldestDebtDate: '2026-05-01' });
    expect(msg).toContain('Olá Bruno,');
    expect(msg).toContain('R$ 800,20');
    expect(msg).toContain('01/05/2026');
    expect(fillCustomerMessage('{nome} {vencimento}', { name: 'Ana', debtCents: 0, oldestDebtDate: null })).toBe('Ana -');
  });
});
