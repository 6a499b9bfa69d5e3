import { describe, expect, test } from 'vitest';
import { effectiveStatus, isOverdue, shopDate } from '../../../src/domain/transaction-status';

describe('overdue is derived', () => {
  const today = '2026-03-10';
  test('due today is not overdue; yesterday is', () => {
    expect(effectiveStatus({ payment_status: 'pendente', due_date: '2026-03-10' }, today)).toBe('pendente');
    expect(effectiveStatus({ payment_status: 'pendente', due_date: '2026-03-09' }, today)).toBe('atrasado');
  });
  test('parcial past due is overdue; pago never is', () => {
    expect(effectiveStatus({ payment_status: 'parcial', due_date: '2026-01-01' }, today)).toBe('atrasado');
    expect(effectiveStatus({ payment_status: 'parcial', due_date: null }, today)).toBe('parcial');
    expect(effectiveStatus({ payment_status: 'pago', due_date: '2020-01-01' }, today)).toBe('pago');
  });
  test('no due date is never overdue; a stored atrasado stays, any case', () => {
    expect(isOverdue({ payment_status: 'pendente', due_date: null }, today)).toBe(false);
    expect(effectiveStatus({ payment_status: 'ATRASADO' }, today)).toBe('atrasado');
  });
});

describe('shop date is São Paulo time, not UTC', () => {
  test('23:30 on the last day of the month in São Paulo is still that day', () => {
    // 2026-03-31 23:30 -03:00 = 2026-04-01 02:30 UTC
    expect(shopDate('2026-04-01T02:30:00.000Z')).toBe('2026-03-31');
    expect(shopDate('2026-04-01T03:00:00.000Z')).toBe('2026-04-01');
  });
  test('invalid input gives an empty string', () => {
    expect(shopDate('not a date')).toBe('');
  });
});
