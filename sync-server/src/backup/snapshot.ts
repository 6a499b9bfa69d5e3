/**
 * A consistent copy of the live database and what it holds (backup/inspect.ts), counted in the
 * same snapshot:
 * - PGlite: the files copied while this process's writers wait (db.copyFiles), then archived;
 * - PostgreSQL: a REPEATABLE READ transaction exports its snapshot, the rows are counted in it,
 *   and pg_dump copies that very snapshot (--snapshot) — writers never wait.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/types';
import { packDir } from './archive';
import type { BackupManifest } from './file-format';
import { inspectDatabase } from './inspect';
import { checkTool, runTool, serverMajor } from './pg-tools';

export interface Snapshot {
  manifest: BackupManifest;
  dump: Buffer;
}

export async function takeSnapshot(db: Database, databaseUrl: string | null, now: Date): Promise<Snapshot> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-copia-'));
  try {
    if (db.kind === 'pglite') {
      if (!db.copyFiles) throw new Error('copyFiles indisponível');
      const copy = path.join(tmp, 'pglite');
      const inspected = await db.copyFiles(copy, inspectDatabase);
      return { manifest: { createdAt: now.toISOString(), source: 'pglite', ...inspected }, dump: packDir(copy) };
    }
    if (!databaseUrl) throw new Error('DATABASE_URL ausente');
    checkTool('pg_dump', await serverMajor(db));
    const file = path.join(tmp, 'forja.dump');
    const inspected = await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const { rows } = await tx.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
      const counted = await inspectDatabase(tx);
      // The snapshot lives as long as this transaction: pg_dump runs before it ends.
      await runTool('pg_dump', ['--format=custom', '--no-owner', `--snapshot=${rows[0].id}`, `--file=${file}`, `--dbname=${databaseUrl}`]);
      return counted;
    });
    return { manifest: { createdAt: now.toISOString(), source: 'postgres', ...inspected }, dump: readFileSync(file) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
