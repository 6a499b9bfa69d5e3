/**
 * Issue 30, finding 1: what the server keeps under FORJA_DATA_DIR — the embedded database (its WAL
 * holds the token-signing secret, password hashes and session ids), the lock, the admin socket —
 * is private to the user that runs it: directories 0700, files 0600, under the everyday umask 022
 * of a Debian shell. Read from the filesystem after real starts of `npm run server` (main.ts),
 * while it runs and after it stopped; a data directory left open by an older version is repaired
 * at start-up, and said once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REPAIR_MESSAGE_START, modesUnder, privateModeOffenders } from '../support/private-modes';

const ROOT = path.resolve(__dirname, '../..');
const ADMIN = { email: 'dono@forja.test', password: 'Inicial#2025' };

interface RealServer {
  url: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/** `npm run server` as a shell would start it with umask 022, on the embedded database in `dataDir`. */
async function startRealServer(dataDir: string): Promise<RealServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    FORJA_DATA_DIR: dataDir,
    FORJA_WEB_DIR: path.join(os.tmpdir(), 'forja-no-web-build'),
    FORJA_ADMIN_EMAIL: ADMIN.email,
    FORJA_ADMIN_PASSWORD: ADMIN.password,
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn('/bin/sh', ['-c', 'umask 022 && exec "$0" --import tsx sync-server/src/main.ts', process.execPath], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const found = /Endereço:\s+(http:\/\/\S+)/.exec(out);
      if (found) resolve(found[1]);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
  return {
    url,
    pid: child.pid!,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A sign-in: the session row (and the signing secret it is checked with) go through the WAL. */
async function signInAsOwner(server: RealServer) {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, device_id: 'private-files-test' }),
  });
  expect(res.status).toBe(200);
}

/**
 * A process's umask as Linux shows it: files the database creates later (new WAL segments, a
 * table's new forks) get their mode from it, after any walk over the directory is long done.
 */
function umaskOf(pid: number): string | null {
  try {
    return /^Umask:\s*(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-private-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('the data directory under umask 022', () => {
  const dataDir = path.join(tmp, 'data');

  test('a fresh one is 0700/0600 throughout — WAL and catalog included — while the server runs and after it stops', async () => {
    const server = await startRealServer(dataDir);
    try {
      await signInAsOwner(server);
      // Started from a shell whose umask is 022, the server runs with 077 (where /proc tells).
      if (process.platform === 'linux') expect(umaskOf(server.pid)).toBe('0077');
      const running = modesUnder(dataDir);
      const names = running.map((e) => path.relative(dataDir, e.path));
      // The walk reached what matters: the WAL, the catalog, the lock and the admin socket.
      expect(names.some((n) => /^pglite\/pg_wal\/[0-9A-F]{24}$/.test(n))).toBe(true);
      expect(names.some((n) => /^pglite\/base\/\d+\/\d+$/.test(n))).toBe(true);
      expect(names).toContain('pglite.lock');
      expect(names).toContain('forja-admin.sock');
      expect(privateModeOffenders(dataDir)).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(privateModeOffenders(dataDir)).toEqual([]);
    // Nothing was repaired on a fresh directory: nothing is said.
    expect(server.output()).not.toContain(REPAIR_MESSAGE_START);
  }, 60_000);

  test('one left open to other users (0755/0644/0666) is made private at start-up, and the log says so once', async () => {
    // As an older version left it, plus the LAN CA's folder.
    mkdirSync(path.join(dataDir, 'tls'), { recursive: true });
    writeFileSync(path.join(dataDir, 'tls', 'ca.key'), 'not really a key');
    for (const entry of modesUnder(dataDir)) {
      if (entry.symlink) continue;
      chmodSync(entry.path, entry.dir ? 0o755 : entry.path.includes('pg_wal') ? 0o666 : 0o644);
    }
    expect(privateModeOffenders(dataDir).length).toBeGreaterThan(900);

    const server = await startRealServer(dataDir);
    try {
      await signInAsOwner(server);
      expect(privateModeOffenders(dataDir)).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(privateModeOffenders(dataDir)).toEqual([]);
    expect(server.output().split(REPAIR_MESSAGE_START)).toHaveLength(2);
    expect(server.output()).toMatch(/Permissões corrigidas em .*: \d+ arquivos ou pastas estavam acessíveis a outros usuários/);
  }, 60_000);

  test('the service user\'s own files beside the data (the home directory of deploy/) keep their modes', async () => {
    const npmBin = path.join(dataDir, '.npm', '_npx', 'bin');
    mkdirSync(npmBin, { recursive: true });
    writeFileSync(path.join(npmBin, 'tool'), '#!/bin/sh\n');
    chmodSync(path.join(npmBin, 'tool'), 0o755);
    const server = await startRealServer(dataDir);
    await server.stop();
    expect(lstatSync(path.join(npmBin, 'tool')).mode & 0o777).toBe(0o755);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dataDir)).toContain('pglite');
  }, 60_000);
});
