/**
 * 'Minha conta' and the sync centre: this user's device sessions and the server's conflict log.
 * Online only (they are the server's records); every failure comes back as a pt-BR message.
 */
import { API_PATHS, type ConflictEntry, type SessionInfo } from '@shared';
import { call, type Result } from './api-call';

export type { ConflictEntry, SessionInfo } from '@shared';

export { ACCOUNT_DATA_MESSAGES, type Result } from './api-call';

export function listSessions(): Promise<Result<SessionInfo[]>> {
  return call<SessionInfo[]>(API_PATHS.sessions);
}

export function endSession(id: string): Promise<Result<void>> {
  return call<void>(`${API_PATHS.sessions}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function listConflicts(limit = 50): Promise<Result<ConflictEntry[]>> {
  return call<ConflictEntry[]>(`/api/sync/conflicts?limit=${limit}`);
}
