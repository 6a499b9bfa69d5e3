import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, backends, startTestServer, type TestServer } from '../support/server';

describe.each(backends())('health and HTTP basics (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('GET /api/health names the database backend', async () => {
    const res = await api(server, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, database: backend });
  });

  test('unknown /api path is a JSON 404', async () => {
    const res = await api(server, '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });

  test('security headers are set', async () => {
    const res = await api(server, '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-src https://www.google.com');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('migrations are idempotent: a restart keeps data and reapplies nothing', async () => {
    const before = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM schema_migrations');
    await server.restart();
    const after = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM schema_migrations');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const users = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM users');
    expect(Number(users.rows[0].n)).toBe(1);
    expect((await api(server, '/api/health')).status).toBe(200);
  });
});
