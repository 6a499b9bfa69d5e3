import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isStrongPassword } from '@shared';
import { api, backends, startTestServer, type TestServer } from '../support/server';
import { createTestDatabase } from '../support/db';
import { runMigrations } from '../../sync-server/src/migrations/runner';
import { migrations } from '../../sync-server/src/migrations';
import { ensureAdmin } from '../../sync-server/src/seed';

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

describe.each(backends())('migrations (%s)', (backend) => {
  test('two servers starting at once on one database: migrations applied once, one admin', async () => {
    const testDb = await createTestDatabase(backend);
    // PGlite is single-process: two "starts" share one handle there; on PostgreSQL they are two pools.
    const a = await testDb.open();
    const b = backend === 'postgres' ? await testDb.open() : a;
    try {
      const [ra, rb] = await Promise.all([runMigrations(a), runMigrations(b)]);
      expect([...ra, ...rb].sort()).toEqual(migrations.map((m) => m.id).sort());
      expect(await runMigrations(a)).toEqual([]);
      const cfg = { adminEmail: null, adminPassword: null };
      const [sa, sb] = await Promise.all([ensureAdmin(a, cfg), ensureAdmin(b, cfg)]);
      expect([sa.created, sb.created].filter(Boolean)).toHaveLength(1);
      const generated = sa.generatedPassword ?? sb.generatedPassword;
      expect(generated && isStrongPassword(generated)).toBe(true);
      const { rows } = await a.query<{ email: string; first_access: boolean }>('SELECT email, first_access FROM users');
      expect(rows).toEqual([{ email: 'admin@forja.local', first_access: true }]);
      // A later start neither creates nor reveals a password.
      expect(await ensureAdmin(a, cfg)).toEqual({ email: 'admin@forja.local', generatedPassword: null, created: false });
    } finally {
      if (b !== a) await b.close();
      await a.close();
      await testDb.drop();
    }
  });
});
