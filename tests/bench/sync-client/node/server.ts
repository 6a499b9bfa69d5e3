/**
 * Runs the real sync-server (sync-server/src/main.ts, configured from env like production)
 * in its own Node process, serving the bench page through FORJA_WEB_DIR so page and /api share
 * one origin. Its own process also keeps its CPU apart from the bench driver's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const BENCH_ADMIN = { email: 'bench@forja.local', initialPassword: 'Inicial!2345', password: 'Bench!23456' };

export interface BenchServer {
  url: string;
  backend: 'pglite' | 'postgres';
  /** The server's last output lines (for error reports). */
  log(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  repoRoot: string;
  webDir: string;
  /** PostgreSQL when set, else PGlite in a temporary FORJA_DATA_DIR (removed on stop). */
  databaseUrl: string | null;
  timeoutMs: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function startBenchServer(opts: StartOptions): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = opts.databaseUrl ? null : await mkdtemp(path.join(tmpdir(), 'forja-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    FORJA_WEB_DIR: opts.webDir,
    FORJA_ADMIN_EMAIL: BENCH_ADMIN.email,
    FORJA_ADMIN_PASSWORD: BENCH_ADMIN.initialPassword,
    FORJA_LOGIN_RATE_LIMIT: '100000',
    FORJA_PUBLIC_RATE_LIMIT: '100000',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  delete env.FORJA_DATA_DIR;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (dataDir) env.FORJA_DATA_DIR = dataDir;

  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(l);
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  // `node --import tsx` keeps it one process (the tsx CLI would add a wrapper process).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: opts.repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + opts.timeoutMs;
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`server exited with code ${exited}`);
      if (Date.now() > deadline) throw new Error(`server not healthy after ${opts.timeoutMs} ms`);
      const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      await sleep(200);
    }
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${lines.join('\n')}`);
  }
  return { url, backend: opts.databaseUrl ? 'postgres' : 'pglite', log: () => lines.join('\n'), stop };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
