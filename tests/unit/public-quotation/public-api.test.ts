import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getPublicQuotation, rejectPublicQuotation, retryTiming, acceptPublicQuotation,
} from '../../../src/data/public-api';

const sleeps: number[] = [];
const origSleep = retryTiming.sleep;
const origJitter = retryTiming.jitter;

beforeEach(() => {
  sleeps.length = 0;
  retryTiming.sleep = async (ms) => {
    sleeps.push(ms);
  };
  retryTiming.jitter = () => 0;
});
afterEach(() => {
  retryTiming.sleep = origSleep;
  retryTiming.jitter = origJitter;
  vi.unstubAllGlobals();
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('public API client', () => {
  it('returns data on success', async () => {
    const fetchMock = vi.fn(async () => json(200, { code: 'ORC-ABC123' }));
    vi.stubGlobal('fetch', fetchMock);
    const r = await getPublicQuotation('ORC-ABC123');
    expect(r).toEqual({ ok: true, data: { code: 'ORC-ABC123' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/public/quotations/ORC-ABC123', expect.anything());
  });

  it('does not retry a 404 and passes the server message through', async () => {
    const message = 'Orçamento não encontrado. Verifique se o código está correto.';
    const fetchMock = vi.fn(async () => json(404, { error: 'not_found', message }));
    vi.stubGlobal('fetch', fetchMock);
    const r = await getPublicQuotation('ORC-NOPE12');
    expect(r).toEqual({ ok: false, status: 404, code: 'not_found', message });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries network errors 3 attempts in all with 1 s, 2 s backoff', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const r = await getPublicQuotation('ORC-ABC123');
    expect(r).toMatchObject({ ok: false, status: 0, code: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('recovers when a later attempt succeeds', async () => {
    let n = 0;
    vi.stubGlobal('fetch', vi.fn(async () => (++n < 2 ? json(503, {}) : json(200, { ok: 1 }))));
    expect(await getPublicQuotation('ORC-ABC123')).toEqual({ ok: true, data: { ok: 1 } });
    expect(n).toBe(2);
  });

  it('posts accept and reject with the optional reason', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { status: 'rejected' }));
    vi.stubGlobal('fetch', fetchMock);
    await acceptPublicQuotation('ORC-ABC123');
    await rejectPublicQuotation('ORC-ABC123', '  caro demais ');
    await rejectPublicQuotation('ORC-ABC123', '   ');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/public/quotations/ORC-ABC123/accept');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
    expect(fetchMock.mock.calls[1][0]).toBe('/api/public/quotations/ORC-ABC123/reject');
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ reason: 'caro demais' });
    expect(JSON.parse(String(fetchMock.mock.calls[2][1]?.body))).toEqual({});
  });
});
