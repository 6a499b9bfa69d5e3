/**
 * Every admin route (everything but health, sign-in/refresh and the public API) refuses a
 * request without a token, with a forged one, an expired one, a revoked session's, a logged-out
 * session's, and a token of a session family ended by a reused refresh token. The list of admin
 * routes is checked against the routes the server really has, so a new route cannot slip by.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES } from '@shared';
import { api, backends, expiredAccessToken, login, refreshCookieOf, signIn, startTestServer, type TestServer } from '../support/server';

/** method + path of every route a signed-in device uses (':id' / ':collection' filled in below). */
const ADMIN_ROUTES = [
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions/:id',
  'POST /api/auth/password',
  'GET /api/auth/me',
  'GET /api/sync/conflicts',
  'GET /api/sync/stream',
  'GET /api/sync/:collection/pull',
  'POST /api/sync/:collection/push',
  // The refusals of a push its header could not hold (issue 30).
  'GET /api/sync/:collection/rejections',
  // The owner's team management (issue 17); a staff member's session is refused too (team.test.ts).
  'GET /api/team',
  'POST /api/team',
  'PATCH /api/team/:id',
  'POST /api/team/:id/password',
  // Photos of an OS (issue 31): the upload and the team's copy (the customer's is /api/public/photos/).
  'POST /api/photos/:id',
  'GET /api/photos/:id',
  // The shop's A1 for the NFS-e (issue 38): the owner's; a staff session is refused too (nfse-queue.test.ts).
  'PUT /api/nfse/certificate',
  'DELETE /api/nfse/certificate',
  // The office computer's backups (issue 41): the owner's; a staff session is refused too (backup-online.test.ts).
  'GET /api/backups',
  'POST /api/backups',
] as const;
/** Routes anyone may call. Logout ends a session by its own token or cookie (tested in auth.test.ts). */
const OPEN_ROUTES = [
  '/api/health',
  '/api/auth/login',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/public/',
  // LAN mode: the local CA's public certificate and the page that explains installing it.
  '/forja-ca.crt',
  '/instalar-certificado',
  // The quotation page's Aceitar / Recusar forms (work before any JavaScript has run).
  '/quotation/',
];

/** "METHOD path" of every route in Fastify's route tree (HEAD twins dropped). */
function routesOf(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)(?:├── |└── )(\S+) \(([^)]+)\)/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack[depth] = m[2];
    const path = stack.join('');
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out;
}

describe.each(backends())('admin routes refuse every bad credential (%s)', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function call(route: string, token: string | null, headers: Record<string, string> = {}) {
    const [method, pattern] = route.split(' ');
    const path = pattern.replace(':id', 'some-session').replace(':collection', 'customers');
    const body = method === 'POST' ? (path.endsWith('/push') ? [] : { new_password: 'Nova#Senha1' }) : undefined;
    const controller = new AbortController();
    // The stream would stay open on success; 2 s is plenty to see a refusal.
    const timer = setTimeout(() => controller.abort(), 2_000);
    try {
      const res = await fetch(server.url + path, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
        signal: controller.signal,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    } catch {
      return { status: 0, body: null }; // aborted: the route answered as if the token were good
    } finally {
      clearTimeout(timer);
    }
  }

  async function expectRefusedEverywhere(token: string | null, label: string, headers: Record<string, string> = {}) {
    for (const route of ADMIN_ROUTES) {
      const res = await call(route, token, headers);
      expect(res.status, `${route} with ${label}`).toBe(401);
      expect(res.body, `${route} with ${label}`).toEqual({ error: 'unauthorized', message: ERROR_MESSAGES.unauthorized });
    }
  }

  test('the list covers every route that is not open to everyone', () => {
    const all = routesOf(server.app.printRoutes({ commonPrefix: false }));
    const guarded = all.filter((r) => !OPEN_ROUTES.some((open) => r.split(' ')[1].startsWith(open)));
    expect(guarded.sort()).toEqual([...ADMIN_ROUTES].sort());
  });

  test('no token, a malformed one, a forged one and an expired one', async () => {
    const s = await signIn(server);
    const other = await signIn(server);
    const [payload, sig] = s.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    // Someone else's identity under this token's signature.
    const forged = `${Buffer.from(JSON.stringify({ ...claims, sid: other.sessionId, uid: other.user.id })).toString('base64url')}.${sig}`;
    const expired = await expiredAccessToken(server, { sessionId: s.sessionId, userId: s.user.id });
    await expectRefusedEverywhere(null, 'no token');
    await expectRefusedEverywhere('garbage', 'a malformed token');
    await expectRefusedEverywhere(forged, 'a forged token');
    await expectRefusedEverywhere(expired, 'an expired token');
    await expectRefusedEverywhere(null, 'Basic auth', { authorization: `Basic ${s.accessToken}` });
    // The real token still works.
    expect((await call('GET /api/auth/me', s.accessToken)).status).toBe(200);
  });

  test("a revoked session's token and a logged-out session's token", async () => {
    const revoked = await signIn(server);
    // End the session from another device of the same user.
    const second = await login(server, { email: revoked.user.email, password: revoked.user.password, deviceId: 'second-device' });
    expect(second.status).toBe(200);
    const del = await api(server, `/api/auth/sessions/${revoked.sessionId}`, { method: 'DELETE', token: second.accessToken! });
    expect(del.status).toBe(204);
    await expectRefusedEverywhere(revoked.accessToken, "a revoked session's token");

    const out = await signIn(server);
    expect((await api(server, '/api/auth/logout', { method: 'POST', token: out.accessToken })).status).toBe(204);
    await expectRefusedEverywhere(out.accessToken, "a logged-out session's token");
  });

  test('a refresh token reused after rotation ends the whole session family', async () => {
    const s = await signIn(server);
    const r1 = await api(server, '/api/auth/refresh', { method: 'POST', cookie: s.refreshCookie });
    expect(r1.status).toBe(200);
    const rotatedAccess = r1.body.access_token as string;
    const rotatedCookie = refreshCookieOf(r1.headers)!;
    // A thief presents the stolen, already used cookie.
    expect((await api(server, '/api/auth/refresh', { method: 'POST', cookie: s.refreshCookie })).status).toBe(401);
    await expectRefusedEverywhere(s.accessToken, 'the original access token after reuse');
    await expectRefusedEverywhere(rotatedAccess, 'the rotated access token after reuse');
    expect((await api(server, '/api/auth/refresh', { method: 'POST', cookie: rotatedCookie })).status).toBe(401);
  });
});
