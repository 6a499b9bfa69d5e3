/**
 * The sync-server in its own process (like tests/bench/sync-client/node/server.ts), so the
 * soak can SIGKILL it at any moment and start it again on the same data: PGlite must recover
 * from its files after a crash, PostgreSQL from its own.
 *
 * Staff users are made before the first start with sync-server's own createUser (the module
 * `npm run user:add` uses), directly in the database the server will open.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../sync-server/src/db';
import { runMigrations } from '../../sync-server/src/migrations/runner';
import { createUser } from '../../sync-server/src/auth/users';
import { realNow } from './clock';

export type Backend = 'pglite' | 'postgres';
export const SOAK_PASSWORD = 'Soak#Forte123';
const ADMIN = { email: 'admin@soak.local', password: 'Inicial#Soak1' };

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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Server processes still running: killed when the soak process exits, whatever the reason. */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of live) c.kill('SIGKILL');
});

export class SoakServer {
  readonly url: string;
  private child: ChildProcess | null = null;
  private lines: string[] = [];
  private upWaiters: (() => void)[] = [];
  private restartTimer: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private holds = 0;
  kills = 0;
  /** The server process ended by itself (not killed by the soak): always a failure. */
  crashes: string[] = [];
  /** Kills asked for while a run was measuring its convergence (not done, see hold()). */
  killsHeld = 0;
  restarts = 0;
  restartMs: number[] = [];

  private constructor(
    readonly backend: Backend,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly cleanup: () => Promise<void>,
    readonly repoRoot: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** A fresh database (PGlite temp dir, or a new PostgreSQL database next to adminUrl) with `users` staff accounts. */
  static async create(opts: { backend: Backend; adminUrl: string; repoRoot: string; users: string[] }): Promise<SoakServer> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FORJA_WEB_DIR: path.join(tmpdir(), 'forja-no-web-build'),
      FORJA_ADMIN_EMAIL: ADMIN.email,
      FORJA_ADMIN_PASSWORD: ADMIN.password,
      FORJA_LOGIN_RATE_LIMIT: '1000000',
      FORJA_PUBLIC_RATE_LIMIT: '1000000',
      NODE_ENV: 'production',
    };
    delete env.DATABASE_URL;
    delete env.FORJA_DATA_DIR;
    let cleanup: () => Promise<void>;
    if (opts.backend === 'pglite') {
      const dir = await mkdtemp(path.join(tmpdir(), 'forja-soak-'));
      env.FORJA_DATA_DIR = dir;
      cleanup = () => rm(dir, { recursive: true, force: true });
    } else {
      const name = `forja_soak_${process.pid}_${Date.now().toString(36)}`;
      await adminQuery(opts.adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(opts.adminUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      cleanup = () => adminQuery(opts.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    try {
      const db = await createDatabase({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.FORJA_DATA_DIR ?? '' });
      try {
        await runMigrations(db);
        for (const email of opts.users) await createUser(db, { email, password: SOAK_PASSWORD, firstAccess: false });
      } finally {
        await db.close();
      }
    } catch (e) {
      await cleanup().catch(() => {});
      throw e;
    }
    const server = new SoakServer(opts.backend, port, env, cleanup, opts.repoRoot);
    await server.start();
    return server;
  }

  get up(): boolean {
    return this.child !== null && this.starting === null;
  }

  log(): string {
    return this.lines.join('\n');
  }

  /** Resolves when the server answers /api/health (at once if it does). */
  whenUp(): Promise<void> {
    if (this.up) return Promise.resolve();
    return new Promise((r) => this.upWaiters.push(r));
  }

  private start(): Promise<void> {
    this.starting ??= (async () => {
      const t0 = realNow();
      for (let attempt = 1; ; attempt++) {
        try {
          await this.spawnOnce();
          break;
        } catch (e) {
          if (attempt >= 3 || this.stopped) throw e;
          await sleep(500);
        }
      }
      this.restartMs.push(realNow() - t0);
    })().finally(() => {
      this.starting = null;
      if (this.child) for (const w of this.upWaiters.splice(0)) w();
    });
    return this.starting;
  }

  private async spawnOnce(): Promise<void> {
    // `node --import tsx` keeps it one process, so SIGKILL reaches the server itself.
    // Its own process group: Ctrl-C reaches the soak, which stops its runs and then the server.
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
      cwd: this.repoRoot,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    live.add(child);
    const keep = (chunk: Buffer) => {
      for (const l of chunk.toString().split('\n')) if (l.trim()) this.lines.push(l);
      if (this.lines.length > 80) this.lines.splice(0, this.lines.length - 80);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    let exited: number | null | undefined;
    child.once('exit', (code, signal) => {
      exited = code ?? -1;
      live.delete(child);
      this.lines.push(`[soak] server process exited (${signal ?? code})`);
      if (this.child === child) {
        // Nobody killed it: a crash. Record it and start it again so the runs can go on.
        this.child = null;
        this.crashes.push(`exit ${signal ?? code}\n${this.log()}`);
        if (!this.stopped) void this.start().catch((e) => this.lines.push(`[soak] restart failed: ${(e as Error).message}`));
      }
    });
    const deadline = realNow() + 60_000;
    for (;;) {
      if (exited !== undefined) throw new Error(`server exited with code ${exited}\n${this.log()}`);
      if (realNow() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server not healthy after 60 s\n${this.log()}`);
      }
      const ok = await fetch(`${this.url}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      await sleep(100);
    }
    this.child = child;
  }

  /**
   * While a run measures its time to converge, other runs' kills are skipped (a kill would
   * charge the restart to that run's 10 s budget). Returns the release function.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (!released) this.holds--;
      released = true;
    };
  }

  /** SIGKILL now; start again after downMs (the same data dir / database). False when not done. */
  kill(downMs: number): boolean {
    const child = this.child;
    if (!child || this.stopped) return false;
    if (this.holds > 0) {
      this.killsHeld++;
      return false;
    }
    this.child = null;
    this.kills++;
    child.kill('SIGKILL');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.restarts++;
      // Waits for the old process to be gone, so PGlite's lock is free (its pid is dead).
      const gone = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
      void gone.then(() => this.start()).catch((e) => this.lines.push(`[soak] restart failed: ${(e as Error).message}`));
    }, downMs);
    return true;
  }

  /** Kills for good and deletes the data. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    await this.starting?.catch(() => {});
    const child = this.child;
    this.child = null;
    if (child) {
      const exit = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exit;
    }
    await this.cleanup();
  }
}
