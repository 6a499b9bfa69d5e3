/**
 * Backups that happen (issue 41), on the embedded database:
 * - `npm run backup` while the server runs and two devices keep pushing: the running server makes
 *   the copy (local admin socket); restored into a fresh directory, a server started there has
 *   every write acknowledged before the backup began, passes its health check, and the photos'
 *   bytes match; the file is 0600 in a 0700 folder under umask 022;
 * - the nightly schedule fires (a clock set just before 03:00 São Paulo), with the second folder
 *   missing: the backup is still made, the copy's problem recorded and shown to the owner only;
 * - a full disk (ENOSPC) for the backup and for its copy;
 * - a wrong passphrase and a damaged file, by `npm run restore -- FILE --verificar`.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../sync-server/src/app';
import { loadConfig } from '../../sync-server/src/config';
import { createDatabase } from '../../sync-server/src/db';
import { startLocalAdmin } from '../../sync-server/src/local-admin';
import { decodeBackup, WRONG_PASSPHRASE_MESSAGE } from '../../sync-server/src/backup/file-format';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { api, login, signIn, startTestServer, createUser, type TestServer } from '../support/server';
import { privateModeOffenders } from '../support/private-modes';
import { customer, pullAll, push } from './sync-fixtures';
import { png } from './photo-fixtures';
import { fetchPhoto, noteEvent, pushNew, storedWorkOrder, uploadPhoto } from './work-order-fixtures';

const ROOT = path.resolve(__dirname, '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-backup-online-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const modesApply = process.platform !== 'win32';

/**
 * `npm run backup|restore` from a Debian shell: umask 022. Asynchronous: the server it may talk to
 * runs in this process and must keep answering meanwhile.
 */
function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const node = [process.execPath, '--import', 'tsx', `sync-server/src/cli/${script}.ts`, ...args];
  const fullEnv = { ...process.env, DATABASE_URL: '', FORJA_BACKUP_PASSPHRASE: '', ...env };
  const child = modesApply
    ? spawn('/bin/sh', ['-c', 'umask 022 && exec "$@"', 'sh', ...node], { cwd: ROOT, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(node[0], node.slice(1), { cwd: ROOT, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
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

test('npm run backup while the server runs and two devices push: the restore has every write acknowledged before it began', async () => {
  const backupDir = path.join(tmp, 'online-backups');
  const server = await startTestServer({ backend: 'pglite', env: { FORJA_BACKUP_DIR: backupDir } });
  const dataDir = server.testDb.dataDir;
  const stopAdmin = await startLocalAdmin(server.db, dataDir, server.app.backups);
  const restoredDir = path.join(tmp, 'online-restored');
  let restored: TestServer | null = null;
  try {
    const a = await signIn(server);
    const b = await signIn(server);
    const os1 = await storedWorkOrder(server, b.accessToken);
    // Every acknowledged write, with when its answer came.
    const acked: { collection: string; id: string; at: number }[] = [];
    const photos = new Map<string, Uint8Array>();
    let pushing = true;
    const deviceA = (async () => {
      for (let i = 0; pushing; i++) {
        const c = customer({ name: `Cliente online ${i}` });
        const r = await push(server, a.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: c }]);
        if (r.status === 200 && r.rejections.length === 0) acked.push({ collection: 'customers', id: c.id, at: Date.now() });
      }
    })();
    const deviceB = (async () => {
      for (let i = 0; pushing; i++) {
        const e = noteEvent(os1.id, `nota ${i}`);
        const r = await pushNew(server, b.accessToken, 'work_order_events', [e]);
        if (r.status === 200 && r.rejections.length === 0) acked.push({ collection: 'work_order_events', id: e.id, at: Date.now() });
        if (i % 3 === 0) {
          const id = randomUUID();
          const bytes = png({ width: 2 + (i % 5), height: 2 });
          const up = await uploadPhoto(server, id, bytes, { workOrderId: os1.id, token: b.accessToken });
          if (up.status === 201) {
            photos.set(id, bytes);
            acked.push({ collection: 'work_order_photos', id, at: Date.now() });
          }
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 300));

    const backup = await cli('backup', [], { FORJA_DATA_DIR: dataDir, FORJA_BACKUP_DIR: backupDir });
    pushing = false;
    await Promise.all([deviceA, deviceB]);
    expect(backup.out).toContain('pelo servidor em execução');
    expect(backup.out).toContain('Conferido');
    expect(backup.code, backup.out).toBe(0);
    const [name] = readdirSync(backupDir);
    const file = path.join(backupDir, name);
    if (modesApply) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    }
    const began = Date.parse(decodeBackup(readFileSync(file), null).manifest.createdAt);
    const before = acked.filter((w) => w.at < began);
    expect(before.length).toBeGreaterThan(3);
    // The server kept answering while the copy was made.
    expect(acked.some((w) => w.at > began)).toBe(true);

    const restore = await cli('restore', [file], { FORJA_DATA_DIR: restoredDir });
    expect(restore.code, restore.out).toBe(0);
    if (modesApply) expect(privateModeOffenders(restoredDir)).toEqual([]);
    restored = await startTestServer({ backend: 'pglite', database: pgliteAt(restoredDir) });
    expect((await api(restored, '/api/health')).body).toEqual({ ok: true, database: 'pglite' });
    const session = await login(restored, { email: a.user.email, password: a.user.password });
    const token = session.accessToken!;
    for (const collection of ['customers', 'work_order_events', 'work_order_photos']) {
      const ids = new Set((await pullAll<{ id: string }>(restored, token, collection)).docs.map((d) => d.id));
      const missing = before.filter((w) => w.collection === collection && !ids.has(w.id));
      expect(missing, collection).toEqual([]);
    }
    for (const w of before.filter((x) => x.collection === 'work_order_photos')) {
      const photo = await fetchPhoto(restored, `/api/photos/${w.id}`, token);
      expect(photo.status).toBe(200);
      expect(Buffer.from(photo.bytes).equals(Buffer.from(photos.get(w.id)!))).toBe(true);
    }
  } finally {
    await restored?.stop();
    await stopAdmin();
    await server.stop();
  }
}, 240_000);

/** A server built here to give it the tests' clock and file operations. */
async function backupServer(env: Record<string, string>, backup: Parameters<typeof buildApp>[0]['backup']) {
  const testDb = await createTestDatabase('pglite', { migrated: true });
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', FORJA_ADMIN_EMAIL: 'dono@forja.test', FORJA_ADMIN_PASSWORD: 'Inicial#2025', ...env, ...testDb.env });
  const db = await testDb.open();
  const { seed } = await import('../../sync-server/src/seed');
  await seed(db, config);
  const app: FastifyInstance = await buildApp({ config, db, backup });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    url,
    app,
    db,
    config,
    async stop() {
      await app.close();
      await db.close();
      await testDb.drop();
    },
  };
}

test('the nightly backup fires at its time (a clock just before 03:00 São Paulo); a missing second folder does not stop it, the owner sees why, staff cannot', async () => {
  const backupDir = path.join(tmp, 'nightly');
  const copyDir = path.join(tmp, 'pen-drive-not-plugged');
  // The schedule's clock reads 02:59:58 in São Paulo (05:59:58 UTC) when the schedule first looks
  // at it (the server's start), and runs on from there.
  let started: number | null = null;
  const now = () => {
    started ??= Date.now();
    return new Date(Date.parse('2026-11-28T05:59:58Z') + (Date.now() - started));
  };
  const server = await backupServer({ FORJA_BACKUP_DIR: backupDir, FORJA_BACKUP_COPY_DIR: copyDir, FORJA_BACKUP_AT: '03:00' }, { schedule: true, now });
  try {
    const deadline = Date.now() + 90_000;
    while (!server.app.backups.status().lastGood && !server.app.backups.status().lastFailure && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const status = server.app.backups.status();
    expect(status.lastFailure).toBeNull();
    expect(status.lastGood?.verified).toBe(true);
    expect(readdirSync(backupDir)).toEqual(['forja-backup-2026-11-28T060000Z.bak']);
    expect(status.copy?.ok).toBe(false);
    expect(status.copy?.reason).toContain('não foi encontrada');

    const owner = await createUser(server, { role: 'owner' });
    const token = (await login(server, { email: owner.email, password: owner.password })).accessToken!;
    const view = await api(server, '/api/backups', { token });
    expect(view.status).toBe(200);
    expect(view.body.kept).toHaveLength(1);
    expect(view.body.kept[0]).toMatchObject({ name: 'forja-backup-2026-11-28T060000Z.bak', verified: true, copied: false });
    expect(view.body.nextRun).toBe('2026-11-29T06:00:00.000Z');
    expect(view.body.copy.ok).toBe(false);
    const staff = await createUser(server);
    const staffLogin = await login(server, { email: staff.email, password: staff.password });
    expect((await api(server, '/api/backups', { token: staffLogin.accessToken! })).status).toBe(403);
    expect((await api(server, '/api/backups', { method: 'POST', token: staffLogin.accessToken! })).status).toBe(403);
  } finally {
    await server.stop();
  }
}, 180_000);

test('a full disk: the backup fails and says so (nothing counted good); a full second folder leaves a good backup and a recorded copy problem', async () => {
  const backupDir = path.join(tmp, 'full');
  const copyDir = path.join(tmp, 'full-copy');
  mkdirSync(copyDir);
  let diskFull = true;
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  const server = await backupServer(
    { FORJA_BACKUP_DIR: backupDir, FORJA_BACKUP_COPY_DIR: copyDir },
    {
      io: {
        writeFile: (file, data) => {
          if (diskFull) throw enospc();
          writeFileSync(file, data, { flag: 'wx', mode: 0o600 });
        },
        copyFile: () => {
          throw enospc();
        },
      },
    },
  );
  try {
    const failed = await server.app.backups.run();
    expect(failed.ok).toBe(false);
    expect(failed.reason).toContain('sem espaço em disco');
    expect(server.app.backups.status().lastGood).toBeNull();
    expect(server.app.backups.list()).toEqual([]);

    diskFull = false;
    const good = await server.app.backups.run();
    expect(good.ok, good.reason ?? '').toBe(true);
    expect(good.copy?.ok).toBe(false);
    expect(good.copy?.reason).toContain(`sem espaço em disco em ${copyDir}`);
    expect(readdirSync(copyDir)).toEqual([]);
    expect(server.app.backups.status().lastGood?.file).toBe(good.file);
  } finally {
    await server.stop();
  }
}, 180_000);

test('encrypted backups: --verificar with a wrong passphrase says so in pt-BR; a damaged file is reported, not taken as good', async () => {
  const backupDir = path.join(tmp, 'encrypted');
  const server = await backupServer({ FORJA_BACKUP_DIR: backupDir, FORJA_BACKUP_PASSPHRASE: 'cofre da oficina' }, {});
  try {
    const made = await server.app.backups.run();
    expect(made.ok, made.reason ?? '').toBe(true);
    expect(readFileSync(made.file).includes(Buffer.from('pg_control'))).toBe(false);
    expect(() => decodeBackup(readFileSync(made.file), 'outra senha')).toThrow(WRONG_PASSPHRASE_MESSAGE);

    const wrong = await cli('restore', [made.file, '--verificar'], { FORJA_DATA_DIR: path.join(tmp, 'nothing-live'), FORJA_BACKUP_PASSPHRASE: 'outra senha' });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('Senha do backup incorreta');

    const damaged = path.join(tmp, 'damaged.bak');
    const bytes = readFileSync(made.file);
    bytes[bytes.length - 100] ^= 0xff;
    writeFileSync(damaged, bytes);
    const check = await cli('restore', [damaged, '--verificar'], { FORJA_DATA_DIR: path.join(tmp, 'nothing-live'), FORJA_BACKUP_PASSPHRASE: 'cofre da oficina' });
    expect(check.code).toBe(1);
    expect(check.out).toContain('corrompido');
  } finally {
    await server.stop();
  }
}, 180_000);
