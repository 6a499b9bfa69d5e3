/**
 * Client for the public (no sign-in) API: company profile and quotation by code.
 * Plain fetch, no RxDB, so the landing and quotation pages stay small.
 *
 * Network rules (spec §9): each attempt times out after 15 s; network failures and timeouts
 * (and 5xx / 429 answers) are retried up to 3 attempts in all, waiting 1 s, 2 s… (capped at
 * 10 s) plus up to 1 s of jitter. A 4xx answer is final and returned at once.
 */
import { API_PATHS, ERROR_MESSAGES, quotationAccessQuery } from '@shared';
import type { PublicCompany, PublicQuotation, QuotationAccessParams } from '@shared';

export type ApiResult<T> =
  | { ok: true; data: T }
  /** status 0 = no answer (offline, timeout); code is the server's error code or 'network'. */
  | { ok: false; status: number; code: string; message: string };

export const REQUEST_TIMEOUT_MS = 15_000;
export const MAX_ATTEMPTS = 3;
const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 10_000;
const MAX_JITTER_MS = 1_000;

export const NETWORK_ERROR_MESSAGE = 'Não foi possível conectar ao servidor. Verifique sua conexão.';

/** Test hooks: replace the waiting and the jitter so retries run instantly. */
export const retryTiming = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  jitter: () => Math.random() * MAX_JITTER_MS,
};

export function retryDelayMs(attempt: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS) + retryTiming.jitter();
}

async function readError(res: Response): Promise<{ code: string; message: string }> {
  try {
    const body = (await res.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') {
      const known = (ERROR_MESSAGES as Record<string, string>)[body.error];
      return { code: body.error, message: typeof body.message === 'string' ? body.message : known ?? body.error };
    }
  } catch {
    // Not JSON (a proxy's HTML page): fall through to a generic error.
  }
  return { code: res.status === 404 ? 'not_found' : 'http_error', message: `Erro HTTP: ${res.status}` };
}

async function request<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  let last: ApiResult<T> = { ok: false, status: 0, code: 'network', message: NETWORK_ERROR_MESSAGE };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const res = await fetch(path, {
        ...init,
        headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (res.ok) return { ok: true, data: (await res.json()) as T };
      const err = await readError(res);
      last = { ok: false, status: res.status, code: err.code, message: err.message };
      // Client errors are answers, not failures: never retried.
      if (res.status < 500 && res.status !== 429) return last;
    } catch {
      last = { ok: false, status: 0, code: 'network', message: NETWORK_ERROR_MESSAGE };
    } finally {
      clearTimeout(timer);
    }
    if (attempt < MAX_ATTEMPTS) await retryTiming.sleep(retryDelayMs(attempt));
  }
  return last;
}

export function getPublicCompany(): Promise<ApiResult<PublicCompany>> {
  return request<PublicCompany>(API_PATHS.publicCompany);
}

/**
 * `access`: what opens the quotation (issue 30) — the secret of the link staff sent (`k`) or the
 * last 4 digits of the customer's phone (`tel`), sent as the page's address has them. Without
 * either the server answers 403 quotation_phone_required, for any code.
 */
export function getPublicQuotation(code: string, access?: QuotationAccessParams): Promise<ApiResult<PublicQuotation>> {
  return request<PublicQuotation>(API_PATHS.publicQuotation(code) + quotationAccessQuery(access));
}

export function acceptPublicQuotation(code: string, access?: QuotationAccessParams): Promise<ApiResult<PublicQuotation>> {
  return request<PublicQuotation>(`${API_PATHS.publicQuotation(code)}/accept${quotationAccessQuery(access)}`, { method: 'POST', body: '{}' });
}

export function rejectPublicQuotation(code: string, reason?: string, access?: QuotationAccessParams): Promise<ApiResult<PublicQuotation>> {
  const trimmed = reason?.trim();
  return request<PublicQuotation>(`${API_PATHS.publicQuotation(code)}/reject${quotationAccessQuery(access)}`, {
    method: 'POST',
    body: JSON.stringify(trimmed ? { reason: trimmed } : {}),
  });
}

/** Tells the service worker (if one controls the page) to drop its cached quotation answers. */
export function clearQuotationsCache(): void {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_QUOTATIONS_CACHE' });
  } catch {
    // No service worker in this context: nothing is cached.
  }
}
