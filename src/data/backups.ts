/**
 * The office computer's backups as the server reports them (/api/backups, owner only, issue 41).
 * Online only: offline the answer says so; no backup file ever comes through here.
 */
import type { BackupsResponse } from '@shared';
import { call, type Result } from './api-call';

export type { BackupsResponse } from '@shared';

export function getBackups(): Promise<Result<BackupsResponse>> {
  return call<BackupsResponse>('/api/backups');
}

/** Fazer backup agora: answers when the backup is made and checked (a few seconds). */
export function backupNow(): Promise<Result<BackupsResponse>> {
  return call<BackupsResponse>('/api/backups', { method: 'POST' });
}
