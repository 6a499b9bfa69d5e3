/**
 * Issue 17 — roles and the team in the app: owner-only routes, adding a member with a
 * temporary password, resetting it, deactivating (sessions end, the live stream closes at once,
 * sign-in says the account is deactivated), the last-owner rule, and the owner-only company profile.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, MEMBER_MESSAGES, type TeamMember } from '@shared';
import { api, backends, login, signIn, startTestServer, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from '../support/server';
import { streamSettings } from '../../sync-server/src/sync/stream';
import { editStored, pullAll } from './sync-fixtures';

/** Opens the live stream; `ended` resolves with the ms it stayed open once the server ends it. */
async function openStream(server: TestServer, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${server.url}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
  expect(res.status).toBe(200);
  const ended = (async () => {
    const reader = res.body!.getReader();
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      /* aborted */
    }
  })();
  return { ended, close: () => ctrl.abort() };
}

describe.each(backends())('team and roles (%s)', (backend) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signIn>>;
  let staff: Awaited<ReturnType<typeof signIn>>;
  const savedPing = streamSettings.pingIntervalMs;

  beforeAll(async () => {
    // A long heartbeat, so a stream that closes within a second was closed by the deactivation.
    streamSettings.pingIntervalMs = 60_000;
    server = await startTestServer({ backend });
    owner = await signIn(server, { role: 'owner' });
    staff = await signIn(server);
  });
  afterAll(async () => {
    streamSettings.pingIntervalMs = savedPing;
    await server?.stop();
  });

  test('the first account, created at first start, is an owner', async () => {
    const res = await login(server, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('owner');
    expect(staff.login.body.user.role).toBe('staff');
  });

  test('every team route answers a staff member 403 with a pt-BR message', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/api/team', undefined],
      ['POST', '/api/team', { name: 'X', email: 'x@forja.test', role: 'staff' }],
      ['PATCH', `/api/team/${owner.user.id}`, { active: false }],
      ['POST', `/api/team/${owner.user.id}/password`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(server, path, { method, token: staff.accessToken, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toEqual({ error: 'owner_only', message: ERROR_MESSAGES.owner_only });
    }
    // Nothing changed: the owner is still active.
    const list = await api<TeamMember[]>(server, '/api/team', { token: owner.accessToken });
    expect(list.body.find((m) => m.id === owner.user.id)?.active).toBe(true);
  });

  test('the owner adds a member: temporary password once, first access forced, listed with sessions', async () => {
    const res = await api(server, '/api/team', {
      token: owner.accessToken,
      body: { name: '  Joana Soldadora ', email: 'Joana@Forja.test', role: 'staff' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const password = res.body.temporary_password as string;
    expect(password).toMatch(/^.{14}$/);
    expect(res.body.member).toMatchObject({ name: 'Joana Soldadora', email: 'joana@forja.test', role: 'staff', active: true, first_access: true, last_activity_at: null, sessions: [] });

    const first = await login(server, { email: 'joana@forja.test', password, deviceName: 'Celular da Joana' });
    expect(first.status).toBe(200);
    expect(first.body.user.first_access).toBe(true);
    // Until she changes it, nothing but the password change is open to her.
    expect((await api(server, '/api/sync/customers/pull', { token: first.accessToken! })).status).toBe(403);

    const list = await api<TeamMember[]>(server, '/api/team', { token: owner.accessToken });
    const joana = list.body.find((m) => m.email === 'joana@forja.test')!;
    expect(joana.sessions.map((s) => s.device_name)).toEqual(['Celular da Joana']);
    expect(joana.last_activity_at).not.toBeNull();
    // The list never carries a password or its hash.
    expect(JSON.stringify(list.body)).not.toMatch(/password|hash|\$scrypt|\$argon/i);

    // Devices learn the new member (name, role, active) through the staff collection.
    const { docs } = await pullAll<Record<string, unknown>>(server, staff.accessToken, 'staff');
    expect(docs.find((d) => d.email === 'joana@forja.test')).toMatchObject({ name: 'Joana Soldadora', role: 'staff', active: true });
  });

  test('bad input and a taken e-mail are refused with pt-BR messages, never a 500', async () => {
    const cases: [unknown, number, string][] = [
      [{ name: ' ', email: 'a@forja.test', role: 'staff' }, 400, MEMBER_MESSAGES.name_required],
      [{ name: 'A', email: 'sem-arroba', role: 'staff' }, 400, MEMBER_MESSAGES.email_invalid],
      [{ name: 'A', email: 'a2@forja.test', role: 'gerente' }, 400, MEMBER_MESSAGES.role_invalid],
      [{ name: 'A', email: staff.user.email.toUpperCase(), role: 'staff' }, 409, ERROR_MESSAGES.duplicate_email],
      [{ name: 'A'.repeat(121), email: 'a3@forja.test', role: 'staff' }, 400, MEMBER_MESSAGES.name_too_long],
    ];
    for (const [body, status, message] of cases) {
      const res = await api(server, '/api/team', { token: owner.accessToken, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    const unknown = await api(server, '/api/team/nobody', { method: 'PATCH', token: owner.accessToken, body: { active: false } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ERROR_MESSAGES.member_not_found);
  });

  test('resetting a password ends all the member\'s sessions; the new temporary password works once changed', async () => {
    const member = await signIn(server);
    const second = await login(server, { email: member.user.email, password: member.user.password, deviceId: 'tablet' });
    expect(second.status).toBe(200);
    const res = await api(server, `/api/team/${member.user.id}/password`, { method: 'POST', token: owner.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.member.sessions).toEqual([]);
    expect(res.body.member.first_access).toBe(true);
    expect((await api(server, '/api/auth/me', { token: member.accessToken })).status).toBe(401);
    expect((await api(server, '/api/auth/me', { token: second.accessToken! })).status).toBe(401);
    expect((await login(server, { email: member.user.email, password: member.user.password })).status).toBe(401);
    const again = await login(server, { email: member.user.email, password: res.body.temporary_password });
    expect(again.status).toBe(200);
    expect(again.body.user.first_access).toBe(true);
  });

  test('deactivation ends the sessions at once (the open stream closes) and sign-in says the account is deactivated', async () => {
    const member = await signIn(server, { deviceName: 'Celular do Pedro' });
    const stream = await openStream(server, member.accessToken);
    const started = Date.now();
    const res = await api(server, `/api/team/${member.user.id}`, { method: 'PATCH', token: owner.accessToken, body: { active: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active: false, sessions: [] });
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await api(server, '/api/sync/customers/pull', { token: member.accessToken })).status).toBe(401);
    expect((await api(server, '/api/auth/refresh', { method: 'POST', cookie: member.refreshCookie })).status).toBe(401);

    const refused = await login(server, { email: member.user.email, password: member.user.password });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'account_deactivated', message: ERROR_MESSAGES.account_deactivated });
    // A wrong password still just says wrong password: a guesser learns nothing.
    const guess = await login(server, { email: member.user.email, password: 'Errada#123' });
    expect(guess.status).toBe(401);

    // History keeps the member: still in the staff collection, with the e-mail, marked inactive.
    const { docs } = await pullAll<Record<string, unknown>>(server, owner.accessToken, 'staff');
    expect(docs.find((d) => d.id === member.user.id)).toMatchObject({ email: member.user.email, active: false });

    const back = await api(server, `/api/team/${member.user.id}`, { method: 'PATCH', token: owner.accessToken, body: { active: true } });
    expect(back.body.active).toBe(true);
    expect((await login(server, { email: member.user.email, password: member.user.password })).status).toBe(200);
  });

  test('the last active owner can be neither deactivated nor demoted; with a second owner it can', async () => {
    const solo = await startTestServer({ backend, database: undefined });
    try {
      const boss = await signIn(solo, { role: 'owner' });
      // The seeded first account is an owner too: make it staff, so `boss` is the last one.
      const seeded = (await api<TeamMember[]>(solo, '/api/team', { token: boss.accessToken })).body.find((m) => m.email === TEST_ADMIN_EMAIL)!;
      expect((await api(solo, `/api/team/${seeded.id}`, { method: 'PATCH', token: boss.accessToken, body: { role: 'staff' } })).status).toBe(200);

      for (const body of [{ active: false }, { role: 'staff' }]) {
        const res = await api(solo, `/api/team/${boss.user.id}`, { method: 'PATCH', token: boss.accessToken, body });
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(res.body.message).toBe(ERROR_MESSAGES.last_owner);
      }
      // Another owner first; then the first one may step down.
      expect((await api(solo, `/api/team/${seeded.id}`, { method: 'PATCH', token: boss.accessToken, body: { role: 'owner' } })).status).toBe(200);
      const down = await api(solo, `/api/team/${boss.user.id}`, { method: 'PATCH', token: boss.accessToken, body: { role: 'staff' } });
      expect(down.status).toBe(200);
      expect(down.body.role).toBe('staff');
      // Now staff: the team is closed to them at once.
      expect((await api(solo, '/api/team', { token: boss.accessToken })).status).toBe(403);
    } finally {
      await solo.stop();
    }
  });

  test('the company profile is the owner\'s: a staff member\'s edit is refused and their device gets the stored profile back', async () => {
    const pushed = await editStored(server, staff.accessToken, 'company', 'company', { name: 'Oficina do Funcionário' });
    expect(pushed.rejections.map((r) => [r.error, r.message])).toEqual([['owner_only', ERROR_MESSAGES.owner_only]]);
    expect(pushed.masters[0]).toMatchObject({ id: 'company' });
    expect(pushed.masters[0]).not.toMatchObject({ name: 'Oficina do Funcionário' });
    const byOwner = await editStored(server, owner.accessToken, 'company', 'company', { name: 'Oficina do Dono' });
    expect(byOwner.rejections).toEqual([]);
    expect((await api(server, '/api/public/company')).body.name).toBe('Oficina do Dono');
  });
});
