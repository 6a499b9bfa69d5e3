/**
 * The backup settings from the environment (issue 41), checked at start like the rest of config.ts:
 * - FORJA_BACKUP_DIR: where backups are written — default `backups` beside the data directory,
 *   never inside it (a copy of ./data inside ./data would grow with every backup and die with it);
 * - FORJA_BACKUP_AT: the nightly time, HH:MM in São Paulo (default 03:00; `desligado` turns it off);
 * - FORJA_BACKUP_COPY_DIR: a second folder (pen drive, network share, cloud drive) that gets a copy;
 * - FORJA_BACKUP_PASSPHRASE: encrypt the files (backup/file-format.ts).
 */
import path from 'node:path';
import { ConfigError } from '../config';

export const BACKUP_TIME_ZONE = 'America/Sao_Paulo';

export interface BackupSettings {
  dir: string;
  copyDir: string | null;
  /** The nightly time in BACKUP_TIME_ZONE; null: no nightly backup. */
  at: { hour: number; minute: number } | null;
  passphrase: string | null;
}

type Env = Record<string, string | undefined>;

function nonEmpty(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function parseBackupAt(raw: string | null): BackupSettings['at'] {
  if (raw === null) return { hour: 3, minute: 0 };
  if (/^(desligado|off|nunca)$/i.test(raw)) return null;
  const m = /^(\d{1,2}):(\d{2})$/.exec(raw);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
    throw new ConfigError(`FORJA_BACKUP_AT deve ser um horário HH:MM, como 03:00, ou "desligado" (recebido: "${raw}")`);
  }
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

export function backupSettings(env: Env, cwd: string, dataDir: string): BackupSettings {
  const dirRaw = nonEmpty(env, 'FORJA_BACKUP_DIR');
  const dir = dirRaw === null ? path.join(path.dirname(dataDir), 'backups') : path.resolve(cwd, dirRaw);
  if (inside(dir, dataDir)) {
    throw new ConfigError(`FORJA_BACKUP_DIR (${dir}) não pode ficar dentro da pasta de dados (${dataDir}): escolha uma pasta ao lado dela.`);
  }
  const copyRaw = nonEmpty(env, 'FORJA_BACKUP_COPY_DIR');
  const copyDir = copyRaw === null ? null : path.resolve(cwd, copyRaw);
  if (copyDir !== null && (inside(copyDir, dataDir) || path.resolve(copyDir) === dir)) {
    throw new ConfigError('FORJA_BACKUP_COPY_DIR deve ser outra pasta, fora da pasta de dados e diferente de FORJA_BACKUP_DIR.');
  }
  // Not trimmed: spaces may be part of a passphrase.
  const passphrase = env.FORJA_BACKUP_PASSPHRASE ? env.FORJA_BACKUP_PASSPHRASE : null;
  return { dir, copyDir, at: parseBackupAt(nonEmpty(env, 'FORJA_BACKUP_AT')), passphrase };
}
