/** Issue 31's shared rules: stages, the current stage from insert-only moves, Atrasada, Garantia. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WARRANTY_DAYS, WORK_ORDER_STAGES, WORK_ORDER_STAGE_LABELS, currentStage, isUnderWarranty, isWorkOrderLate, isWorkOrderStage,
  orderMoves, warrantyEndDate, type StageMove,
} from '../../../schemas/work-orders';

const move = (to: StageMove['to'], seq: number | null, moved_at = '2026-11-20T12:00:00.000Z'): StageMove => ({ to, seq, moved_at });

describe('stages', () => {
  it('are the five steps in order, then Cancelada, each with its pt-BR label', () => {
    expect(WORK_ORDER_STAGES.map((s) => WORK_ORDER_STAGE_LABELS[s])).toEqual([
      'Aguardando início', 'Aguardando material', 'Em execução', 'Pronto para retirada', 'Entregue', 'Cancelada',
    ]);
    expect(isWorkOrderStage('em_execucao')).toBe(true);
    expect(isWorkOrderStage('Em execução')).toBe(false);
    expect(isWorkOrderStage(null)).toBe(false);
  });
});

describe('current stage', () => {
  it('starts at Aguardando início', () => {
    expect(currentStage([])).toBe('aguardando_inicio');
  });

  it('is the latest move by the server\'s order, not by the devices\' clocks', () => {
    // Device B's clock is behind: its move reached the server later and counts last.
    const moves = [move('em_execucao', 7, '2026-11-20T12:05:00.000Z'), move('aguardando_material', 9, '2026-11-20T12:01:00.000Z')];
    expect(currentStage(moves)).toBe('aguardando_material');
  });

  it('counts this device\'s moves not yet sent after every stored one, oldest first', () => {
    const moves = [move('pronto_para_retirada', null, '2026-11-20T12:10:00.000Z'), move('em_execucao', 3), move('entregue', null, '2026-11-20T12:11:00.000Z')];
    expect(orderMoves(moves).map((m) => m.to)).toEqual(['em_execucao', 'pronto_para_retirada', 'entregue']);
    expect(currentStage(moves)).toBe('entregue');
  });
});

describe('Atrasada', () => {
  it('an open job whose forecast is before today', () => {
    expect(isWorkOrderLate('em_execucao', '2026-11-26', '2026-11-27')).toBe(true);
    expect(isWorkOrderLate('aguardando_material', '2026-11-26', '2026-11-27')).toBe(true);
  });
  it('not on the forecast day itself, nor without a forecast', () => {
    expect(isWorkOrderLate('em_execucao', '2026-11-27', '2026-11-27')).toBe(false);
    expect(isWorkOrderLate('em_execucao', null, '2026-11-27')).toBe(false);
    expect(isWorkOrderLate('em_execucao', 'amanhã', '2026-11-27')).toBe(false);
  });
  it('never once ready, delivered or cancelled', () => {
    for (const stage of ['pronto_para_retirada', 'entregue', 'cancelada'] as const) expect(isWorkOrderLate(stage, '2026-01-01', '2026-11-27')).toBe(false);
  });
});

describe('Garantia', () => {
  it('ends 90 days after the delivery by default, across months and years', () => {
    expect(DEFAULT_WARRANTY_DAYS).toBe(90);
    expect(warrantyEndDate('2026-03-01', 90)).toBe('2026-05-30');
    expect(warrantyEndDate('2026-11-27', 90)).toBe('2027-02-25');
    expect(warrantyEndDate('2028-02-28', 1)).toBe('2028-02-29');
  });
  it('covers through its last day', () => {
    expect(isUnderWarranty('2027-02-25', '2027-02-25')).toBe(true);
    expect(isUnderWarranty('2027-02-25', '2027-02-26')).toBe(false);
    expect(isUnderWarranty(null, '2027-01-01')).toBe(false);
  });
  it('bad input gives no date', () => {
    expect(warrantyEndDate('27/11/2026', 90)).toBe('');
    expect(warrantyEndDate('2026-11-27', -1)).toBe('');
  });
});
