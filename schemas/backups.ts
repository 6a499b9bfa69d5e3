/**
 * Configurações › Backups and the owner's dashboard warning (issue 41): what GET /api/backups
 * answers, and when the owner must be warned.
 */

export interface BackupsResponse {
  /** The last backup that was written and proved by a test restore. */
  lastGood: { file: string; at: string; size: number; verified: boolean; encrypted: boolean; tables: number; rows: number } | null;
  /** The last backup that failed, with its pt-BR reason. */
  lastFailure: { at: string; reason: string; keptAside: string | null } | null;
  /** The last copy into the second folder (FORJA_BACKUP_COPY_DIR). */
  copy: { dir: string; at: string; ok: boolean; reason: string | null } | null;
  /** Backups kept in the backup folder, newest first. */
  kept: { name: string; at: string; size: number; verified: boolean; copied: boolean }[];
  dir: string;
  copyDir: string | null;
  encrypted: boolean;
  /** The next nightly backup (ISO), null when turned off. */
  nextRun: string | null;
  running: boolean;
  /** Since when the server has been making backups (its first start with them). */
  since: string | null;
}

/** The last good backup may be at most this old before the owner is warned. */
export const BACKUP_MAX_AGE_MS = 48 * 60 * 60 * 1000;

export type BackupWarning = { kind: 'stale'; since: string | null } | { kind: 'copy_failed'; reason: string };

/**
 * What the owner must see on the dashboard: no good backup in 48 hours, the copy folder failing.
 * With no backup at all the 48 hours count from the server's first start with backups: a new
 * install is not warned before its first night has had its chance.
 */
export function backupWarnings(status: Pick<BackupsResponse, 'lastGood' | 'copy' | 'copyDir' | 'since'>, now: Date): BackupWarning[] {
  const out: BackupWarning[] = [];
  const last = status.lastGood ? Date.parse(status.lastGood.at) : status.since ? Date.parse(status.since) : NaN;
  if (!(now.getTime() - last <= BACKUP_MAX_AGE_MS)) out.push({ kind: 'stale', since: status.lastGood?.at ?? null });
  if (status.copyDir && status.copy && !status.copy.ok) out.push({ kind: 'copy_failed', reason: status.copy.reason ?? '' });
  return out;
}
