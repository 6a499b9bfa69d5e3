/**
 * Issue 17 §3 — a sign-in no stranger can lock (OWASP device cookies). Guesses from unknown
 * devices stay limited per account exactly as before (10 per hour), but a browser where the
 * account signed in before keeps its own allowance.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, backends, createUser, startTestServer, type TestServer } from '../support/server';

/** A browser: keeps the cookies the server sets for the sign-in route. */
function browser(server: TestServer) {
  const jar = new Map<string, string>();
  return {
    jar,
    async signIn(email: string, password: string) {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await api(server, '/api/auth/login', {
        body: { email, password, device_id: randomUUID() },
        cookie: cookie || undefined,
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair.indexOf('=');
        if (pair.startsWith('forja_device=')) jar.set('forja_device', pair.slice(at + 1));
      }
      return res;
    },
  };
}

describe.each(backends())('device cookies (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("a stranger's guesses lock unknown devices out, not the owner's own browser", async () => {
    const ownerAccount = await createUser(server, { role: 'owner' });
    const ownersBrowser = browser(server);
    expect((await ownersBrowser.signIn(ownerAccount.email, ownerAccount.password)).status).toBe(200);
    const setCookie = (await ownersBrowser.signIn(ownerAccount.email, ownerAccount.password)).headers.getSetCookie().find((c) => c.startsWith('forja_device='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth\/login/);

    // 12 guesses from a script: the 11th and 12th are already throttled.
    const stranger = browser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await stranger.signIn(ownerAccount.email, `Chute#${i}abc`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // As strict as before for every unknown device: even the right password waits, and is told how long.
    const unknown = await browser(server).signIn(ownerAccount.email, ownerAccount.password);
    expect(unknown.status).toBe(429);
    expect(unknown.body.message).toMatch(/^Muitas tentativas de entrar com este e-mail\. Tente novamente em \d+ minutos\.$/);
    expect(Number(unknown.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner's browser signs in.
    expect((await ownersBrowser.signIn(ownerAccount.email, ownerAccount.password)).status).toBe(200);
    // …and that success does not reopen the door for the stranger.
    expect((await stranger.signIn(ownerAccount.email, ownerAccount.password)).status).toBe(429);
  });

  test("a known device's own wrong passwords use its own allowance, then count as an unknown device", async () => {
    const user = await createUser(server);
    const mine = browser(server);
    expect((await mine.signIn(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await mine.signIn(user.email, `Errei#${i}abc`)).status).toBe(401);
    // Its allowance is used up: the next attempts come out of the unknown devices' allowance…
    expect((await mine.signIn(user.email, 'Errei#10abc')).status).toBe(401);
    // …which a stranger's device shares; its own 10 guesses were untouched before that one.
    const other = browser(server);
    for (let i = 0; i < 9; i++) expect((await other.signIn(user.email, `Outro#${i}abc`)).status).toBe(401);
    expect((await other.signIn(user.email, user.password)).status).toBe(429);
  });

  test('a forged or copied-to-another-account cookie gives no allowance', async () => {
    const victim = await createUser(server);
    const attacker = await createUser(server);
    const attackersBrowser = browser(server);
    expect((await attackersBrowser.signIn(attacker.email, attacker.password)).status).toBe(200);
    const real = attackersBrowser.jar.get('forja_device')!;
    const [emailPart, nonce, sig] = real.split('.');
    // The attacker's token relabelled with the victim's e-mail, and a token with a made-up signature.
    const relabelled = `${Buffer.from(victim.email).toString('base64url')}.${nonce}.${sig}`;
    const forged = `${emailPart}.${nonce}.${Buffer.alloc(32, 7).toString('base64url')}`;
    for (const cookie of [relabelled, forged]) {
      const b = browser(server);
      b.jar.set('forja_device', cookie);
      for (let i = 0; i < 5; i++) expect((await b.signIn(victim.email, `Chute#${i}xyz`)).status).toBe(401);
    }
    // Both used the unknown devices' allowance: 10 failures, so the victim is locked for unknown devices.
    expect((await browser(server).signIn(victim.email, victim.password)).status).toBe(429);
  });

  test('one browser remembers several accounts (a shared office PC)', async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const office = browser(server);
    expect((await office.signIn(a.email, a.password)).status).toBe(200);
    expect((await office.signIn(b.email, b.password)).status).toBe(200);
    const stranger = browser(server);
    for (const u of [a, b]) for (let i = 0; i < 10; i++) await stranger.signIn(u.email, `Chute#${i}abc`);
    expect((await office.signIn(a.email, a.password)).status).toBe(200);
    expect((await office.signIn(b.email, b.password)).status).toBe(200);
  });
});
