/**
 * 'Minha conta' and the sync centre: this user's device sessions and the server's conflict log.
 * Online only (they are the server's records); every failure comes back as a pt-BR message.
 */
import { API_PATHS, ERROR_MESSAGES, type ConflictEntry, type ErrorCode, type SessionInfo } from '@shared';
import { authFetch } from './auth';

export type { ConflictEntry, SessionInfo } from '@shared';


export const ACCOUNT_DATA_MESSAGES = {
  offline: 'Sem conexão com o servidor. Tente novamente quando estiver online.',
} as const;

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

async function call<T>(path: string, init?: RequestInit): Promise<Result<T>> {
  let res: Response;
  try {
    res = await authFetch(path, init);
  } catch {
    return { ok: false, message: ACCOUNT_DATA_MESSAGES.offline };
  }
  if (!res.ok) {
    try {
      const body = (await res.json()) as { error?: ErrorCode; message?: string };
      return { ok: false, message: body.message ?? (body.error ? ERROR_MESSAGES[body.error] : ERROR_MESSAGES.internal) };
    } catch {
      return { ok: false, message: ERROR_MESSAGES.internal };
    }
  }
  if (res.status === 204) return { ok: true, value: undefined as T };
  return { ok: true, value: (await res.json()) as T };
}

export function listSessions(): Promise<Result<SessionInfo[]>> {
  return call<SessionInfo[]>(API_PATHS.sessions);
}

export function endSession(id: string): Promise<Result<void>> {
  return call<void>(`${API_PATHS.sessions}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function listConflicts(limit = 50): Promise<Result<ConflictEntry[]>> {
  return call<ConflictEntry[]>(`/api/sync/conflicts?limit=${limit}`);
}
