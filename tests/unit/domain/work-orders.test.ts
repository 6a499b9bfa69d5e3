import { describe, expect, test } from 'vitest';
import type { WorkOrderEventDoc, WorkOrderStage } from '@shared';
import { materialsUsed, workOrderState } from '../../../src/domain/work-orders';

const order = { created_at: '2026-11-20T12:00:00.000Z', forecast_date: '2026-11-25' as string | null };

let n = 0;
function move(to: WorkOrderStage, at: string, seq: number | null, from: WorkOrderStage | null = null, by = 'ana'): WorkOrderEventDoc {
  n++;
  return { id: `e${n}`, work_order_id: 'os-1', kind: 'move', from_stage: from, to_stage: to, text: null, server_seq: seq, created_at: at, updated_at: at, client_updated_at: at, created_by: by };
}
function note(text: string, at: string, seq: number | null, by = 'bruno'): WorkOrderEventDoc {
  n++;
  return { id: `n${n}`, work_order_id: 'os-1', kind: 'note', from_stage: null, to_stage: null, text, server_seq: seq, created_at: at, updated_at: at, client_updated_at: at, created_by: by };
}

describe('workOrderState', () => {
  test('without moves: Aguardando início since the OS was opened', () => {
    const s = workOrderState(order, [], '2026-11-21');
    expect(s.stage).toBe('aguardando_inicio');
    expect(s.stageSince).toBe(order.created_at);
    expect(s.moves).toEqual([]);
    expect(s.delivery).toBeNull();
  });

  test('the server order counts, not the device clocks: the later server_seq is the current stage', () => {
    // Device A's clock is ahead: its move says the 24th but reached the server first.
    const a = move('aguardando_material', '2026-11-24T10:00:00.000Z', 10, 'aguardando_inicio', 'ana');
    const b = move('em_execucao', '2026-11-22T10:00:00.000Z', 12, 'aguardando_inicio', 'bruno');
    const s = workOrderState(order, [b, a], '2026-11-23');
    expect(s.moves.map((m) => [m.to, m.by, m.pending])).toEqual([
      ['aguardando_material', 'ana', false],
      ['em_execucao', 'bruno', false],
    ]);
    expect(s.stage).toBe('em_execucao');
    expect(s.stageSince).toBe('2026-11-22T10:00:00.000Z');
  });

  test('moves still on this device count after every stored one, in the order they were made', () => {
    const stored = move('em_execucao', '2026-11-26T09:00:00.000Z', 5);
    const later = move('entregue', '2026-11-23T12:00:00.000Z', null);
    const earlier = move('pronto_para_retirada', '2026-11-23T11:00:00.000Z', null);
    const s = workOrderState(order, [later, stored, earlier], '2026-11-23');
    expect(s.moves.map((m) => [m.to, m.pending])).toEqual([
      ['em_execucao', false],
      ['pronto_para_retirada', true],
      ['entregue', true],
    ]);
    expect(s.stage).toBe('entregue');
  });

  test('Atrasada: open past its forecast on the shop calendar; not on the day, not once ready, not without a forecast', () => {
    const working = [move('em_execucao', '2026-11-21T10:00:00.000Z', 1)];
    expect(workOrderState(order, working, '2026-11-25').late).toBe(false);
    expect(workOrderState(order, working, '2026-11-26').late).toBe(true);
    expect(workOrderState(order, [], '2026-11-26').late).toBe(true);
    expect(workOrderState({ ...order, forecast_date: null }, working, '2030-01-01').late).toBe(false);
    const ready = [...working, move('pronto_para_retirada', '2026-11-24T10:00:00.000Z', 2)];
    expect(workOrderState(order, ready, '2026-11-30').late).toBe(false);
    expect(workOrderState(order, [move('cancelada', '2026-11-24T10:00:00.000Z', 3)], '2026-11-30').late).toBe(false);
  });

  test('delivery: who and when of the move to Entregue while it is the current stage; gone when moved back', () => {
    const delivered = [move('pronto_para_retirada', '2026-11-24T10:00:00.000Z', 1), move('entregue', '2026-11-25T15:30:00.000Z', 2, 'pronto_para_retirada', 'carla')];
    expect(workOrderState(order, delivered, '2026-11-26').delivery).toEqual({ by: 'carla', at: '2026-11-25T15:30:00.000Z' });
    const corrected = [...delivered, move('pronto_para_retirada', '2026-11-25T16:00:00.000Z', 3, 'entregue')];
    const s = workOrderState(order, corrected, '2026-11-26');
    expect(s.stage).toBe('pronto_para_retirada');
    expect(s.delivery).toBeNull();
    expect(s.moves).toHaveLength(3);
  });

  test('notes are kept apart, newest first, with author and pending; they never change the stage', () => {
    const events = [note('Chegou o metalon', '2026-11-22T08:00:00.000Z', 4), move('em_execucao', '2026-11-21T10:00:00.000Z', 3), note('Cliente ligou', '2026-11-23T08:00:00.000Z', null, 'dani')];
    const s = workOrderState(order, events, '2026-11-23');
    expect(s.stage).toBe('em_execucao');
    expect(s.notes.map((x) => [x.text, x.by, x.pending])).toEqual([
      ['Cliente ligou', 'dani', true],
      ['Chegou o metalon', 'bruno', false],
    ]);
    expect(s.moves).toHaveLength(1);
  });

  test('a move to an unknown stage is ignored', () => {
    const bad = { ...move('em_execucao', '2026-11-22T10:00:00.000Z', 9), to_stage: 'voando' };
    const s = workOrderState(order, [move('aguardando_material', '2026-11-21T10:00:00.000Z', 1), bad], '2026-11-23');
    expect(s.stage).toBe('aguardando_material');
    expect(s.moves).toHaveLength(1);
  });
});

describe('materialsUsed', () => {
  test('net quantity per item taken for the OS; a returned line is gone; decimals stay exact', () => {
    expect(
      materialsUsed([
        { stock_item_id: 'tubo', delta: -6 },
        { stock_item_id: 'eletrodo', delta: -0.1 },
        { stock_item_id: 'eletrodo', delta: -0.2 },
        { stock_item_id: 'chapa', delta: -2 },
        { stock_item_id: 'chapa', delta: 2 },
      ]),
    ).toEqual([
      { stock_item_id: 'tubo', quantity: 6 },
      { stock_item_id: 'eletrodo', quantity: 0.3 },
    ]);
    expect(materialsUsed([])).toEqual([]);
  });
});
