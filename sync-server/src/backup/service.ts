/**
 * One backup, start to end (issue 41): a consistent copy of the live database (snapshot.ts),
 * written as one private file (0600, in a 0700 folder), proved by a restore (verify.ts) — a file
 * that fails is renamed `*.falhou` and never counted good — copied to the second folder, old ones
 * pruned (retention.ts), and the outcome recorded (status.ts) for Configurações › Backups.
 * A failure of the second folder never fails the backup: it is recorded and shown to the owner.
 * Backups run one at a time: a second request while one runs gets the same outcome.
 */
import { chmodSync, copyFileSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, makePrivateDir } from '../private-files';
import { encodeBackup } from './file-format';
import { backupsToPrune, type DatedBackup } from './retention';
import { nextRunAt } from './schedule';
import { takeSnapshot } from './snapshot';
import { readStatus, writeStatus, type BackupStatusFile, type CopyState } from './status';
import { verifyBackup } from './verify';

/** forja-backup-2026-11-28T060000Z.bak: UTC in the name, so names sort by time and never repeat an hour. */
const NAME = /^forja-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.bak$/;
const FAILED_SUFFIX = '.falhou';
/** Failed files kept aside for a look; older ones are removed. */
const FAILED_KEPT = 3;

export function backupFileName(at: Date): string {
  const iso = at.toISOString();
  return `forja-backup-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z.bak`;
}

export function backupDate(name: string): Date | null {
  const m = NAME.exec(name);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
}

/** File operations, replaceable in tests (a full disk, a missing pen drive). */
export interface BackupIo {
  writeFile(file: string, data: Uint8Array): void;
  copyFile(from: string, to: string): void;
}

const realIo: BackupIo = {
  writeFile: (file, data) => writeFileSync(file, data, { flag: 'wx', mode: PRIVATE_FILE_MODE }),
  copyFile: (from, to) => {
    copyFileSync(from, to);
    // A pen drive's FAT has no modes: chmod is best effort there.
    try {
      chmodSync(to, PRIVATE_FILE_MODE);
    } catch {
      /* no modes on this file system */
    }
  },
};

export interface BackupOutcome {
  ok: boolean;
  file: string;
  at: string;
  size: number;
  /** The failure's reason (pt-BR) when not ok. */
  reason: string | null;
  tables: number;
  rows: number;
  copy: CopyState | null;
}

export interface BackupListEntry {
  name: string;
  at: string;
  size: number;
  verified: boolean;
  copied: boolean;
}

export interface BackupServiceOptions {
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'backup'>;
  db: Database;
  now?: () => Date;
  io?: Partial<BackupIo>;
}

/** Why a file operation failed, for the owner. */
export function describeFsError(err: unknown, where: string): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC') return `sem espaço em disco em ${where}`;
  if (code === 'EDQUOT') return `cota de disco esgotada em ${where}`;
  if (code === 'ENOENT') return `a pasta ${where} não foi encontrada (desconectada?)`;
  if (code === 'EACCES' || code === 'EPERM') return `sem permissão para gravar em ${where}`;
  if (code === 'EROFS') return `${where} está somente para leitura`;
  return `${where}: ${err instanceof Error ? err.message : String(err)}`;
}

export class BackupService {
  private running: Promise<BackupOutcome> | null = null;
  private readonly io: BackupIo;
  private readonly now: () => Date;

  constructor(private readonly opts: BackupServiceOptions) {
    this.io = { ...realIo, ...opts.io };
    this.now = opts.now ?? (() => new Date());
  }

  get settings() {
    return this.opts.config.backup;
  }

  /** A backup now (`file`: an exact path, as `npm run backup -- FILE`; then no copy nor pruning). */
  run(file?: string): Promise<BackupOutcome> {
    if (!this.running) this.running = this.runOnce(file).finally(() => (this.running = null));
    return this.running;
  }

  isRunning(): boolean {
    return this.running !== null;
  }

  private async runOnce(explicitFile?: string): Promise<BackupOutcome> {
    const { dataDir, databaseUrl } = this.opts.config;
    const { dir, copyDir, passphrase } = this.settings;
    const at = this.now();
    const file = explicitFile ? path.resolve(explicitFile) : path.join(dir, backupFileName(at));
    const status = readStatus(dataDir);
    const outcome: BackupOutcome = { ok: false, file, at: at.toISOString(), size: 0, reason: null, tables: 0, rows: 0, copy: null };
    const fail = (reason: string, keptAside: string | null) => {
      outcome.reason = reason;
      status.lastFailure = { at: outcome.at, reason, keptAside };
      writeStatus(dataDir, status);
      return outcome;
    };

    let bytes: Buffer;
    try {
      const snap = await takeSnapshot(this.opts.db, databaseUrl, at);
      bytes = encodeBackup(snap.manifest, snap.dump, passphrase);
    } catch (err) {
      return fail(`Não foi possível copiar o banco: ${err instanceof Error ? err.message : String(err)}`, null);
    }
    const folder = path.dirname(file);
    try {
      if (!explicitFile) {
        makePrivateDir(folder);
        // An existing backup folder is made private too (it may have been made by hand).
        if (process.platform !== 'win32' && (statSync(folder).mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(folder, PRIVATE_DIR_MODE);
      }
      this.io.writeFile(file, bytes);
    } catch (err) {
      rmSync(file, { force: true });
      if ((err as NodeJS.ErrnoException)?.code === 'EEXIST') return fail(`O arquivo ${file} já existe: escolha outro nome.`, null);
      return fail(`O backup não foi gravado: ${describeFsError(err, folder)}.`, null);
    }
    outcome.size = bytes.length;

    try {
      // Read back from disk: what is proved is the file, not the bytes still in memory.
      const proof = await verifyBackup(readFileSync(file), passphrase, databaseUrl);
      outcome.tables = proof.tables;
      outcome.rows = proof.rows;
    } catch (err) {
      const aside = `${file}${FAILED_SUFFIX}`;
      try {
        renameSync(file, aside);
      } catch {
        rmSync(file, { force: true });
      }
      this.pruneFailed(folder);
      return fail(`O backup foi gravado mas não passou na conferência (restauração de teste): ${err instanceof Error ? err.message : String(err)}`, aside);
    }

    const name = path.basename(file);
    if (copyDir && !explicitFile) outcome.copy = status.copy = this.copyTo(file, copyDir);
    if (!explicitFile) {
      this.prune(dir);
      if (copyDir && outcome.copy?.ok) this.prune(copyDir);
    }
    outcome.ok = true;
    status.lastGood = { file, at: outcome.at, size: outcome.size, verified: true, encrypted: passphrase !== null, tables: outcome.tables, rows: outcome.rows };
    const kept = new Set(this.list().map((b) => b.name));
    status.verified = [...new Set([...status.verified, name])].filter((n) => kept.has(n));
    writeStatus(dataDir, status);
    return outcome;
  }

  private copyTo(file: string, copyDir: string): CopyState {
    const state: CopyState = { dir: copyDir, at: this.now().toISOString(), ok: false, reason: null };
    const target = path.join(copyDir, path.basename(file));
    const part = `${target}.parcial`;
    try {
      // A missing folder is not created: it is a pen drive not plugged in, or a share not mounted.
      if (!existsSync(copyDir)) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      this.io.copyFile(file, part);
      renameSync(part, target);
      state.ok = true;
    } catch (err) {
      rmSync(part, { force: true });
      state.reason = `A cópia na segunda pasta falhou: ${describeFsError(err, copyDir)}. O backup principal foi feito.`;
    }
    return state;
  }

  /** Good backups in a folder, by the date in their names. */
  private dated(dir: string): DatedBackup[] {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const at = backupDate(name);
      return at ? [{ name, at }] : [];
    });
  }

  private prune(dir: string): void {
    for (const name of backupsToPrune(this.dated(dir), this.now())) rmSync(path.join(dir, name), { force: true });
  }

  private pruneFailed(dir: string): void {
    try {
      const failed = readdirSync(dir)
        .filter((n) => n.endsWith(FAILED_SUFFIX) && backupDate(n.slice(0, -FAILED_SUFFIX.length)))
        .sort()
        .reverse();
      for (const n of failed.slice(FAILED_KEPT)) rmSync(path.join(dir, n), { force: true });
    } catch {
      /* the folder is gone: nothing to prune */
    }
  }

  /** The good backups kept in the backup folder, newest first. */
  list(): BackupListEntry[] {
    const { dir, copyDir } = this.settings;
    const verified = new Set(readStatus(this.opts.config.dataDir).verified);
    const copies = new Set(copyDir ? this.dated(copyDir).map((b) => b.name) : []);
    return this.dated(dir)
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .flatMap((b) => {
        try {
          const size = statSync(path.join(dir, b.name)).size;
          return [{ name: b.name, at: b.at.toISOString(), size, verified: verified.has(b.name), copied: copies.has(b.name) }];
        } catch {
          return [];
        }
      });
  }

  /** At the server's start: from now on backups are expected (the owner's 48-hour warning counts from here). */
  markStarted(): void {
    const status = readStatus(this.opts.config.dataDir);
    if (status.since) return;
    status.since = this.now().toISOString();
    writeStatus(this.opts.config.dataDir, status);
  }

  status(): BackupStatusFile {
    return readStatus(this.opts.config.dataDir);
  }

  nextRun(): Date | null {
    return this.settings.at ? nextRunAt(this.now(), this.settings.at) : null;
  }
}
