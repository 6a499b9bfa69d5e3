/**
 * The proof of a backup: its file read back from disk, restored into a temporary place (a folder
 * for PGlite, a scratch database on the same server for PostgreSQL), opened, and every table and
 * the photos' bytes compared with what was copied (the manifest). The temporary copy is removed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types';
import { ArchiveError, unpackDir } from './archive';
import { BackupFileError, decodeBackup, type BackupManifest } from './file-format';
import { compareInspections, inspectDatabase } from './inspect';
import { PgToolError, checkTool, runTool, serverMajor, withDatabase } from './pg-tools';

export interface Verification {
  manifest: BackupManifest;
  /** Tables and rows checked. */
  tables: number;
  rows: number;
}

/** The backup is not good: the message (pt-BR) says why. */
export class VerificationError extends Error {}

export async function verifyBackup(bytes: Uint8Array, passphrase: string | null, databaseUrl: string | null): Promise<Verification> {
  const { manifest, dump } = decodeBackup(bytes, passphrase);
  const found = manifest.source === 'pglite' ? await inspectPgliteDump(dump) : await inspectPgDump(dump, databaseUrl);
  const problems = compareInspections(manifest, found);
  if (problems.length > 0) throw new VerificationError(`A cópia restaurada não confere: ${problems.slice(0, 3).join('; ')}.`);
  const counts = Object.values(manifest.tables);
  return { manifest, tables: counts.length, rows: counts.reduce((a, b) => a + b, 0) };
}

async function inspectPgliteDump(dump: Uint8Array) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-verifica-'));
  let db: Database | null = null;
  try {
    try {
      unpackDir(dump, path.join(tmp, 'pglite'));
    } catch (err) {
      if (err instanceof ArchiveError) throw new VerificationError(`O arquivo de backup está corrompido: ${err.message}.`);
      throw err;
    }
    const { createPgliteDatabase } = await import('../db/pglite');
    try {
      db = await createPgliteDatabase(path.join(tmp, 'pglite'));
      return await inspectDatabase(db);
    } catch (err) {
      throw new VerificationError(`A cópia restaurada não abriu: ${err instanceof Error ? err.message : String(err)}`);
    }
  } finally {
    await db?.close().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function inspectPgDump(dump: Uint8Array, databaseUrl: string | null) {
  if (!databaseUrl) throw new VerificationError('Este backup é de um PostgreSQL: para conferi-lo, informe DATABASE_URL (um servidor onde se possa criar um banco temporário).');
  const { createPostgresDatabase } = await import('../db/postgres');
  const admin = await createPostgresDatabase(databaseUrl);
  const scratch = `forja_verifica_${randomBytes(6).toString('hex')}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-verifica-'));
  try {
    checkTool('pg_restore', await serverMajor(admin));
    const file = path.join(tmp, 'forja.dump');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, dump, { mode: 0o600 });
    await admin.query(`CREATE DATABASE ${scratch}`);
    try {
      const url = withDatabase(databaseUrl, scratch);
      await runTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, file]);
      const restored = await createPostgresDatabase(url);
      try {
        return await inspectDatabase(restored);
      } finally {
        await restored.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => {});
    }
  } catch (err) {
    if (err instanceof PgToolError || err instanceof VerificationError || err instanceof BackupFileError) throw err;
    throw new VerificationError(`A cópia não pôde ser restaurada num banco temporário: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await admin.close();
  }
}
