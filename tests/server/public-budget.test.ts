/** The public routes' budget per client (sync-server/src/public/budget.ts): pure, the clock is a parameter. */
import { describe, expect, test } from 'vitest';
import { PublicBudget, tooManyAttemptsMessage } from '../../sync-server/src/public/budget';

describe('PublicBudget', () => {
  test('each client gets its own budget per minute, renewed the next minute', () => {
    let t = 1_000_000;
    const budget = new PublicBudget(2, () => t);
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false]);
    expect(budget.take('b')).toBe(true);
    t += 59_999;
    expect(budget.take('a')).toBe(false);
    expect(budget.retryAfterMs()).toBe(1);
    t += 1;
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false]);
  });

  test('a costly request needs its whole cost left; a refund gives units back within the minute', () => {
    const t = 5_000_000;
    const budget = new PublicBudget(20, () => t);
    expect(budget.take('a', 20)).toBe(true);
    expect(budget.take('a')).toBe(false);
    budget.refund('a', 19);
    expect(budget.take('a', 20)).toBe(false);
    expect(budget.take('a')).toBe(true);
    expect(tooManyAttemptsMessage(42_000)).toBe('Muitas tentativas. Tente novamente em 42 segundos.');
  });
});
