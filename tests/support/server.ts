/**
 * In-process sync-server for tests (stable API — sync, data-layer and e2e tests use it).
 *
 *   const server = await startTestServer({ backend, env });   // backend: 'pglite' (default) | 'postgres'
 *   server.url        'http://127.0.0.1:<port>' (port chosen by the OS, kept across restart())
 *   server.db         the server's Database (query it directly: INSERT rows, check results)
 *   server.app        the FastifyInstance (app.inject works too)
 *   server.config     the Config it runs with
 *   server.backend    'pglite' | 'postgres'
 *   await server.restart()   close app + database, reopen on the same data and port
 *                            (server.db / server.app are replaced: read them after restart)
 *   await server.stop()      close and delete the data (drops the postgres database)
 *
 * Migrations have run and the admin exists (TEST_ADMIN_EMAIL / TEST_ADMIN_PASSWORD, first
 * access still pending). Rate limits per IP are raised (10 000/min) unless env sets
 * FORJA_LOGIN_RATE_LIMIT / FORJA_PUBLIC_RATE_LIMIT. FORJA_WEB_DIR defaults to a missing dir
 * (API only); pass env.FORJA_WEB_DIR to serve a build.
 *
 * Helpers:
 *   createUser(server, {email?, password?, firstAccess?=false}) → {id, email, password}
 *   login(server, {email, password, deviceId?, deviceName?})    → LoginResult (status, body, accessToken, refreshCookie)
 *   signIn(server, opts?)      createUser + login → {user, accessToken, refreshCookie, sessionId, login}
 *   api(server, path, {method?, token?, body?, cookie?, headers?}) → {status, body, headers}
 *   expiredAccessToken(server, {sessionId, userId}) → a correctly signed token that expired
 *   describe.each(backends())  — re-exported from ./db
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '../../schemas/api';
import type { Role } from '../../schemas/rules';
import { buildApp, type BuildAppOptions } from '../../sync-server/src/app';
import { loadConfig, type Config } from '../../sync-server/src/config';
import type { Database } from '../../sync-server/src/db/types';
import { runMigrations } from '../../sync-server/src/migrations/runner';
import { seed } from '../../sync-server/src/seed';
import { createUser as insertUser } from '../../sync-server/src/auth/users';
import { loadSigningSecret, signAccessToken } from '../../sync-server/src/auth/tokens';
import { createTestDatabase, type Backend, type TestDatabase } from './db';

export { backends, type Backend } from './db';

export const TEST_ADMIN_EMAIL = 'admin@forja.test';
export const TEST_ADMIN_PASSWORD = 'Inicial#2025';
/** Default password of users made by createUser (meets the policy). */
export const TEST_PASSWORD = 'Senha#Forte1';

export interface TestServer {
  url: string;
  port: number;
  backend: Backend;
  db: Database;
  app: FastifyInstance;
  config: Config;
  testDb: TestDatabase;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartTestServerOptions {
  backend?: Backend;
  /** Extra environment (PORT/HOST/FORJA_DATA_DIR/DATABASE_URL are set by the harness). */
  env?: Record<string, string>;
  /** Fastify logger (default off). */
  logger?: boolean;
  /**
   * Serve this existing test database (another server's `testDb`): two servers on one
   * PostgreSQL. stop() then leaves the database to its owner.
   */
  database?: TestDatabase;
  /** How the NFS-e queue reaches the national API (a stand-in and its CA: tests/support/sefin-standin.ts). */
  nfse?: BuildAppOptions['nfse'];
}

export async function startTestServer(opts: StartTestServerOptions = {}): Promise<TestServer> {
  const backend = opts.backend ?? 'pglite';
  const sharedDb = opts.database ?? null;
  const testDb = sharedDb ?? (await createTestDatabase(backend, { migrated: true }));
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: '0',
    FORJA_WEB_DIR: path.join(os.tmpdir(), 'forja-no-web-build'),
    FORJA_ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    FORJA_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    FORJA_LOGIN_RATE_LIMIT: '10000',
    FORJA_PUBLIC_RATE_LIMIT: '10000',
    ...opts.env,
    ...testDb.env,
  };

  let config = loadConfig(env);
  let db: Database | null = null;
  let app: FastifyInstance | null = null;

  const open = async () => {
    db = await testDb.open();
    try {
      await runMigrations(db);
      await seed(db, config);
      app = await buildApp({ config, db, logger: opts.logger ?? false, nfse: opts.nfse });
      await app.listen({ host: config.host, port: config.port });
    } catch (err) {
      await app?.close().catch(() => {});
      await db.close().catch(() => {});
      throw err;
    }
    const addr = app.server.address();
    if (typeof addr === 'object' && addr) config = { ...config, port: addr.port };
  };
  const close = async () => {
    await app?.close();
    await db?.close();
    app = null;
    db = null;
  };

  try {
    await open();
  } catch (err) {
    if (!sharedDb) await testDb.drop().catch(() => {});
    throw err;
  }

  const server: TestServer = {
    get url() {
      return `http://127.0.0.1:${config.port}`;
    },
    get port() {
      return config.port;
    },
    backend,
    get db() {
      if (!db) throw new Error('test server is stopped');
      return db;
    },
    get app() {
      if (!app) throw new Error('test server is stopped');
      return app;
    },
    get config() {
      return config;
    },
    testDb,
    async restart() {
      await close();
      await open();
    },
    async stop() {
      try {
        await close();
      } finally {
        // Dropped even if closing failed, so no forja_t_* database or temp dir is left behind.
        if (!sharedDb) await testDb.drop();
      }
    },
  };
  return server;
}

// --------------------------------------------------------------------------------------------
// HTTP helpers
// --------------------------------------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests inspect JSON bodies loosely
export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests inspect JSON bodies loosely
export async function api<T = any>(
  server: { url: string },
  urlPath: string,
  init: { method?: string; token?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.cookie = init.cookie;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(server.url + urlPath, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** The `forja_refresh=<value>` pair from a response's Set-Cookie, or null. */
export function refreshCookieOf(headers: Headers): string | null {
  for (const c of headers.getSetCookie()) {
    const m = /^forja_refresh=([^;]*)/.exec(c);
    if (m && m[1]) return `forja_refresh=${m[1]}`;
  }
  return null;
}

export async function createUser(
  server: { db: Database },
  opts: { email?: string; password?: string; firstAccess?: boolean; role?: Role; name?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = opts.email ?? `staff-${randomUUID().slice(0, 8)}@forja.test`;
  const password = opts.password ?? TEST_PASSWORD;
  const user = await insertUser(server.db, { email, password, firstAccess: opts.firstAccess ?? false, role: opts.role, name: opts.name });
  return { ...user, password };
}

export interface LoginResult extends ApiResult<LoginResponse & { error?: string; message?: string }> {
  accessToken: string | null;
  /** 'forja_refresh=…' ready for a Cookie header, or null. */
  refreshCookie: string | null;
}

export async function login(
  server: { url: string },
  opts: { email: string; password: string; deviceId?: string; deviceName?: string },
): Promise<LoginResult> {
  const res = await api(server, '/api/auth/login', {
    method: 'POST',
    body: { email: opts.email, password: opts.password, device_id: opts.deviceId ?? randomUUID(), device_name: opts.deviceName },
  });
  return { ...res, accessToken: res.status === 200 ? res.body.access_token : null, refreshCookie: refreshCookieOf(res.headers) };
}

/** A new staff user (first_access false) signed in on a new device. */
export async function signIn(
  server: TestServer,
  opts: { email?: string; password?: string; deviceId?: string; deviceName?: string; role?: Role } = {},
) {
  const user = await createUser(server, { email: opts.email, password: opts.password, role: opts.role });
  const res = await login(server, { email: user.email, password: user.password, deviceId: opts.deviceId, deviceName: opts.deviceName });
  if (res.status !== 200 || !res.accessToken) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const sessionId = JSON.parse(Buffer.from(res.accessToken.split('.')[0], 'base64url').toString()).sid as string;
  return { user, accessToken: res.accessToken, refreshCookie: res.refreshCookie!, sessionId, login: res };
}

/** A token signed with the server's real key whose expiry is in the past. */
export async function expiredAccessToken(server: TestServer, claims: { sessionId: string; userId: string }): Promise<string> {
  const secret = await loadSigningSecret(server.db);
  return signAccessToken(secret, { sid: claims.sessionId, uid: claims.userId }, Date.now() - 3600_000, 60);
}
