/** The drawn-page budget per client (sync-server/src/ssr/draw-budget.ts): pure, the clock is a parameter. */
import { describe, expect, test } from 'vitest';
import { DrawBudget } from '../../sync-server/src/ssr/draw-budget';

describe('DrawBudget', () => {
  test('each client gets its own budget per minute, renewed the next minute', () => {
    let t = 1_000_000;
    const budget = new DrawBudget(2, () => t);
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false]);
    expect(budget.take('b')).toBe(true);
    t += 59_999;
    expect(budget.take('a')).toBe(false);
    t += 1;
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false]);
  });
});
