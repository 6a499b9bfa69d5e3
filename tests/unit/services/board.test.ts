import { describe, expect, test } from 'vitest';
import { filterOrders, groupByStage, nextStages, otherStages, type BoardOrder } from '../../../src/features/services/board';

const order = (f: Partial<BoardOrder> & { id: string }): BoardOrder => ({
  code: `OS-${f.id.toUpperCase()}`,
  customer_id: null,
  responsible_id: null,
  forecast_date: null,
  created_at: '2026-03-01T10:00:00.000Z',
  stage: 'aguardando_inicio',
  late: false,
  ...f,
});

describe('groupByStage', () => {
  test('every stage in the floor order; late jobs first, then the nearest forecast', () => {
    const groups = groupByStage([
      order({ id: 'a', forecast_date: '2026-03-20' }),
      order({ id: 'b', forecast_date: '2026-03-10' }),
      order({ id: 'c', forecast_date: '2026-03-30', late: true }),
      order({ id: 'd', stage: 'entregue' }),
      order({ id: 'e', stage: 'em_execucao' }),
    ]);
    expect(groups.map((g) => g.stage)).toEqual(['aguardando_inicio', 'aguardando_material', 'em_execucao', 'pronto_para_retirada', 'entregue', 'cancelada']);
    expect(groups[0].orders.map((o) => o.id)).toEqual(['c', 'b', 'a']);
    expect(groups[1].orders).toEqual([]);
    expect(groups[2].orders.map((o) => o.id)).toEqual(['e']);
    expect(groups[4].orders.map((o) => o.id)).toEqual(['d']);
  });

  test('an OS without a forecast comes after those with one; closed stages newest first', () => {
    const groups = groupByStage([
      order({ id: 'x' }),
      order({ id: 'y', forecast_date: '2026-05-01' }),
      order({ id: 'old', stage: 'cancelada', created_at: '2026-01-01T00:00:00Z' }),
      order({ id: 'new', stage: 'cancelada', created_at: '2026-02-01T00:00:00Z' }),
    ]);
    expect(groups[0].orders.map((o) => o.id)).toEqual(['y', 'x']);
    expect(groups[5].orders.map((o) => o.id)).toEqual(['new', 'old']);
  });
});

describe('filterOrders', () => {
  const names: Record<string, string> = { c1: 'José da Silva', c2: 'Ana Serralheria' };
  const all = [order({ id: 'a1', customer_id: 'c1', responsible_id: 'me' }), order({ id: 'b2', customer_id: 'c2', responsible_id: 'other' }), order({ id: 'c3' })];
  const nameOf = (id: string | null | undefined) => (id ? names[id] ?? null : null);

  test('search by code or customer, case- and accent-insensitive', () => {
    expect(filterOrders(all, { text: 'os-b2', mine: false, me: 'me' }, nameOf).map((o) => o.id)).toEqual(['b2']);
    expect(filterOrders(all, { text: 'jose', mine: false, me: 'me' }, nameOf).map((o) => o.id)).toEqual(['a1']);
    expect(filterOrders(all, { text: '  ', mine: false, me: 'me' }, nameOf)).toHaveLength(3);
  });

  test('Meus serviços keeps only those whose Responsável is me (none without a user)', () => {
    expect(filterOrders(all, { text: '', mine: true, me: 'me' }, nameOf).map((o) => o.id)).toEqual(['a1']);
    expect(filterOrders(all, { text: '', mine: true, me: null }, nameOf)).toEqual([]);
  });
});

describe('stage moves offered', () => {
  test('big buttons for the usual next stages; every other stage in the menu', () => {
    expect(nextStages('aguardando_inicio')).toEqual(['em_execucao', 'aguardando_material']);
    expect(nextStages('em_execucao')).toEqual(['pronto_para_retirada']);
    expect(nextStages('pronto_para_retirada')).toEqual(['entregue']);
    expect(otherStages('em_execucao')).toEqual(['aguardando_inicio', 'aguardando_material', 'entregue', 'cancelada']);
    expect(otherStages('entregue')).toEqual(['aguardando_inicio', 'aguardando_material', 'em_execucao', 'pronto_para_retirada', 'cancelada']);
    for (const s of ['aguardando_inicio', 'em_execucao', 'entregue', 'cancelada'] as const) {
      expect(new Set([...nextStages(s), ...otherStages(s), s]).size).toBe(6);
    }
  });
});
