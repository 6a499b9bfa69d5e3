/**
 * What the server knows of its backups, kept as a small JSON file in the data directory
 * (`backup-status.json`, 0600) rather than in the database: it must survive a database that
 * will not open, and it is the server's alone (never replicated).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, makePrivateDir } from '../private-files';

export interface GoodBackup {
  file: string;
  at: string;
  size: number;
  verified: boolean;
  encrypted: boolean;
  tables: number;
  rows: number;
}

export interface BackupFailure {
  at: string;
  reason: string;
  /** Where the failed file was kept aside (`*.falhou`), when there is one. */
  keptAside: string | null;
}

export interface CopyState {
  dir: string;
  at: string;
  ok: boolean;
  reason: string | null;
}

export interface BackupStatusFile {
  lastGood: GoodBackup | null;
  lastFailure: BackupFailure | null;
  /** The last attempt to copy into FORJA_BACKUP_COPY_DIR. */
  copy: CopyState | null;
  /** Names of backups this server verified by a restore. */
  verified: string[];
  /** Since when this server has been making backups: a new install is not warned before 48 hours. */
  since: string | null;
}

export const STATUS_FILE = 'backup-status.json';

const empty = (): BackupStatusFile => ({ lastGood: null, lastFailure: null, copy: null, verified: [], since: null });

export function readStatus(dataDir: string): BackupStatusFile {
  try {
    return { ...empty(), ...(JSON.parse(readFileSync(path.join(dataDir, STATUS_FILE), 'utf8')) as Partial<BackupStatusFile>) };
  } catch {
    return empty();
  }
}

export function writeStatus(dataDir: string, status: BackupStatusFile): void {
  makePrivateDir(dataDir);
  const file = path.join(dataDir, STATUS_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(status, null, 2), { mode: PRIVATE_FILE_MODE });
  renameSync(tmp, file);
}
