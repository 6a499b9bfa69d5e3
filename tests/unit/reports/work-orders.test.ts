import { describe, expect, test } from 'vitest';
import type { WorkOrderEventDoc, WorkOrderStage } from '@shared';
import { median, workOrderReport, type WorkOrderInput } from '../../../src/domain/reports';

let n = 0;
const os = (id: string, over: Partial<WorkOrderInput> = {}): WorkOrderInput => ({
  id, code: `ORC-${id.toUpperCase()}`, quotation_id: `q-${id}`, customer_id: `c-${id}`, forecast_date: null, created_at: '2026-03-01T12:00:00.000Z', ...over,
});
const mv = (orderId: string, to: WorkOrderStage, at: string, seq: number | null = ++n): WorkOrderEventDoc => ({
  id: `e${++n}`, work_order_id: orderId, kind: 'move', from_stage: null, to_stage: to, text: null, server_seq: seq, created_at: at, updated_at: at, client_updated_at: at, created_by: 'ana',
});
const march = { start: '2026-03-01', end: '2026-03-31' };

describe('median', () => {
  test('odd, even, empty', () => {
    expect(median([9, 1, 4])).toBe(4);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('workOrderReport', () => {
  test('jobs by stage: the current stage of each (latest move in the server order), every stage listed', () => {
    const orders = [os('a'), os('b'), os('c')];
    const events = [mv('a', 'em_execucao', '2026-03-02T10:00:00Z'), mv('b', 'em_execucao', '2026-03-02T10:00:00Z'), mv('b', 'pronto_para_retirada', '2026-03-01T10:00:00Z')];
    const r = workOrderReport(orders, events, new Map(), march, '2026-03-10');
    expect(r.total).toBe(3);
    expect(Object.fromEntries(r.byStage.map((s) => [s.stage, s.count]))).toEqual({
      aguardando_inicio: 1, aguardando_material: 0, em_execucao: 1, pronto_para_retirada: 1, entregue: 0, cancelada: 0,
    });
  });

  test('late jobs: open and past their forecast, most days late first; ready, delivered or without forecast are not', () => {
    const orders = [
      os('a', { forecast_date: '2026-03-08' }),
      os('b', { forecast_date: '2026-03-01' }),
      os('c', { forecast_date: '2026-03-10' }),
      os('d', { forecast_date: '2026-03-01' }),
      os('e'),
    ];
    const events = [mv('d', 'pronto_para_retirada', '2026-03-05T10:00:00Z')];
    const r = workOrderReport(orders, events, new Map(), march, '2026-03-10');
    expect(r.late.map((l) => [l.code, l.daysLate, l.stage])).toEqual([
      ['ORC-B', 9, 'aguardando_inicio'],
      ['ORC-A', 2, 'aguardando_inicio'],
    ]);
    expect(r.late[0].customerId).toBe('c-b');
  });

  test('median days from acceptance (quotation decided_at, or the OS opening for a counter job) to the Entregue move, for deliveries in the period', () => {
    const orders = [
      os('a'), // accepted 02/03 → delivered 06/03: 4
      os('b'), // accepted 01/03 → delivered 11/03: 10
      os('c', { quotation_id: null, created_at: '2026-03-05T13:00:00.000Z' }), // counter job: opened 05/03 → 07/03: 2
      os('d'), // delivered in April: not in March
      os('e'), // delivered, then moved back: not delivered
    ];
    const accepted = new Map([
      ['q-a', '2026-03-02T15:00:00.000Z'],
      ['q-b', '2026-03-01T11:00:00.000Z'],
      ['q-d', '2026-03-01T11:00:00.000Z'],
      ['q-e', '2026-03-01T11:00:00.000Z'],
    ]);
    const events = [
      mv('a', 'entregue', '2026-03-06T18:00:00.000Z'),
      mv('b', 'pronto_para_retirada', '2026-03-10T10:00:00.000Z'),
      mv('b', 'entregue', '2026-03-11T10:00:00.000Z'),
      mv('c', 'entregue', '2026-03-07T10:00:00.000Z'),
      mv('d', 'entregue', '2026-04-02T10:00:00.000Z'),
      mv('e', 'entregue', '2026-03-03T10:00:00.000Z'),
      mv('e', 'em_execucao', '2026-03-04T10:00:00.000Z'),
    ];
    const r = workOrderReport(orders, events, accepted, march, '2026-04-10');
    expect(r.deliveredInPeriod).toBe(3);
    expect(r.medianDaysToDelivery).toBe(4);
  });

  test('delivery dates are shop dates: 22:30 on 31/03 in São Paulo (01/04 in UTC) counts in March', () => {
    const r = workOrderReport([os('a')], [mv('a', 'entregue', '2026-04-01T01:30:00.000Z')], new Map([['q-a', '2026-03-29T12:00:00.000Z']]), march, '2026-04-10');
    expect(r.deliveredInPeriod).toBe(1);
    expect(r.medianDaysToDelivery).toBe(2);
  });

  test('nothing delivered in the period: no median', () => {
    const r = workOrderReport([os('a')], [], new Map(), march, '2026-03-10');
    expect(r.medianDaysToDelivery).toBeNull();
    expect(r.deliveredInPeriod).toBe(0);
  });
});
