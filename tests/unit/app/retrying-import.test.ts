/** A route's code that fails to load is tried again before the error page (issue 39 §4). */
import { describe, expect, it, vi } from 'vitest';
import { retryingImport } from '../../../src/app/retrying-import';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};
const noWait = async () => undefined;

describe('retryingImport', () => {
  it('a load that fails twice and then works gives the module, with no reload', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockRejectedValueOnce(new TypeError('x')).mockResolvedValue({ ok: 1 });
    const reload = vi.fn();
    await expect(retryingImport(load, { sleep: noWait, reload, store: memory() })).resolves.toEqual({ ok: 1 });
    expect(load).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
  });

  it('when every try fails the page reloads once; a second failure within a minute reaches the error page', async () => {
    const store = memory();
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const reload = vi.fn();
    let settled = false;
    void retryingImport(load, { sleep: noWait, reload, store, now: () => 1_000_000 }).finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(settled).toBe(false);
    await expect(retryingImport(load, { sleep: noWait, reload, store, now: () => 1_030_000 })).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits between tries', async () => {
    const waits: number[] = [];
    const load = vi.fn().mockRejectedValueOnce(new Error('a')).mockRejectedValueOnce(new Error('b')).mockResolvedValue(1);
    await retryingImport(load, { sleep: async (ms) => void waits.push(ms), store: null });
    expect(waits).toEqual([400, 1500]);
  });
});
