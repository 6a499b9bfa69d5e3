/**
 * Backups of the embedded database: `npm run backup` writes one file, `npm run restore FILE`
 * recreates the database in an EMPTY data directory, and a server started there has every
 * document (tombstones included) and the same accounts. Restore never overwrites a database.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { COLLECTION_NAMES, type CollectionName } from '@shared';
import { createDatabase } from '../../sync-server/src/db';
import { login, startTestServer, signIn, type TestServer } from '../support/server';
import type { TestDatabase } from '../support/db';
import { customer, isoAt, pullAll, push, quotation } from './sync-fixtures';

const ROOT = path.resolve(__dirname, '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-backup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function cli(script: 'backup' | 'restore', args: string[], dataDir: string) {
  const env = { ...process.env, FORJA_DATA_DIR: dataDir, DATABASE_URL: '' };
  const r = spawnSync(process.execPath, ['--import', 'tsx', `sync-server/src/cli/${script}.ts`, ...args], { cwd: ROOT, env, encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

function pgliteAt(dataDir: string): TestDatabase {
  return {
    backend: 'pglite',
    dataDir,
    databaseUrl: null,
    env: { FORJA_DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => createDatabase({ databaseUrl: null, dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function everything(server: TestServer, token: string) {
  const out: Record<string, unknown[]> = {};
  for (const c of COLLECTION_NAMES) {
    out[c] = (await pullAll<{ id: string }>(server, token, c as CollectionName)).docs.sort((a, b) => a.id.localeCompare(b.id));
  }
  return out;
}

test('a backup restored into an empty data directory has every document and account', async () => {
  const original = await startTestServer({ backend: 'pglite' });
  const alice = await signIn(original);
  const customers = Array.from({ length: 5 }, (_, i) => customer({ name: `Cliente ${i}` }));
  await push(original, alice.accessToken, 'customers', customers.map((d) => ({ assumedMasterState: null, newDocumentState: d })));
  const q = quotation({ customer_id: customers[0].id });
  await push(original, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]);
  const gone = { ...customers[4], _deleted: true, client_updated_at: isoAt(1) };
  await push(original, alice.accessToken, 'customers', [{ assumedMasterState: customers[4], newDocumentState: gone }]);
  const before = await everything(original, alice.accessToken);
  expect(before.customers).toHaveLength(5);

  // The server is stopped (the embedded database cannot be open twice), data kept.
  const dataDir = original.testDb.dataDir;
  await original.app.close();
  await original.db.close();

  const file = path.join(tmp, 'forja.tar.gz');
  const backup = cli('backup', [file], dataDir);
  expect(backup.out).toContain('Backup gravado');
  expect(backup.code).toBe(0);
  expect(existsSync(file)).toBe(true);

  const emptyDir = path.join(tmp, 'restored');
  const restore = cli('restore', [file], emptyDir);
  expect(restore.out).toContain('Banco restaurado');
  expect(restore.code).toBe(0);
  // A second restore over the restored database is refused: nothing is overwritten.
  const again = cli('restore', [file], emptyDir);
  expect(again.code).toBe(1);
  expect(again.out).toContain('Já existe um banco');

  const restored = await startTestServer({ backend: 'pglite', database: pgliteAt(emptyDir) });
  try {
    const session = await login(restored, { email: alice.user.email, password: alice.user.password });
    expect(session.status).toBe(200);
    expect(await everything(restored, session.accessToken!)).toEqual(before);
  } finally {
    await restored.stop();
    rmSync(emptyDir, { recursive: true, force: true });
    await original.testDb.drop();
  }
}, 60_000);
