import { describe, expect, test } from 'vitest';
import { compareCodeUnits, comparePtBr, newestFirst } from '../../../src/domain/order';

describe('sort orders for whole collections', () => {
  test('ISO instants and dates order by their characters, oldest first', () => {
    const xs = ['2026-11-27T10:00:00.000Z', '2025-01-31T23:59:59.999Z', '2026-11-27T09:59:59.999Z', '2026-02-01T00:00:00.000Z'];
    expect([...xs].sort(compareCodeUnits)).toEqual(['2025-01-31T23:59:59.999Z', '2026-02-01T00:00:00.000Z', '2026-11-27T09:59:59.999Z', '2026-11-27T10:00:00.000Z']);
    expect(compareCodeUnits('2026-11-27', '2026-11-27')).toBe(0);
  });

  test('newest first by created_at, ties kept in their order', () => {
    const rows = [
      { id: 'a', created_at: '2026-11-01T00:00:00.000Z' },
      { id: 'b', created_at: '2026-11-03T00:00:00.000Z' },
      { id: 'c', created_at: '2026-11-01T00:00:00.000Z' },
    ];
    expect([...rows].sort(newestFirst).map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  test('pt-BR names: accents and case do not separate them, numbers count as numbers', () => {
    const names = ['Élcio', 'eduardo', 'Édson', 'Ana', 'ângela', 'Zé', 'Çarla', 'carlos', 'Bruno', 'álvaro', 'Ana Maria', 'Cliente 10', 'Cliente 2'];
    expect([...names].sort(comparePtBr)).toEqual([
      'álvaro', 'Ana', 'Ana Maria', 'ângela', 'Bruno', 'Çarla', 'carlos', 'Cliente 2', 'Cliente 10', 'Édson', 'eduardo', 'Élcio', 'Zé',
    ]);
    expect(comparePtBr('Álvaro', 'alvaro')).toBe(0);
  });
});
