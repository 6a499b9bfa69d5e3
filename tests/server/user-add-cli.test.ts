/**
 * Issue 17 — `npm run user:add` keeps working for the first owner and for rescue, also while the
 * server runs on the embedded database (it then asks the server through the local admin socket).
 * Issue 29 §5 — it says which database it wrote to, and refuses to start a new one (run from
 * another folder it made a second database whose owner's password the real server did not know)
 * unless `--novo-banco` asks for it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../sync-server/src/config';
import { pgliteDir } from '../../sync-server/src/db';
import { startServer, type RunningServer } from '../../sync-server/src/main';
import { localAdminSocketPath } from '../../sync-server/src/local-admin';
import { api, login } from '../support/server';
import { backends, createTestDatabase, type TestDatabase } from '../support/db';

const ROOT = path.resolve(__dirname, '../..');
// By absolute location, so the CLI can also run from a folder that is not the project's.
const TSX_LOADER = pathToFileURL(createRequire(path.join(ROOT, 'package.json')).resolve('tsx')).href;

function runUserAdd(args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, path.join(ROOT, 'sync-server/src/cli/user-add.ts'), ...args], {
    cwd,
    // tsx reads the path aliases (@shared) from the tsconfig of the folder it runs in.
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

function userAdd(dataDir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return runUserAdd(args, { DATABASE_URL: '', FORJA_DATA_DIR: dataDir });
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

  test('with no database in its data folder: refuses, names the folder, creates nothing', async () => {
    const res = await userAdd(dataDir, ['dona@oficina.test', '--nome', 'Dona Maria']);
    expect(res.code, res.out).toBe(1);
    expect(res.out).toContain(`Nenhum banco do Forja na pasta de dados ${dataDir} (procurado em ${pgliteDir(dataDir)}).`);
    expect(res.out).toContain('--novo-banco');
    expect(passwordIn(res.out)).toBeNull();
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  test('with no server running and --novo-banco: a new database, whose first account is an owner', async () => {
    const res = await userAdd(dataDir, ['dona@oficina.test', '--nome', 'Dona Maria', '--novo-banco']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`Banco de dados: PGlite (banco embutido) em ${pgliteDir(dataDir)} — banco novo`);
    expect(res.out).toContain('Usuário criado: dona@oficina.test (dono)');
    expect(passwordIn(res.out)).toMatch(/^\S{14}$/);
  }, 60_000);

  test('with no server running, on that existing database: says which database it wrote to', async () => {
    const res = await userAdd(dataDir, ['ana@oficina.test']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`Banco de dados: PGlite (banco embutido) em ${pgliteDir(dataDir)}\n`);
    expect(res.out).toContain('Usuário criado: ana@oficina.test (funcionário)');
  }, 60_000);

  test('while the server runs: adds a member and rescues the owner through the running server', async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', FORJA_DATA_DIR: dataDir, FORJA_WEB_DIR: path.join(os.tmpdir(), 'forja-no-web-build') });
    server = await startServer(config);
    if (process.platform !== 'win32') expect(statSync(localAdminSocketPath(dataDir)).mode & 0o777).toBe(0o600);

    const added = await userAdd(dataDir, ['joao@oficina.test']);
    expect(added.code, added.out).toBe(0);
    expect(added.out).toContain(`Banco de dados: PGlite (banco embutido) em ${pgliteDir(dataDir)}, pelo servidor em execução`);
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

describe('npm run user:add run from a folder that is not the server’s', () => {
  let folder: string;
  beforeAll(() => {
    // realpath: the child's working directory is reported resolved (macOS's /var → /private/var).
    folder = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'forja-user-add-elsewhere-')));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('refuses to make a second database in ./data: non-zero exit, the folder named, nothing created', async () => {
    // No FORJA_DATA_DIR: the default ./data, relative to where it runs.
    const res = await runUserAdd(['dona@oficina.test'], { DATABASE_URL: '', FORJA_DATA_DIR: '' }, folder);
    expect(res.code, res.out).not.toBe(0);
    const dataDir = path.join(folder, 'data');
    expect(res.out).toContain(`Nenhum banco do Forja na pasta de dados ${dataDir}`);
    expect(res.out).toContain('FORJA_DATA_DIR=');
    expect(res.out).toContain('--novo-banco');
    expect(passwordIn(res.out)).toBeNull();
    expect(readdirSync(folder)).toEqual([]);
  }, 60_000);

  test('with --novo-banco it creates the database there, as asked', async () => {
    const res = await runUserAdd(['dona@oficina.test', '--novo-banco'], { DATABASE_URL: '', FORJA_DATA_DIR: '' }, folder);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`Banco de dados: PGlite (banco embutido) em ${path.join(folder, 'data', 'pglite')} — banco novo`);
    expect(res.out).toContain('Usuário criado: dona@oficina.test (dono)');
  }, 60_000);
});

/** A database that exists but holds no Forja tables: a PGlite cluster before its first migration, a new PostgreSQL database. */
describe.each(backends())('npm run user:add on a database without Forja’s tables (%s)', (backend) => {
  const SECRET = 'senha-do-banco-nao-mostrar';
  let testDb: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let where: string;
  let server: RunningServer | null = null;
  beforeAll(async () => {
    testDb = await createTestDatabase(backend);
    if (testDb.databaseUrl) {
      // A password in the URL (PostgreSQL here trusts the test host and ignores it): never printed.
      const url = new URL(testDb.databaseUrl);
      url.password = SECRET;
      env = { FORJA_DATA_DIR: testDb.dataDir, DATABASE_URL: url.toString() };
      where = `PostgreSQL em ${url.hostname}:${url.port || '5432'}, banco "${url.pathname.slice(1)}"${url.username ? ` (usuário ${url.username})` : ''}`;
    } else {
      env = { FORJA_DATA_DIR: testDb.dataDir, DATABASE_URL: '' };
      where = `PGlite (banco embutido) em ${pgliteDir(testDb.dataDir)}`;
    }
  });
  afterAll(async () => {
    await server?.stop();
    await testDb.drop();
  });

  async function forjaTables(): Promise<boolean> {
    const db = await testDb.open();
    try {
      const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('users') IS NOT NULL OR to_regclass('schema_migrations') IS NOT NULL AS present");
      return rows[0].present;
    } finally {
      await db.close();
    }
  }

  test('refuses and creates nothing', async () => {
    const res = await runUserAdd(['dona@oficina.test'], env);
    expect(res.code, res.out).toBe(1);
    expect(res.out).toContain(`Nenhuma tabela do Forja em ${where}`);
    expect(res.out).toContain('--novo-banco');
    expect(res.out).not.toContain(SECRET);
    expect(passwordIn(res.out)).toBeNull();
    expect(await forjaTables()).toBe(false);
  }, 60_000);

  test('with --novo-banco: the tables and the first owner, and the database named', async () => {
    const res = await runUserAdd(['dona@oficina.test', '--novo-banco'], env);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`Banco de dados: ${where} — banco novo`);
    expect(res.out).toContain('Usuário criado: dona@oficina.test (dono)');
    expect(res.out).not.toContain(SECRET);
    expect(await forjaTables()).toBe(true);
  }, 60_000);

  test('while the server runs on it: names the database, and the printed password signs in there', async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', FORJA_WEB_DIR: path.join(os.tmpdir(), 'forja-no-web-build'), ...testDb.env });
    server = await startServer(config);
    const res = await runUserAdd(['joao@oficina.test'], env);
    expect(res.code, res.out).toBe(0);
    // The embedded database is the running server's alone: it does the work.
    expect(res.out).toContain(`Banco de dados: ${where}${backend === 'pglite' ? ', pelo servidor em execução' : ''}\n`);
    expect(res.out).not.toContain(SECRET);
    expect((await login(server, { email: 'joao@oficina.test', password: passwordIn(res.out)! })).status).toBe(200);
  }, 120_000);
});
