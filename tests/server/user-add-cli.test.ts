/**
 * Issue 17 — `npm run user:add` keeps working for the first owner and for rescue, also while the
 * server runs on the embedded database (it then asks the server through the local admin socket).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../sync-server/src/config';
import { startServer, type RunningServer } from '../../sync-server/src/main';
import { localAdminSocketPath } from '../../sync-server/src/local-admin';
import { api, login } from '../support/server';

const ROOT = path.resolve(__dirname, '../..');

function userAdd(dataDir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/cli/user-add.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', FORJA_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

const passwordIn = (out: string) => /Senha temporária: (\S+)/.exec(out)?.[1] ?? null;

describe('npm run user:add on the embedded database', () => {
  let dataDir: string;
  let server: RunningServer | null = null;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'forja-user-add-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('with no server running: the first account is an owner', async () => {
    const res = await userAdd(dataDir, ['dona@oficina.test', '--nome', 'Dona Maria']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain('Usuário criado: dona@oficina.test (dono)');
    expect(passwordIn(res.out)).toMatch(/^\S{14}$/);
  }, 60_000);

  test('while the server runs: adds a member and rescues the owner through the running server', async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', FORJA_DATA_DIR: dataDir, FORJA_WEB_DIR: path.join(os.tmpdir(), 'forja-no-web-build') });
    server = await startServer(config);
    if (process.platform !== 'win32') expect(statSync(localAdminSocketPath(dataDir)).mode & 0o777).toBe(0o600);

    const added = await userAdd(dataDir, ['joao@oficina.test']);
    expect(added.code, added.out).toBe(0);
    expect(added.out).toContain('Usuário criado: joao@oficina.test (funcionário)');
    const first = await login(server, { email: 'joao@oficina.test', password: passwordIn(added.out)! });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ first_access: true, role: 'staff' });

    // Rescue: the owner forgot the password. A new one, and the open session ends.
    const owner = await userAdd(dataDir, ['dona@oficina.test']);
    const signedIn = await login(server, { email: 'dona@oficina.test', password: passwordIn(owner.out)! });
    expect(signedIn.status).toBe(200);
    const rescue = await userAdd(dataDir, ['dona@oficina.test']);
    expect(rescue.code, rescue.out).toBe(0);
    expect(rescue.out).toContain('Acesso recuperado: dona@oficina.test (dono)');
    expect((await api(server, '/api/auth/me', { token: signedIn.accessToken! })).status).toBe(401);
    expect((await login(server, { email: 'dona@oficina.test', password: passwordIn(rescue.out)! })).status).toBe(200);

    // --dono makes an existing member an owner.
    const promoted = await userAdd(dataDir, ['joao@oficina.test', '--dono']);
    expect(promoted.out).toContain('(dono)');
  }, 120_000);

  test('bad arguments print the usage', async () => {
    const res = await userAdd(dataDir, ['não-é-email']);
    expect(res.code).toBe(2);
    expect(res.out).toContain('Uso: npm run user:add -- <email> [--dono]');
  }, 60_000);
});
