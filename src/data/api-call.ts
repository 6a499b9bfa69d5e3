/**
 * One signed-in call to the server's own records (sessions, conflicts, team): online only, and
 * every failure comes back as a pt-BR message, never a throw.
 */
import { ERROR_MESSAGES, type ErrorCode } from '@shared';
import { authFetch } from './auth';

export const ACCOUNT_DATA_MESSAGES = {
  offline: 'Sem conexão com o servidor. Tente novamente quando estiver online.',
} as const;

export type Result<T> = { ok: true; value: T } | { ok: false; message: string; code?: ErrorCode | 'offline' };

export async function call<T>(path: string, init?: RequestInit): Promise<Result<T>> {
  let res: Response;
  try {
    res = await authFetch(path, init);
  } catch {
    return { ok: false, message: ACCOUNT_DATA_MESSAGES.offline, code: 'offline' };
  }
  if (!res.ok) {
    try {
      const body = (await res.json()) as { error?: ErrorCode; message?: string };
      return { ok: false, code: body.error, message: body.message ?? (body.error ? ERROR_MESSAGES[body.error] : ERROR_MESSAGES.internal) };
    } catch {
      return { ok: false, message: ERROR_MESSAGES.internal };
    }
  }
  if (res.status === 204) return { ok: true, value: undefined as T };
  return { ok: true, value: (await res.json()) as T };
}

/** A JSON request body with its content type. */
export function jsonBody(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
