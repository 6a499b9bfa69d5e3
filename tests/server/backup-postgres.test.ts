/**
 * Backups on PostgreSQL (issue 41): pg_dump copies the snapshot the rows were counted in, the
 * copy is restored into a scratch database on the same server and checked, the file is private;
 * without pg_dump on the PATH the failure says, in pt-BR, what to install.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeBackup } from '../../sync-server/src/backup/file-format';
import { describePostgresOnly } from '../support/postgres-only';
import { signIn, startTestServer, type TestServer } from '../support/server';
import { customer, push } from './sync-fixtures';

describePostgresOnly('backups of a PostgreSQL database', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-backup-pg-'));
  const backupDir = path.join(tmp, 'backups');
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend: 'postgres', env: { FORJA_BACKUP_DIR: backupDir } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  test('pg_dump of a snapshot, verified in a scratch database, 0600 in a 0700 folder', async () => {
    const alice = await signIn(server);
    await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: customer({ name: 'Cliente PG' }) }]);
    const made = await server.app.backups.run();
    expect(made.reason).toBeNull();
    expect(made.ok).toBe(true);
    expect(made.rows).toBeGreaterThan(0);
    const { manifest } = decodeBackup(readFileSync(made.file), null);
    expect(manifest.source).toBe('postgres');
    expect(manifest.tables.customers).toBeGreaterThanOrEqual(1);
    expect(manifest.tables).toHaveProperty('nfse_certificate');
    if (process.platform !== 'win32') {
      expect(statSync(made.file).mode & 0o777).toBe(0o600);
      expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    }
    // The scratch database is gone.
    const { rows } = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'forja_verifica_%'");
    expect(rows[0].n).toBe(0);
  }, 120_000);

  test('without pg_dump on the PATH the backup fails and says what to install', async () => {
    const saved = process.env.PATH;
    process.env.PATH = path.join(tmp, 'empty-bin');
    try {
      const failed = await server.app.backups.run();
      expect(failed.ok).toBe(false);
      expect(failed.reason, failed.reason ?? '').toMatch(/pg_dump não foi encontrado.*postgresql-client-\d+/);
    } finally {
      process.env.PATH = saved;
    }
    expect(readdirSync(backupDir).every((n) => !n.endsWith('.falhou'))).toBe(true);
  }, 60_000);
});
