import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, isYmd, parseDateBR, parseYmd, toYmd } from '../../../src/domain/dates';

const originalTZ = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTZ;
});

describe('dates', () => {
  it('formats YYYY-MM-DD as dd/MM/yyyy without a timezone shift', () => {
    process.env.TZ = 'America/Sao_Paulo';
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate('2025-12-31')).toBe('31/12/2025');
    expect(parseYmd('2026-03-05')?.getDate()).toBe(5);
    expect(toYmd(new Date(2026, 2, 5))).toBe('2026-03-05');
  });
  it('formats instants in local time', () => {
    process.env.TZ = 'America/Sao_Paulo';
    expect(formatDate('2026-01-01T02:00:00Z')).toBe('31/12/2025');
    expect(formatDateTime('2026-11-22T13:05:00Z')).toBe('22/11/2026 às 10:05');
    expect(formatDateTime(new Date(2026, 0, 2, 8, 7))).toBe('02/01/2026 às 08:07');
  });
  it("formats instants in a given zone whatever the device's zone", () => {
    for (const tz of ['UTC', 'Asia/Tokyo', 'America/Sao_Paulo', 'America/Los_Angeles']) {
      process.env.TZ = tz;
      expect(formatDate('2026-01-01T02:00:00Z', 'America/Sao_Paulo')).toBe('31/12/2025');
      expect(formatDateTime('2026-11-22T13:05:00Z', 'America/Sao_Paulo')).toBe('22/11/2026 às 10:05');
      expect(formatDateTime('2026-11-22T03:00:00Z', 'America/Sao_Paulo')).toBe('22/11/2026 às 00:00');
      // A calendar date is the same day in every zone.
      expect(formatDate('2026-03-05', 'Asia/Tokyo')).toBe('05/03/2026');
      expect(formatDateTime('2026-03-05', 'Asia/Tokyo')).toBe('05/03/2026 às 00:00');
      expect(formatDateTime('nope', 'America/Sao_Paulo')).toBe('');
    }
  });
  it('empty or invalid gives an empty string', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('2024-02-30')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
  it('validates and parses typed dates', () => {
    expect(isYmd('2024-02-29')).toBe(true);
    expect(isYmd('2023-02-29')).toBe(false);
    expect(parseDateBR('5/3/2026')).toBe('2026-03-05');
    expect(parseDateBR('31/04/2026')).toBeNull();
    expect(parseDateBR('abc')).toBeNull();
  });
});
