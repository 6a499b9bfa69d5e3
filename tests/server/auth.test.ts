/**
 * Every auth rule of issue 2 §5, on each backend (PGlite; PostgreSQL when DATABASE_URL is set).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES } from '@shared';
import {
  api,
  backends,
  createUser,
  expiredAccessToken,
  login,
  refreshCookieOf,
  signIn,
  startTestServer,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../support/server';
import { LOGIN_FAILURE_LIMIT } from '../../sync-server/src/auth/throttle';

describe.each(backends())('auth (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // As deployed behind a reverse proxy on the same machine (README: FORJA_TRUST_PROXY=loopback),
    // so X-Forwarded-Proto from the test client counts; without it the header is ignored
    // (tests/server/https-lan-proxy.test.ts).
    server = await startTestServer({ backend, env: { FORJA_TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('login', () => {
    test('right credentials: token, user and an HttpOnly SameSite=Strict refresh cookie scoped to /api/auth', async () => {
      const user = await createUser(server);
      const res = await login(server, { email: user.email.toUpperCase(), password: user.password, deviceName: 'Celular' });
      expect(res.status).toBe(200);
      expect(res.body.user).toEqual({ id: user.id, email: user.email, first_access: false, role: 'staff' });
      expect(typeof res.body.access_token).toBe('string');
      expect(res.body.expires_in).toBeGreaterThan(0);
      expect(res.body.expires_in).toBeLessThanOrEqual(15 * 60);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('forja_refresh='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Path=\/api\/auth/);
      expect(cookie).not.toMatch(/Secure/i); // plain http here
    });

    test('the cookie is Secure when the request came over https (proxy)', async () => {
      const user = await createUser(server);
      const res = await api(server, '/api/auth/login', {
        body: { email: user.email, password: user.password, device_id: randomUUID() },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().find((c) => c.startsWith('forja_refresh='))).toMatch(/Secure/i);
    });

    test('wrong password and unknown email answer 401 invalid_credentials with the spec text', async () => {
      const user = await createUser(server);
      for (const attempt of [
        { email: user.email, password: 'Errada#123' },
        { email: 'ninguem@forja.test', password: user.password },
      ]) {
        const res = await login(server, attempt);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'invalid_credentials', message: 'Email ou senha incorretos' });
        expect(res.refreshCookie).toBeNull();
      }
    });

    test('malformed bodies answer 400 invalid_request with a pt-BR message, never 500', async () => {
      const bad: unknown[] = [
        {},
        { email: 'a@b.c', password: 'x' }, // no device_id
        { email: 'a@b.c', password: { x: 1 }, device_id: 'd' },
        { email: '', password: 'x', device_id: 'd' },
        [],
        'null',
        '{"email": ',
      ];
      for (const body of bad) {
        const res = await api(server, '/api/auth/login', { method: 'POST', body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error).toBe('invalid_request');
        expect(typeof res.body.message).toBe('string');
      }
      const missing = await api(server, '/api/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'x' } });
      expect(missing.body.message).toContain('device_id');
      const noBody = await api(server, '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' } });
      expect(noBody.status).toBe(400);
      const form = await api(server, '/api/auth/login', { method: 'POST', body: 'a=b', headers: { 'content-type': 'text/plain' } });
      expect(form.status).toBe(400);
    });
  });

  describe('device sessions (max 3)', () => {
    test('a 4th device is refused with 409 session_limit and the spec text; the same device reuses its slot', async () => {
      const user = await createUser(server);
      const devices = ['d1', 'd2', 'd3'].map((d) => `${d}-${randomUUID()}`);
      for (const deviceId of devices) expect((await login(server, { ...user, deviceId })).status).toBe(200);

      const fourth = await login(server, { ...user, deviceId: randomUUID() });
      expect(fourth.status).toBe(409);
      expect(fourth.body).toEqual({
        error: 'session_limit',
        message:
          'Limite de sessões atingido — Você já está logado em 3 dispositivos diferentes. Por favor, faça logout em um deles para continuar.',
      });

      // Signing in again from device 2 is fine (it takes its own slot back)…
      const again = await login(server, { ...user, deviceId: devices[1] });
      expect(again.status).toBe(200);
      const list = await api(server, '/api/auth/sessions', { token: again.accessToken! });
      expect(list.body).toHaveLength(3);
      // …and the 4th device is still refused.
      expect((await login(server, { ...user, deviceId: randomUUID() })).status).toBe(409);
    });

    test('logout answers 204, frees the slot and the access token stops working at once', async () => {
      const user = await createUser(server);
      const sessions = [];
      for (let i = 0; i < 3; i++) sessions.push(await login(server, { ...user, deviceId: randomUUID() }));
      expect((await login(server, { ...user, deviceId: randomUUID() })).status).toBe(409);

      const out = await api(server, '/api/auth/logout', { method: 'POST', token: sessions[0].accessToken! });
      expect(out.status).toBe(204);
      const me = await api(server, '/api/auth/sessions', { token: sessions[0].accessToken! });
      expect(me.status).toBe(401);
      expect(me.body.error).toBe('unauthorized');
      // Its refresh cookie is dead too.
      expect((await api(server, '/api/auth/refresh', { method: 'POST', cookie: sessions[0].refreshCookie! })).status).toBe(401);

      expect((await login(server, { ...user, deviceId: randomUUID() })).status).toBe(200);
    });

    test('logout with only the refresh cookie (expired access token) also ends the session', async () => {
      const s = await signIn(server);
      const out = await api(server, '/api/auth/logout', { method: 'POST', cookie: s.refreshCookie });
      expect(out.status).toBe(204);
      expect((await api(server, '/api/auth/sessions', { token: s.accessToken })).status).toBe(401);
    });

    test('a session unused for 30 days expires and no longer holds a slot', async () => {
      const user = await createUser(server);
      const first = await login(server, { ...user, deviceId: randomUUID() });
      await login(server, { ...user, deviceId: randomUUID() });
      await login(server, { ...user, deviceId: randomUUID() });
      const sid = JSON.parse(Buffer.from(first.accessToken!.split('.')[0], 'base64url').toString()).sid;
      await server.db.query(`UPDATE sessions SET last_seen_at = now() - interval '31 days' WHERE id = $1`, [sid]);

      expect((await api(server, '/api/auth/sessions', { token: first.accessToken! })).status).toBe(401);
      expect((await api(server, '/api/auth/refresh', { method: 'POST', cookie: first.refreshCookie! })).status).toBe(401);
      expect((await login(server, { ...user, deviceId: randomUUID() })).status).toBe(200);
    });

    test('GET /api/auth/sessions lists live sessions with the current one marked; DELETE revokes another', async () => {
      const user = await createUser(server);
      const phone = await login(server, { ...user, deviceId: randomUUID(), deviceName: 'Celular da oficina' });
      const pc = await login(server, { ...user, deviceId: randomUUID(), deviceName: 'PC do escritório' });

      const list = await api(server, '/api/auth/sessions', { token: pc.accessToken! });
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(2);
      const mine = list.body.find((s: { current: boolean }) => s.current);
      const other = list.body.find((s: { current: boolean }) => !s.current);
      expect(mine.device_name).toBe('PC do escritório');
      expect(other.device_name).toBe('Celular da oficina');
      expect(Object.keys(mine).sort()).toEqual(['created_at', 'current', 'device_name', 'id', 'last_seen_at']);
      expect(new Date(mine.created_at).toISOString()).toBe(mine.created_at);

      const del = await api(server, `/api/auth/sessions/${other.id}`, { method: 'DELETE', token: pc.accessToken! });
      expect(del.status).toBe(204);
      expect((await api(server, '/api/auth/sessions', { token: phone.accessToken! })).status).toBe(401);
      const after = await api(server, '/api/auth/sessions', { token: pc.accessToken! });
      expect(after.body).toHaveLength(1);

      // Another user's session or an unknown id: 404, nothing revoked.
      const stranger = await signIn(server);
      const notMine = await api(server, `/api/auth/sessions/${stranger.sessionId}`, { method: 'DELETE', token: pc.accessToken! });
      expect(notMine.status).toBe(404);
      expect((await api(server, '/api/auth/sessions', { token: stranger.accessToken })).status).toBe(200);
    });
  });

  describe('refresh', () => {
    test('rotates: a new access token and a new cookie; the old cookie presented again revokes the session', async () => {
      const s = await signIn(server);
      const r1 = await api(server, '/api/auth/refresh', { method: 'POST', cookie: s.refreshCookie });
      expect(r1.status).toBe(200);
      expect(r1.body.user.email).toBe(s.user.email);
      expect(typeof r1.body.access_token).toBe('string');
      const rotated = refreshCookieOf(r1.headers)!;
      expect(rotated).toBeTruthy();
      expect(rotated).not.toBe(s.refreshCookie);

      const r2 = await api(server, '/api/auth/refresh', { method: 'POST', cookie: rotated });
      expect(r2.status).toBe(200);
      const latest = refreshCookieOf(r2.headers)!;

      // Reuse of an already used token: 401, and the whole session is gone.
      const reuse = await api(server, '/api/auth/refresh', { method: 'POST', cookie: s.refreshCookie });
      expect(reuse.status).toBe(401);
      expect(reuse.body.error).toBe('unauthorized');
      expect((await api(server, '/api/auth/refresh', { method: 'POST', cookie: latest })).status).toBe(401);
      expect((await api(server, '/api/auth/sessions', { token: r2.body.access_token })).status).toBe(401);
    });

    test('no cookie or an unknown cookie answers 401', async () => {
      expect((await api(server, '/api/auth/refresh', { method: 'POST' })).status).toBe(401);
      const res = await api(server, '/api/auth/refresh', { method: 'POST', cookie: 'forja_refresh=nope' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: ERROR_MESSAGES.unauthorized });
    });
  });

  describe('tokens on admin routes', () => {
    test('/api/auth/sessions refuses a missing, malformed, forged or expired token with 401 unauthorized', async () => {
      const s = await signIn(server);
      const expired = await expiredAccessToken(server, { sessionId: s.sessionId, userId: s.user.id });
      const [body, sig] = s.accessToken.split('.');
      const forged = `${body}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
      const headerSets: Record<string, string>[] = [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Bearer garbage' },
        { authorization: `Bearer ${forged}` },
        { authorization: `Bearer ${expired}` },
        { authorization: `Basic ${s.accessToken}` },
      ];
      for (const headers of headerSets) {
        for (const [method, path] of [
          ['GET', '/api/auth/sessions'],
          ['DELETE', `/api/auth/sessions/${s.sessionId}`],
          ['POST', '/api/auth/password'],
        ]) {
          const res = await api(server, path, { method, headers, body: method === 'POST' ? { new_password: 'Nova#Senha1' } : undefined });
          expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
          expect(res.body).toEqual({ error: 'unauthorized', message: ERROR_MESSAGES.unauthorized });
        }
      }
      // The real token still works (nothing above revoked it).
      expect((await api(server, '/api/auth/sessions', { token: s.accessToken })).status).toBe(200);
    });
  });

  describe('password', () => {
    test('weak passwords are refused with 422 weak_password and the spec text', async () => {
      const s = await signIn(server);
      for (const pw of ['Curta#1', 'semmaiuscula#1', 'SEMMINUSCULA#1', 'SemNumero#!', 'SemEspecial12', '']) {
        const res = await api(server, '/api/auth/password', { method: 'POST', token: s.accessToken, body: { new_password: pw } });
        expect(res.status, pw).toBe(422);
        expect(res.body).toEqual({ error: 'weak_password', message: 'A senha não atende aos requisitos mínimos' });
      }
      const bad = await api(server, '/api/auth/password', { method: 'POST', token: s.accessToken, body: { senha: 'x' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('invalid_request');
    });

    test('a strong password is accepted (204): the old one stops working, the new one signs in', async () => {
      const s = await signIn(server);
      const other = await login(server, { email: s.user.email, password: s.user.password, deviceId: randomUUID() });
      const res = await api(server, '/api/auth/password', {
        method: 'POST',
        token: s.accessToken,
        body: { current_password: s.user.password, new_password: 'Outra#Senha9' },
      });
      expect(res.status).toBe(204);
      expect((await login(server, { email: s.user.email, password: s.user.password })).status).toBe(401);
      expect((await login(server, { email: s.user.email, password: 'Outra#Senha9' })).status).toBe(200);
      // The device that changed it stays signed in; other devices are signed out.
      expect((await api(server, '/api/auth/sessions', { token: s.accessToken })).status).toBe(200);
      expect((await api(server, '/api/auth/sessions', { token: other.accessToken! })).status).toBe(401);
    });

    test('outside the first access the current password is required: a stolen access token alone changes nothing', async () => {
      const s = await signIn(server);
      const other = await login(server, { email: s.user.email, password: s.user.password, deviceId: randomUUID() });
      const missing = await api(server, '/api/auth/password', { method: 'POST', token: s.accessToken, body: { new_password: 'Roubada#Senha1' } });
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual({ error: 'current_password_required', message: 'Informe sua senha atual para definir uma nova.' });
      const wrong = await api(server, '/api/auth/password', {
        method: 'POST',
        token: s.accessToken,
        body: { current_password: 'Chute#Errado1', new_password: 'Roubada#Senha1' },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual({ error: 'wrong_current_password', message: 'A senha atual está incorreta.' });
      // Nothing changed: the old password still signs in, the new one does not, the other device is still signed in.
      expect((await login(server, { email: s.user.email, password: 'Roubada#Senha1' })).status).toBe(401);
      expect((await login(server, { email: s.user.email, password: s.user.password })).status).toBe(200);
      expect((await api(server, '/api/auth/sessions', { token: other.accessToken! })).status).toBe(200);
    });

    test('a wrong current password counts against the sign-in throttle: past the limit even the right one gets 429', async () => {
      const s = await signIn(server);
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
        const res = await api(server, '/api/auth/password', {
          method: 'POST',
          token: s.accessToken,
          body: { current_password: `Chute#${i}Errado`, new_password: 'Roubada#Senha1' },
        });
        expect(res.status, `guess ${i + 1}`).toBe(403);
      }
      const right = await api(server, '/api/auth/password', {
        method: 'POST',
        token: s.accessToken,
        body: { current_password: s.user.password, new_password: 'Roubada#Senha1' },
      });
      expect(right.status).toBe(429);
      expect(right.body.error).toBe('rate_limited');
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      // The same allowance as sign-in: a sign-in from an unknown device is throttled too.
      expect((await login(server, { email: s.user.email, password: s.user.password })).status).toBe(429);
    });

    test('first access: only password change and logout pass until the password is changed', async () => {
      const res = await login(server, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.user.first_access).toBe(true);
      const token = res.accessToken!;

      const blocked = await api(server, '/api/auth/sessions', { token });
      expect(blocked.status).toBe(403);
      expect(blocked.body).toEqual({ error: 'password_change_required', message: ERROR_MESSAGES.password_change_required });
      expect((await api(server, '/api/sync/customers/pull?limit=10', { token })).body.error).toBe('password_change_required');

      const change = await api(server, '/api/auth/password', { method: 'POST', token, body: { new_password: 'Admin#Nova2025' } });
      expect(change.status).toBe(204);
      expect((await api(server, '/api/auth/sessions', { token })).status).toBe(200);

      const again = await login(server, { email: TEST_ADMIN_EMAIL, password: 'Admin#Nova2025' });
      expect(again.body.user.first_access).toBe(false);
      const refreshed = await api(server, '/api/auth/refresh', { method: 'POST', cookie: again.refreshCookie! });
      expect(refreshed.body.user.first_access).toBe(false);
    });

    test('a user created or changing password gets a new replication sequence (staff collection)', async () => {
      const s = await signIn(server);
      const before = await server.db.query<{ _seq: string }>('SELECT _seq FROM users WHERE id = $1', [s.user.id]);
      expect(Number(before.rows[0]._seq)).toBeGreaterThan(0);
      const change = await api(server, '/api/auth/password', {
        method: 'POST',
        token: s.accessToken,
        body: { current_password: s.user.password, new_password: 'Troca#Senha7' },
      });
      expect(change.status).toBe(204);
      const after = await server.db.query<{ _seq: string }>('SELECT _seq FROM users WHERE id = $1', [s.user.id]);
      expect(Number(after.rows[0]._seq)).toBeGreaterThan(Number(before.rows[0]._seq));
    });
  });

  describe('rate limits', () => {
    test('10 failed attempts for one account within an hour → 429 rate_limited, even with the right password, across restarts', async () => {
      const user = await createUser(server);
      for (let i = 0; i < 10; i++) {
        expect((await login(server, { email: user.email, password: `Errada#${i}x` })).status).toBe(401);
      }
      const blocked = await login(server, { email: user.email, password: user.password });
      expect(blocked.status).toBe(429);
      // It says how long to wait (the oldest of the 10 failures leaves the hour's window then).
      expect(blocked.body).toEqual({
        error: 'rate_limited',
        message: 'Muitas tentativas de entrar com este e-mail. Tente novamente em 60 minutos.',
        details: { retry_after_seconds: expect.any(Number) },
      });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(3600);

      await server.restart();
      expect((await login(server, { email: user.email, password: user.password })).status).toBe(429);

      // Other accounts are unaffected; after the hour passes the account can sign in again.
      expect((await signIn(server)).accessToken).toBeTruthy();
      await server.db.query(`UPDATE login_failures SET failed_at = now() - interval '61 minutes' WHERE email = $1`, [user.email]);
      expect((await login(server, { email: user.email, password: user.password })).status).toBe(200);
    });

    test('a burst of 40 parallel wrong passwords for one account: at most 10 are even checked, the rest are 429', async () => {
      const user = await createUser(server);
      const burst = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(server, { email: user.email, password: `Errada#${i}x` }).then((r) => r.status)),
      );
      expect(burst.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect(burst.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(burst.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
      // …and the right password is refused afterwards too.
      expect((await login(server, { email: user.email, password: user.password })).status).toBe(429);
    });
  });
});

describe.each(backends())('per-IP login limit (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { FORJA_LOGIN_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('too many sign-in requests from one IP are answered 429 rate_limited', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await login(server, { email: `x${i}@forja.test`, password: 'Qualquer#1' });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.error).toBe('rate_limited');
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  test('a parallel burst from one IP gets no more answers than the limit allows', async () => {
    await new Promise((r) => setTimeout(r, 0));
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(server, { email: `burst${i}@forja.test`, password: 'Qualquer#1' }).then((r) => r.status)),
    );
    // The window already holds this IP's earlier attempts: nothing gets through.
    expect(burst.every((s) => s === 429)).toBe(true);
  });
});
