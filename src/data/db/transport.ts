import type { ClockSample } from '../../domain/clock-skew';
import type { SyncTransport } from './types';

/** Thrown when the server could not be reached at all (offline, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

/** Thrown for an HTTP answer the sync engine cannot use. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type Requester = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * A fetch bound to the server, adding the bearer token and refreshing it once on 401. `onClock`
 * hears, for every answer, when it was asked and answered on this device's clock and the server's
 * `Date` header (the sync centre shows the device's clock skew from it).
 */
export function createRequester(t: SyncTransport, onClock?: (sample: ClockSample) => void): Requester {
  const doFetch = t.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = t.baseUrl.replace(/\/$/, '');
  const once = async (path: string, init: RequestInit) => {
    const token = await t.getToken();
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    try {
      const sentAt = Date.now();
      const res = await doFetch(base + path, { ...init, headers });
      onClock?.({ sentAt, receivedAt: Date.now(), serverDate: res.headers?.get?.('date') ?? null });
      return res;
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw new NetworkError(e);
    }
  };
  return async (path, init = {}) => {
    let res = await once(path, init);
    if (res.status === 401 && t.refreshToken) {
      const refreshed = await t.refreshToken().catch(() => false);
      if (refreshed) res = await once(path, init);
    }
    return res;
  };
}

export async function errorFrom(res: Response): Promise<HttpError> {
  let code: string | null = null;
  let message = `HTTP ${res.status}`;
  try {
    const body = (await res.json()) as { error?: string; message?: string };
    code = body.error ?? null;
    message = body.message ?? message;
  } catch {
    /* not JSON */
  }
  return new HttpError(res.status, code, message);
}
