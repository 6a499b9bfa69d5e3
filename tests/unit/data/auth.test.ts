import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  __resetAuthForTests,
  authFetch,
  changePassword,
  deviceNameFrom,
  getAuthState,
  getLastUser,
  initAuth,
  reportPendingCount,
  signIn,
  signOut,
  UNEXPECTED_MESSAGE,
} from '../../../src/data/auth';

const user = { id: 'u-1', email: 'ana@forja.test', first_access: false };
const session = { access_token: 'tok-1', expires_in: 900, user };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  __resetAuthForTests();
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  __resetAuthForTests();
});

describe('device name', () => {
  test.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', 'Chrome em Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari em iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0', 'Edge em Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox em Linux'],
  ])('%s → %s', (ua, name) => {
    expect(deviceNameFrom(ua)).toBe(name);
  });
});

describe('sign in', () => {
  test('sends the device and keeps the token in memory for authFetch', async () => {
    fetchMock.mockResolvedValueOnce(json(200, session));
    const res = await signIn('ana@forja.test', 'Senha#Forte1');
    expect(res).toEqual({ ok: true, user });
    const body = JSON.parse(fetchMock.mock.calls[0][1].body);
    expect(body.email).toBe('ana@forja.test');
    expect(body.device_id).toMatch(/[0-9a-f-]{36}/);
    expect(typeof body.device_name).toBe('string');
    // The same device id next time.
    expect(localStorage.getItem('forja.device_id')).toBe(body.device_id);
    expect(getAuthState()).toEqual({ status: 'signed-in', user, offline: false });
    expect(getLastUser()).toEqual(user);
    // The token is not persisted anywhere.
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-1');

    fetchMock.mockResolvedValueOnce(json(200, []));
    await authFetch('/api/auth/sessions');
    expect(new Headers(fetchMock.mock.calls[1][1].headers).get('authorization')).toBe('Bearer tok-1');
  });

  test("wrong password answers the server's message", async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'invalid_credentials', message: 'Email ou senha incorretos' }));
    expect(await signIn('a@b.c', 'x')).toEqual({ ok: false, code: 'invalid_credentials', message: 'Email ou senha incorretos' });
  });

  test('no network answers the generic message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await signIn('a@b.c', 'x')).toEqual({ ok: false, code: 'network', message: UNEXPECTED_MESSAGE });
  });
});

describe('restoring the session on load', () => {
  test('the refresh cookie signs in', async () => {
    fetchMock.mockResolvedValueOnce(json(200, session));
    initAuth();
    await vi.waitFor(() => expect(getAuthState()).toEqual({ status: 'signed-in', user, offline: false }));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/refresh');
  });

  test('server unreachable: opens offline as the last user', async () => {
    localStorage.setItem('forja.last_user', JSON.stringify(user));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    initAuth();
    await vi.waitFor(() => expect(getAuthState()).toEqual({ status: 'signed-in', user, offline: true }));
  });

  test('refresh refused while online: signed out, last user kept for their unsynced data', async () => {
    localStorage.setItem('forja.last_user', JSON.stringify(user));
    fetchMock.mockResolvedValueOnce(json(401, { error: 'unauthorized', message: '…' }));
    initAuth();
    await vi.waitFor(() => expect(getAuthState()).toEqual({ status: 'signed-out' }));
    expect(getLastUser()).toEqual(user);
  });

  test('authFetch refreshes once on 401 and retries with the new token', async () => {
    fetchMock.mockResolvedValueOnce(json(200, session));
    await signIn('ana@forja.test', 'x');
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'unauthorized', message: '' }))
      .mockResolvedValueOnce(json(200, { ...session, access_token: 'tok-2' }))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    const res = await authFetch('/api/auth/sessions');
    expect(res.status).toBe(200);
    expect(fetchMock.mock.calls[2][0]).toBe('/api/auth/refresh');
    expect(new Headers(fetchMock.mock.calls[3][1].headers).get('authorization')).toBe('Bearer tok-2');
  });
});

describe('sign out', () => {
  test('refuses while changes are not synced, unless forced; then forgets the user', async () => {
    fetchMock.mockResolvedValueOnce(json(200, session));
    await signIn('ana@forja.test', 'x');
    reportPendingCount(user.id, 2);
    expect(await signOut()).toEqual({ ok: false, reason: 'unsynced', pending: 2 });
    expect(getAuthState().status).toBe('signed-in');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await signOut({ force: true })).toEqual({ ok: true });
    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/auth/logout');
    expect(getAuthState()).toEqual({ status: 'signed-out' });
    expect(getLastUser()).toBeNull();
  });

  test('a logout failure is reported and nothing is wiped', async () => {
    fetchMock.mockResolvedValueOnce(json(200, session));
    await signIn('ana@forja.test', 'x');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await signOut()).toEqual({ ok: false, reason: 'error', message: UNEXPECTED_MESSAGE });
    expect(getLastUser()).toEqual(user);
  });
});

test('the first access’s change, which reloads the page: recorded for the reload, but this page keeps the dialog (the staff screens do not mount just before the reload)', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { ...session, user: { ...user, first_access: true } }));
  await signIn('ana@forja.test', 'x');
  fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
  expect(await changePassword('Nova#Senha1', undefined, { reloading: true })).toEqual({ ok: true });
  const s = getAuthState();
  expect(s.status === 'signed-in' && s.user.first_access).toBe(true);
  expect(getLastUser()?.first_access).toBe(false);
});

test('changing the password clears first_access', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { ...session, user: { ...user, first_access: true } }));
  await signIn('ana@forja.test', 'x');
  fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
  expect(await changePassword('Nova#Senha1')).toEqual({ ok: true });
  const s = getAuthState();
  expect(s.status === 'signed-in' && s.user.first_access).toBe(false);
  expect(getLastUser()?.first_access).toBe(false);

  fetchMock.mockResolvedValueOnce(json(422, { error: 'weak_password', message: 'A senha não atende aos requisitos mínimos' }));
  expect(await changePassword('fraca')).toEqual({ ok: false, code: 'weak_password', message: 'A senha não atende aos requisitos mínimos' });
});

test('outside the first access the current password goes with the new one; the first-access change sends none', async () => {
  fetchMock.mockResolvedValueOnce(json(200, session));
  await signIn('ana@forja.test', 'x');
  fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
  expect(await changePassword('Nova#Senha1', 'Antiga#Senha1')).toEqual({ ok: true });
  expect(JSON.parse(String(fetchMock.mock.lastCall![1].body))).toEqual({ new_password: 'Nova#Senha1', current_password: 'Antiga#Senha1' });

  fetchMock.mockResolvedValueOnce(json(403, { error: 'wrong_current_password', message: 'A senha atual está incorreta.' }));
  expect(await changePassword('Nova#Senha1', 'Errada#Senha1')).toEqual({ ok: false, code: 'wrong_current_password', message: 'A senha atual está incorreta.' });
  // A 403 is not a lost session: still signed in.
  expect(getAuthState().status).toBe('signed-in');

  fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
  await changePassword('Outra#Senha1');
  expect(JSON.parse(String(fetchMock.mock.lastCall![1].body))).toEqual({ new_password: 'Outra#Senha1' });
});
