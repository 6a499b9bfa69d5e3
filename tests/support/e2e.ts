/**
 * End-to-end harness: the REAL sync-server as a child process (fresh PGlite data dir, serving the
 * built `dist/`), Chromium through playwright-core, and helpers that seed data through the real
 * HTTP API — the same doors the app uses — so a test only asserts what a user would notice.
 *
 * Typical file:
 *   let server: RunningServer; let browser: Browser;
 *   beforeAll(async () => { server = await startServer(); browser = await launchBrowser(); });
 *   afterAll(async () => { await browser?.close(); await server?.stop(); });
 *   test('…', async () => { const { page } = await newContext(browser, server); … });
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { onTestFailed, onTestFinished } from 'vitest';
import { staleBuildReason } from '../../scripts/build-stamp.mjs';
import { pgliteDir } from '../../sync-server/src/db';
import { migratedPgliteTemplate } from './db';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { CollectionName, CompanyDoc, CustomerDoc, QuotationDoc } from '../../schemas/collections';
import { generateLinkSecret } from '../../schemas/rules';
import type { LoginResponse, PullResponse, PushRejection } from '../../schemas/api';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built web app the server serves (FORJA_E2E_WEB_DIR overrides, e.g. a build elsewhere). */
export const DIST_DIR = process.env.FORJA_E2E_WEB_DIR ? path.resolve(process.env.FORJA_E2E_WEB_DIR) : path.join(ROOT, 'dist');
/** Screenshots and other things worth looking at after a run (gitignored). */
export const ARTIFACTS_DIR = path.join(ROOT, 'test-results');

export const ADMIN_EMAIL = 'admin@forja.test';
/** The admin's first password (first_access is true until it is changed). */
export const ADMIN_INITIAL_PASSWORD = 'Inicial#2025';
/** The password seeded accounts end up with after their first change. */
export const STAFF_PASSWORD = 'Forja#Solda2025';

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  port: number;
  dataDir: string;
  /** The last lines the server printed (for failure messages). */
  logs(): string;
  running(): boolean;
  /** SIGTERM, then SIGKILL after a grace period. Keeps the data dir. */
  stop(): Promise<void>;
  /** Start again on the same port and data. */
  restart(): Promise<void>;
  /** Stop and delete the data dir. */
  dispose(): Promise<void>;
}

export interface StartServerOptions {
  /** Reuse this data dir (default: a fresh temp dir). */
  dataDir?: string;
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /** Start even when dist/ has no index.html (API-only tests). */
  allowMissingBuild?: boolean;
  /**
   * The server speaks HTTPS (env has FORJA_TLS_CERT/FORJA_TLS_KEY): its url is https:// and the
   * harness checks its health trusting this CA (PEM). Node's fetch cannot be given a CA: seed such
   * a server through the browser.
   */
  https?: { ca: string };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    FORJA_DATA_DIR: dataDir,
    FORJA_WEB_DIR: DIST_DIR,
    FORJA_ADMIN_EMAIL: ADMIN_EMAIL,
    FORJA_ADMIN_PASSWORD: ADMIN_INITIAL_PASSWORD,
    // Browser tests sign in many times from one IP; the per-IP limit is covered by server tests.
    FORJA_LOGIN_RATE_LIMIT: '10000',
    FORJA_PUBLIC_RATE_LIMIT: '10000',
    // No nightly backup from a test server (a run across 03:00 would write one beside its data dir).
    FORJA_BACKUP_AT: 'desligado',
    ...extra,
  };
  // e2e always runs on its own embedded PGlite, even when CI points DATABASE_URL at PostgreSQL
  // (the server and replication projects cover PostgreSQL; a shared database would leak state).
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

/** Runs a TypeScript entry point of the repo with tsx's loader, in one process (signals reach it). */
export function spawnTs(entry: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** GET url/api/health over https, verifying the server against `ca`. */
/**
 * One request to a server that speaks HTTPS with a test CA (Node's fetch cannot be given a CA).
 * The body is parsed as JSON when it is JSON.
 */
export function httpsRequest(
  url: string,
  ca: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, ca, servername: 'localhost', timeout: init.timeoutMs ?? 10_000 },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: the text itself
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(init.body);
  });
}

async function httpsHealth(url: string, ca: string): Promise<{ ok: boolean; status: number; body: unknown }> {
  const res = await httpsRequest(`${url}/api/health`, ca, { timeoutMs: 2000 });
  return { ok: res.status === 200, status: res.status, body: res.body };
}

async function waitForHealth(url: string, child: ChildProcess, logs: () => string, timeoutMs = 60_000, ca?: string) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`sync-server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${logs()}`);
    }
    try {
      if (ca) {
        const res = await httpsHealth(url, ca);
        if (res.ok && (res.body as { ok?: boolean }).ok === true) return;
        lastError = `HTTP ${res.status}`;
      } else {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) {
          const body = (await res.json()) as { ok?: boolean };
          if (body.ok === true) return;
        }
        lastError = `HTTP ${res.status}`;
      }
    } catch (e) {
      lastError = (e as Error).message;
    }
    await sleep(150);
  }
  throw new Error(`sync-server not healthy after ${timeoutMs} ms (${lastError}):\n${logs()}`);
}

/**
 * The e2e tests drive the built app: a build made from other sources than the checkout's would
 * test old code and pass or fail for the wrong reason. Refused unless FORJA_E2E_WEB_DIR names a
 * build made elsewhere on purpose (bench:web's before/after), which is used as it is.
 */
export function assertCurrentBuild(): void {
  if (process.env.FORJA_E2E_WEB_DIR) return;
  const stale = staleBuildReason(ROOT, [DIST_DIR, path.join(ROOT, 'dist-ssr')]);
  if (stale) throw new Error(`The e2e tests refuse a stale build: ${stale}. Run \`npm run build\` (npm test does it for you).`);
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (!options.allowMissingBuild && !existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npx vite build` (npm test does it for you).');
  }
  if (!options.allowMissingBuild) assertCurrentBuild();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'forja-e2e-'));
  // A new data directory starts from a copy of a PGlite cluster with every migration applied
  // (tests/support/db.ts; the migrations' own tests start from scratch): initdb and the
  // migrations in WASM cost each server 10–20 s on this VM.
  if (!options.dataDir && !options.env?.DATABASE_URL) cpSync(await migratedPgliteTemplate(), pgliteDir(dataDir), { recursive: true });
  const port = await freePort();
  const url = `${options.https ? 'https' : 'http'}://127.0.0.1:${port}`;
  const lines: string[] = [];
  const logs = () => lines.slice(-200).join('');
  let child: ChildProcess | null = null;

  const launch = async () => {
    const c = spawnTs('sync-server/src/main.ts', [], serverEnv(port, dataDir, options.env));
    child = c;
    const keep = (chunk: Buffer) => {
      lines.push(chunk.toString());
      if (lines.length > 400) lines.splice(0, lines.length - 200);
    };
    c.stdout?.on('data', keep);
    c.stderr?.on('data', keep);
    await waitForHealth(url, c, logs, 60_000, options.https?.ca);
  };

  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill('SIGTERM');
    const graceful = await Promise.race([exited.then(() => true), sleep(8000).then(() => false)]);
    if (!graceful) {
      c.kill('SIGKILL');
      await exited;
    }
  };

  await launch();
  return {
    url,
    port,
    dataDir,
    logs,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    stop,
    restart: async () => {
      await stop();
      await launch();
    },
    dispose: async () => {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Browser
// ---------------------------------------------------------------------------------------------

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Chromium; `extraArgs` e.g. --host-resolver-rules to reach the server by a non-localhost name. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}

export interface TestContext {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors, printed when the test fails. */
  errors: string[];
}

/**
 * A fresh browser context (own storage, cookies, IndexedDB, service workers: a new device) with
 * one page, its base URL at the server. Closed when the test ends; on failure the test output
 * shows the pages' console errors and the server's last log lines.
 * Must be called inside a test.
 */
export async function newContext(
  browser: Browser,
  server: RunningServer,
  options: BrowserContextOptions = {},
): Promise<TestContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  context.setDefaultTimeout(15_000);
  const errors: string[] = [];
  const watch = (p: Page) => {
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(`[console ${p.url()}] ${m.text()}`);
    });
    p.on('pageerror', (e) => errors.push(`[pageerror ${p.url()}] ${e.message}`));
  };
  context.on('page', watch);
  const page = await context.newPage();
  onTestFailed(() => {
    if (errors.length) console.error(`Browser errors:\n${errors.slice(-30).join('\n')}`);
    console.error(`Server log (tail):\n${server.logs().split('\n').slice(-40).join('\n')}`);
  });
  onTestFinished(async () => {
    await closeContext(context);
  });
  return { context, page, errors };
}

/** How long a context's close may take before the test moves on without it. */
const CONTEXT_CLOSE_LIMIT_MS = 20_000;

/**
 * Closes a context, but never waits on it past CONTEXT_CLOSE_LIMIT_MS: on a loaded 2-core CI machine
 * Chromium once left the close (its Target.disposeBrowserContext) unanswered for 120 s, after the test
 * itself had passed, and the hook's timeout failed the run. The test's outcome is decided by then; a
 * context left open goes with its browser at the end of the file.
 */
async function closeContext(context: BrowserContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CONTEXT_CLOSE_LIMIT_MS);
  });
  const outcome = await Promise.race([context.close().then(() => 'closed' as const, () => 'closed' as const), limit]);
  clearTimeout(timer);
  if (outcome === 'late') {
    console.warn(`e2e: the browser did not close a context within ${CONTEXT_CLOSE_LIMIT_MS / 1000} s; it is left to the browser's own close`);
  }
}

/** Fills the sign-in form at /auth and submits it (does not wait for the outcome). */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/auth')) await page.goto('/auth');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').first().fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Signs in through the form and waits until the app has landed on /adm/dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await signInThroughForm(page, email, password);
  await page.waitForURL('**/adm/dashboard', { timeout: 30_000 });
}

/** Waits until this page is controlled by the app's service worker (reloading once if needed). */
export async function waitForServiceWorkerControl(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.evaluate(
    (t) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => undefined),
        new Promise((_, reject) => setTimeout(() => reject(new Error('service worker never became ready')), t)),
      ]),
    timeoutMs,
  );
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) {
    // A first visit is not controlled until the next navigation (no clients.claim needed).
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: timeoutMs });
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding through the real API
// ---------------------------------------------------------------------------------------------

export interface ApiSession extends LoginResponse {
  device_id: string;
  /** `forja_refresh=…` as a Cookie header value, when the server set it. */
  cookie: string | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${JSON.stringify(body)}`);
  }
}

async function jsonOrText(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export async function login(
  server: RunningServer,
  email: string,
  password: string,
  deviceId = `e2e-${randomUUID()}`,
): Promise<ApiSession> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, device_id: deviceId, device_name: 'e2e seed' }),
  });
  const body = await jsonOrText(res);
  if (!res.ok) throw new ApiError(res.status, body, `login ${email}`);
  const setCookie = res.headers.getSetCookie?.() ?? [];
  const refresh = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('forja_refresh='));
  return { ...(body as LoginResponse), device_id: deviceId, cookie: refresh ?? null };
}

function authHeaders(session: ApiSession): Record<string, string> {
  const h: Record<string, string> = { authorization: `Bearer ${session.access_token}` };
  if (session.cookie) h.cookie = session.cookie;
  return h;
}

export async function changePassword(server: RunningServer, session: ApiSession, newPassword: string): Promise<void> {
  const res = await fetch(`${server.url}/api/auth/password`, {
    method: 'POST',
    headers: { ...authHeaders(session), 'content-type': 'application/json' },
    body: JSON.stringify({ new_password: newPassword }),
  });
  if (res.status !== 204) throw new ApiError(res.status, await jsonOrText(res), 'change password');
}

/** Ends the session and frees its device slot. */
export async function logout(server: RunningServer, session: ApiSession): Promise<void> {
  const res = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: authHeaders(session) });
  if (res.status !== 204) throw new ApiError(res.status, await jsonOrText(res), 'logout');
}

/**
 * Signs in as `email` with its first password, changes it to STAFF_PASSWORD (clearing
 * first_access) and returns a live session for seeding. Pass `keepSession: false` to log out
 * afterwards so the seeding device does not hold one of the user's 3 slots.
 */
export async function prepareStaff(
  server: RunningServer,
  email = ADMIN_EMAIL,
  firstPassword = ADMIN_INITIAL_PASSWORD,
  { keepSession = true } = {},
): Promise<ApiSession> {
  let session = await login(server, email, firstPassword);
  if (session.user.first_access) {
    await changePassword(server, session, STAFF_PASSWORD);
    // A fresh token after the change, in case the server bakes first_access into tokens.
    await logout(server, session);
    session = await login(server, email, STAFF_PASSWORD);
  }
  if (!keepSession) await logout(server, session);
  return session;
}

/** What most e2e files share: one server and one browser for all their tests, and the admin's API session. */
export interface E2eSuite {
  server: RunningServer;
  browser: Browser;
  staff: ApiSession;
}

/** Opens a file's server and browser and prepares the admin (see prepareStaff for `keepSession`). */
export async function openSuite({ keepSession = true } = {}): Promise<E2eSuite> {
  const server = await startServer();
  const browser = await launchBrowser();
  const staff = await prepareStaff(server, ADMIN_EMAIL, ADMIN_INITIAL_PASSWORD, { keepSession });
  return { server, browser, staff };
}

/** Closes what openSuite opened (whatever part of it did open). */
export async function closeSuite(suite: Partial<Pick<E2eSuite, 'server' | 'browser'>>): Promise<void> {
  await suite.browser?.close();
  await suite.server?.dispose();
}

export interface PushResult {
  /** Master documents answered for conflicting or refused rows (empty when all landed). */
  conflicts: Record<string, unknown>[];
  rejections: PushRejection[];
}

export async function push<C extends CollectionName>(
  server: RunningServer,
  session: ApiSession,
  collection: C,
  docs: Record<string, unknown>[],
  /** The server's current documents by id, for updates (RxDB's assumedMasterState). */
  masters: Map<string, Record<string, unknown>> = new Map(),
): Promise<PushResult> {
  const rows = docs.map((d) => ({
    assumedMasterState: masters.get(d.id as string) ?? null,
    newDocumentState: { ...d, _deleted: false },
  }));
  const res = await fetch(`${server.url}/api/sync/${collection}/push`, {
    method: 'POST',
    headers: { ...authHeaders(session), 'content-type': 'application/json' },
    body: JSON.stringify(rows),
  });
  const body = await jsonOrText(res);
  if (!res.ok) throw new ApiError(res.status, body, `push ${collection}`);
  const header = res.headers.get('x-forja-rejections');
  const rejections = header ? (JSON.parse(header) as PushRejection[]) : [];
  return { conflicts: body as Record<string, unknown>[], rejections };
}

/**
 * Creates or updates documents (an existing id — e.g. the server's default company profile — is
 * updated on top of its current version) and fails loudly when any was refused or conflicted.
 */
export async function seed(
  server: RunningServer,
  session: ApiSession,
  collection: CollectionName,
  docs: Record<string, unknown>[],
): Promise<void> {
  const current = await pullAll(server, session, collection);
  const masters = new Map(current.map((d) => [(d as unknown as { id: string }).id, d as Record<string, unknown>]));
  // An update is made on the current version, as a device edits its copy: with the server's
  // creation stamps (the server answers a copy without them with its own version).
  const onCurrent = docs.map((d) => {
    const m = masters.get(d.id as string);
    return m ? { ...d, created_at: m.created_at, created_by: m.created_by } : d;
  });
  const r = await push(server, session, collection, onCurrent, masters);
  if (r.conflicts.length || r.rejections.length) {
    throw new Error(`seeding ${collection} refused: ${JSON.stringify(r)}`);
  }
}

/** Every live document of a collection on the server (follows checkpoints to the end). */
export async function pullAll<T = Record<string, unknown>>(
  server: RunningServer,
  session: ApiSession,
  collection: CollectionName,
): Promise<(T & { _deleted: boolean })[]> {
  const docs: (T & { _deleted: boolean })[] = [];
  let checkpoint: unknown = null;
  for (let page = 0; page < 1000; page++) {
    const q = new URLSearchParams({ limit: '500' });
    if (checkpoint) q.set('checkpoint', JSON.stringify(checkpoint));
    const res = await fetch(`${server.url}/api/sync/${collection}/pull?${q}`, { headers: authHeaders(session) });
    const body = await jsonOrText(res);
    if (!res.ok) throw new ApiError(res.status, body, `pull ${collection}`);
    const { documents, checkpoint: next } = body as PullResponse<T>;
    docs.push(...documents);
    if (documents.length === 0 || next === null) break;
    checkpoint = next;
  }
  const latest = new Map<string, T & { _deleted: boolean }>();
  for (const d of docs) latest.set((d as unknown as { id: string }).id, d);
  return [...latest.values()].filter((d) => !d._deleted);
}

/**
 * Adds a staff account with the CLI (`npm run user:add -- <email>`) and returns the temporary
 * password it prints. While the server runs the CLI hands the work to it (the embedded
 * database is the server's alone: sync-server/src/local-admin.ts).
 */
export async function addUser(server: RunningServer, email: string): Promise<string> {
  const child = spawnTs('sync-server/src/cli/user-add.ts', [email], serverEnv(server.port, server.dataDir));
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`user-add exited with ${code}:\n${out}`);
  const password = parsePrintedPassword(out);
  if (!password) throw new Error(`could not find the temporary password in user-add's output:\n${out}`);
  return password;
}

/** Finds the password on a line like "Senha temporária: Xy7#…" / "password: …". */
export function parsePrintedPassword(output: string): string | null {
  for (const line of output.split('\n')) {
    if (!/senha|password/i.test(line)) continue;
    const m = line.match(/(?:senha[^:=]*|password[^:=]*)[:=]\s*(\S+)/i);
    if (m) return m[1].replace(/^["'`]|["'`]$/g, '');
  }
  return null;
}

/**
 * Runs SQL against the server's PGlite files. The server must be stopped (PGlite is one
 * process); the caller restarts it when needed.
 */
export async function queryPglite<T = Record<string, unknown>>(
  server: RunningServer,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (server.running()) throw new Error('stop the server before opening its PGlite files');
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(server.dataDir, 'pglite'));
  try {
    const r = await db.query<T>(sql, params);
    return r.rows;
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Documents (valid per schemas/collections.ts)
// ---------------------------------------------------------------------------------------------

const now = () => new Date().toISOString();

function stamps() {
  const t = now();
  return { created_at: t, updated_at: t, client_updated_at: t };
}

export function customerDoc(fields: Partial<CustomerDoc> = {}): CustomerDoc {
  return {
    id: randomUUID(),
    name: 'Cliente E2E',
    phone: `(35) 9${Math.floor(1000_0000 + Math.random() * 8999_9999)}`,
    whatsapp: null,
    description: null,
    ...stamps(),
    ...fields,
  };
}

/** Days from today as YYYY-MM-DD. */
export function isoDate(daysFromToday = 0): string {
  const d = new Date(Date.now() + daysFromToday * 86_400_000);
  return d.toISOString().slice(0, 10);
}

export function quotationDoc(fields: Partial<QuotationDoc> = {}): QuotationDoc {
  return {
    id: randomUUID(),
    code: `ORC-${randomUUID().slice(0, 6).toUpperCase().replace(/[^A-Z0-9]/g, 'X')}`,
    customer_id: null,
    description: 'Fabricação e instalação de portão de correr em metalon 50x30',
    status: 'pending',
    total_amount: 1234.5,
    discounts: 0,
    taxes: 0,
    payment_method: 'PIX à vista',
    validity_date: isoDate(15),
    execution_deadline: '10 dias úteis',
    materials: [],
    viewed_at: null,
    decided_at: null,
    decision_reason: null,
    // The secret the links staff send carry (issue 30): /quotation/{code}?k={link_secret}.
    link_secret: generateLinkSecret(),
    ...stamps(),
    ...fields,
  };
}

export function companyDoc(fields: Partial<CompanyDoc> = {}): CompanyDoc {
  return {
    id: 'company',
    name: 'Forja Soldas e Usinagem',
    tagline: 'Soldagem, mandrilhamento, estruturas metálicas e tornearia',
    address: 'Rua das Oficinas, 123 — Centro',
    city: 'Campestre - MG',
    phones: ['(35) 3743-1234'],
    whatsapp_numbers: ['(35) 99876-5432', '(35) 99123-4567'],
    email: 'contato@forja.test',
    facebook_url: 'https://www.facebook.com/forja.test',
    instagram_url: 'https://www.instagram.com/forja.test',
    opening_hours: 'Segunda a sexta, das 8h às 17h',
    map_url: null,
    pix_key: null,
    ...stamps(),
    ...fields,
  };
}

// ---------------------------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------------------------

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `probe` until it returns a truthy value; throws `message` (and the last error) on timeout. */
export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  { timeout = 15_000, interval = 200, message = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await sleep(interval);
  }
  throw new Error(`timed out after ${timeout} ms waiting for ${message}${last ? ` (last error: ${String(last)})` : ''}`);
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return path.join(ARTIFACTS_DIR, name);
}

/** A phone-size browser context (390×844, touch). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Creation stamps for a document seeded through the sync API. */
export function docStamp() {
  const t = new Date().toISOString();
  return { created_at: t, updated_at: t, client_updated_at: t, created_by: null };
}
