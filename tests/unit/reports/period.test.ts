import { describe, expect, test } from 'vitest';
import { daysBetween, inRange, periodRange, rangeInstants, rangeLabel, resolveRange, DEFAULT_FILTER, shopDay } from '../../../src/domain/reports';
import { shopDate } from '../../../src/domain/transaction-status';

describe('period ranges', () => {
  test('month, quarter and year containing today', () => {
    expect(periodRange('month', '2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodRange('month', '2024-02-14')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(periodRange('quarter', '2026-05-31')).toEqual({ start: '2026-04-01', end: '2026-06-30' });
    expect(periodRange('quarter', '2026-12-01')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(periodRange('year', '2026-07-04')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  test('previous and next periods cross year boundaries', () => {
    expect(periodRange('month', '2026-01-15', -1)).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(periodRange('month', '2026-12-15', 1)).toEqual({ start: '2027-01-01', end: '2027-01-31' });
    expect(periodRange('quarter', '2026-02-01', -1)).toEqual({ start: '2025-10-01', end: '2025-12-31' });
    expect(periodRange('year', '2026-02-01', -2)).toEqual({ start: '2024-01-01', end: '2024-12-31' });
  });

  test('Data Inicial / Data Final override the period; one alone leaves the other open', () => {
    expect(resolveRange({ ...DEFAULT_FILTER, startDate: '2026-01-05', endDate: '2026-01-20' }, '2026-03-01')).toEqual({
      start: '2026-01-05',
      end: '2026-01-20',
    });
    expect(resolveRange({ ...DEFAULT_FILTER, startDate: '2026-01-05' }, '2026-03-01')).toEqual({ start: '2026-01-05', end: null });
    expect(resolveRange(DEFAULT_FILTER, '2026-03-09')).toEqual({ start: '2026-03-01', end: '2026-03-31' });
  });

  test('a transaction at 23:30 on the last day of the month in São Paulo stays in that month', () => {
    // 2026-03-31 23:30 in São Paulo (UTC−3) is 2026-04-01 02:30 UTC.
    const day = shopDay('2026-04-01T02:30:00.000Z');
    expect(day).toBe('2026-03-31');
    const march = periodRange('month', '2026-03-15');
    expect(inRange(day, march)).toBe(true);
    expect(inRange(day, periodRange('month', '2026-04-15'))).toBe(false);
    // And 00:10 on April 1st in São Paulo is April.
    expect(shopDay('2026-04-01T03:10:00.000Z')).toBe('2026-04-01');
  });

  test('shopDay equals shopDate for every hour of a year', () => {
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 3_600_000 + 59_000) {
      const iso = new Date(t).toISOString();
      expect(shopDay(iso)).toBe(shopDate(iso));
    }
    expect(shopDay('2026-04-01T02:30:00-03:00')).toBe('2026-04-01');
  });

  test('labels and day counts', () => {
    expect(rangeLabel(DEFAULT_FILTER, periodRange('month', '2026-03-02'))).toBe('Março de 2026');
    expect(rangeLabel({ ...DEFAULT_FILTER, period: 'quarter' }, periodRange('quarter', '2026-05-02'))).toBe('2º trimestre de 2026');
    expect(rangeLabel({ ...DEFAULT_FILTER, startDate: '2026-01-05' }, { start: '2026-01-05', end: null })).toBe('05/01/2026 – …');
    expect(daysBetween('2026-01-01', '2026-03-31')).toBe(89);
    expect(daysBetween('2026-03-31', '2026-01-01')).toBe(-89);
  });

  test('rangeInstants: every instant whose shop day is in the range lies inside (read by index first, then the exact days)', () => {
    const range = periodRange('month', '2026-03-15');
    const b = rangeInstants(range)!;
    expect(b).toEqual({ from: '2026-02-28T00:00:00.000Z', to: '2026-04-02T00:00:00.000Z' });
    // Every hour of March in São Paulo, and the edges either side, fall inside [from, to).
    for (let t = Date.UTC(2026, 1, 27); t < Date.UTC(2026, 3, 3); t += 3_600_000) {
      const iso = new Date(t).toISOString();
      if (inRange(shopDay(iso), range)) expect(iso >= b.from! && iso < b.to!, iso).toBe(true);
    }
    expect(rangeInstants({ start: '2026-01-01', end: null })).toEqual({ from: '2025-12-31T00:00:00.000Z', to: null });
    expect(rangeInstants({ start: null, end: '2026-12-31' })).toEqual({ from: null, to: '2027-01-02T00:00:00.000Z' });
    expect(rangeInstants({ start: null, end: null })).toBeNull();
  });
});
