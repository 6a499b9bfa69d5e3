/**
 * Hostile shapes (issue 30 finding 6), as a stranger or a signed-in device would send them:
 * a push nested 100,000 deep, 1,000 refused rows in one push, megabyte bodies without a session,
 * and URLs Fastify cannot route — each answered in pt-BR, bounded, and with the security headers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUSH_REJECTIONS_HEADER, PUSH_REJECTIONS_MORE_HEADER, type PushRejection, type PushRejectionsMore } from '@shared';
import { api, backends, login, signIn, startTestServer, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from '../support/server';
import { startRedirectServer } from '../../sync-server/src/tls/redirect';
import { KEPT_PER_USER, REFUSED_DOCUMENTS_MAX_CHARS_PER_PUSH } from '../../sync-server/src/sync/refusals';
import { customer } from './sync-fixtures';

/** helmet's set, as every answer of the app carries it (http/security-headers.ts). */
function expectSecurityHeaders(headers: Headers | http.IncomingHttpHeaders, what: string) {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined)) ?? null;
  expect(get('content-security-policy'), what).toContain("script-src 'self'");
  expect(get('content-security-policy'), what).toContain("frame-ancestors 'self'");
  expect(get('x-content-type-options'), what).toBe('nosniff');
  expect(get('x-frame-options'), what).toBe('SAMEORIGIN');
  // same-origin, not helmet's no-referrer: the decision forms need our own Origin (issue 30, http/same-origin.ts).
  expect(get('referrer-policy'), what).toBe('same-origin');
  expect(get('cross-origin-resource-policy'), what).toBe('same-origin');
}

/** A raw GET (fetch would normalise a malformed path before sending it). */
function rawGet(url: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

/** A 64-character id (the longest a push accepts): the refusals header grows fastest with these. */
const longId = (i: number) => `recusado-${String(i).padStart(6, '0')}-`.padEnd(64, 'x');

describe.each(backends())('hostile shapes (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a pushed document nested 100,000 deep answers 400 with a pt-BR reason, not a 500, and nothing of it is echoed or stored', async () => {
    const s = await signIn(server);
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const doc = JSON.stringify(customer({ id: 'profundo-1' })).replace('"description":null', `"description":${deep}`);
    const res = await api(server, '/api/sync/customers/push', {
      method: 'POST',
      token: s.accessToken,
      body: `[{"assumedMasterState":null,"newDocumentState":${doc}}]`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request', message: expect.stringMatching(/aninhados demais/) });
    expect(JSON.stringify(res.body)).not.toContain('[[');
    const stored = await server.db.query('SELECT 1 FROM sync_rejections WHERE doc_id = $1', ['profundo-1']);
    expect(stored.rows).toHaveLength(0);
  });

  test("a refused row's answer is a tombstone with its id, not the refused content", async () => {
    const s = await signIn(server);
    // Refused (a description over its limit, an unknown nested field) and never stored: answered with a tombstone.
    const refused = { ...customer({ description: 'segredo '.repeat(500) }), extra: { aninhado: [[['x']]] } };
    const res = await api(server, '/api/sync/customers/push', { method: 'POST', token: s.accessToken, body: [{ assumedMasterState: null, newDocumentState: refused }] });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.headers.get(PUSH_REJECTIONS_HEADER)!)).toEqual([expect.objectContaining({ id: refused.id, error: 'invalid_document' })]);
    expect(res.body).toEqual([expect.objectContaining({ id: refused.id, _deleted: true })]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('segredo');
    expect(text).not.toContain('aninhado');
  });

  test('1,000 refused rows: the header stays under 12 kB and Node fetch reads it; the rest come from the refusal store, to this session only', async () => {
    const s = await signIn(server);
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      assumedMasterState: null,
      // name must be a text: every row is refused (invalid_document)
      newDocumentState: { ...customer({ id: longId(i) }), name: 1000 + i, description: 'd'.repeat(4000) },
    }));
    const res = await api(server, '/api/sync/customers/push', { method: 'POST', token: s.accessToken, body: rows });
    expect(res.status).toBe(200);
    const header = res.headers.get(PUSH_REJECTIONS_HEADER)!;
    expect(header.length).toBeLessThanOrEqual(12_000);
    const inHeader = JSON.parse(header) as PushRejection[];
    expect(inHeader.length).toBeGreaterThan(0);
    const more = JSON.parse(res.headers.get(PUSH_REJECTIONS_MORE_HEADER)!) as PushRejectionsMore;
    expect(more).toMatchObject({ total: 1000, omitted: 1000 - inHeader.length });

    const query = `?from=${more.from}&through=${more.through}`;
    const rest = await api<PushRejection[]>(server, `/api/sync/customers/rejections${query}`, { token: s.accessToken });
    expect(rest.status).toBe(200);
    const ids = new Set([...inHeader, ...rest.body].map((r) => r.id));
    expect(ids).toEqual(new Set(rows.map((r) => r.newDocumentState.id)));
    expect(rest.body.every((r) => r.error === 'invalid_document' && r.message === 'Documento inválido.')).toBe(true);
    // Another device of another account learns nothing of them.
    const stranger = await signIn(server);
    expect((await api(server, `/api/sync/customers/rejections${query}`, { token: stranger.accessToken })).body).toEqual([]);
    expect((await api(server, `/api/sync/customers/rejections${query}`)).status).toBe(401);

    // The store kept every refusal but only a bounded share of the 4 MB of refused documents.
    const { rows: kept } = await server.db.query<{ n: string; chars: string }>(
      `SELECT count(*)::text AS n, coalesce(sum(length(document::text)), 0)::text AS chars FROM sync_rejections WHERE session_id = (
         SELECT session_id FROM sync_rejections WHERE doc_id = $1)`,
      [longId(0)],
    );
    expect(Number(kept[0].n)).toBe(1000);
    expect(Number(kept[0].chars)).toBeLessThanOrEqual(REFUSED_DOCUMENTS_MAX_CHARS_PER_PUSH * 1.1);
  });

  test("stored refusals are bounded per user: the newest are kept, older ones pruned", async () => {
    const s = await signIn(server);
    const batch = (round: number) =>
      Array.from({ length: 1000 }, (_, i) => ({ assumedMasterState: null, newDocumentState: { ...customer({ id: `r${round}-${i}` }), name: 7 } }));
    for (const round of [1, 2, 3]) {
      expect((await api(server, '/api/sync/customers/push', { method: 'POST', token: s.accessToken, body: batch(round) })).status).toBe(200);
    }
    const { rows } = await server.db.query<{ doc_id: string }>('SELECT doc_id FROM sync_rejections WHERE user_id = $1', [s.user.id]);
    expect(rows.length).toBe(KEPT_PER_USER);
    const ids = new Set(rows.map((r) => r.doc_id));
    expect(ids.has('r3-999') && ids.has('r2-0')).toBe(true);
    expect(ids.has('r1-999')).toBe(false);
  });

  describe('bodies without a session are not read beyond what sign-in needs', () => {
    // 5 MB that is NOT valid JSON: a 400 would mean it was parsed; a 401 that it never was.
    const malformed5MB = '[' + '{"x":'.repeat(10) + 'x'.repeat(5 * 1024 * 1024 - 100);

    test('to an admin route: 401 before the body is parsed (the same body with a session is parsed: 400)', async () => {
      for (const url of ['/api/sync/customers/push', '/api/team', '/api/auth/password']) {
        const res = await server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: malformed5MB });
        expect(res.statusCode, url).toBe(401);
        expect(res.json(), url).toEqual({ error: 'unauthorized', message: 'Sessão expirada ou inválida. Entre novamente.' });
        expectSecurityHeaders(new Headers(res.headers as Record<string, string>), url);
      }
      const s = await signIn(server);
      const parsed = await server.app.inject({
        method: 'POST',
        url: '/api/sync/customers/push',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.accessToken}` },
        payload: malformed5MB,
      });
      expect(parsed.statusCode).toBe(400);
      expect(parsed.json().message).toBe('O corpo da requisição não é um JSON válido.');
    });

    test('to sign-in (and any route without a session): 413 in pt-BR; a sign-in still works', async () => {
      const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: malformed5MB });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'payload_too_large', message: 'O corpo da requisição é grande demais.' });
      expect((await login(server, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD })).status).toBe(200);
    });
  });

  describe('every answer carries the security headers', () => {
    test('a URL Fastify cannot decode (FST_ERR_BAD_URL): 400 in pt-BR with the headers', async () => {
      const res = await rawGet(server.url, '/%');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: 'invalid_request', message: 'Endereço inválido.' });
      expectSecurityHeaders(res.headers, 'GET /%');
      const api404 = await rawGet(server.url, '/api/nada-aqui');
      expect(api404.status).toBe(404);
      expectSecurityHeaders(api404.headers, 'GET /api/nada-aqui');
    });

    test("the plain-http redirect port: its redirect, its install page and the CA certificate", async () => {
      const redirect = await startRedirectServer({
        host: '127.0.0.1',
        port: 0,
        httpsPort: 8443,
        files: { caDer: Buffer.from('not a real certificate'), installPage: '<!doctype html><title>Instalar</title>' },
      });
      try {
        const url = `http://127.0.0.1:${(redirect.address() as AddressInfo).port}`;
        for (const path of ['/', '/adm/estoque', '/instalar-certificado', '/forja-ca.crt']) {
          const res = await rawGet(url, path);
          expect(res.status, path).toBe(path === '/instalar-certificado' || path === '/forja-ca.crt' ? 200 : 308);
          expectSecurityHeaders(res.headers, path);
        }
      } finally {
        await new Promise((resolve) => redirect.close(resolve));
      }
    });
  });
});
