/**
 * Issue 20 §3 — Aceitar / Recusar work before any JavaScript has run: the drawn page's buttons
 * are real forms posting to /quotation/:code/aceitar|recusar; the server decides with the same
 * rule and record as the API and answers 303 back to the drawn page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/server';
import { insertCustomer, insertQuotation } from './public-fixtures';

describe.each(backends())('decision forms (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // As the drawn page's forms post: from the page itself (same Origin), carrying the link's secret.
  const post = (code: string, verb: string, form: Record<string, string> = {}, headers: Record<string, string> = { origin: server.url }) =>
    fetch(`${server.url}/quotation/${code}/${verb}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Celular sem JS/1.0', ...headers },
      body: new URLSearchParams(form).toString(),
    });
  const log = async (id: string) =>
    (
      await server.db.query<{ decision: string; reason: string | null; refused: string | null; user_agent: string | null; version_hash: string }>(
        'SELECT decision, reason, refused, user_agent, version_hash FROM quotation_decisions WHERE quotation_id = $1 ORDER BY id',
        [id],
      )
    ).rows;
  const status = async (id: string) => (await server.db.query<{ status: string }>('SELECT status FROM quotations WHERE id = $1', [id])).rows[0].status;

  test('Aceitar posted as a form accepts and answers 303 to the drawn page; a second tap changes nothing and is logged', async () => {
    const q = await insertQuotation(server.db);
    const res = await post(q.code, 'aceitar', { k: q.link_secret! });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/quotation/${q.code}?k=${q.link_secret}`);
    expect(await status(q.id)).toBe('accepted');
    const again = await post(q.code, 'recusar', { reason: 'mudei de ideia', k: q.link_secret! });
    expect(again.status).toBe(303);
    expect(await status(q.id)).toBe('accepted');
    const rows = await log(q.id);
    expect(rows.map((r) => [r.decision, r.refused])).toEqual([
      ['accepted', null],
      ['rejected', 'quotation_already_decided'],
    ]);
    expect(rows[0].user_agent).toBe('Celular sem JS/1.0');
    expect(rows[0].version_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('Recusar posted as a form rejects, with the reason when one is sent', async () => {
    const q = await insertQuotation(server.db);
    const res = await post(q.code, 'recusar', { reason: '  Preço acima do orçado  ', k: q.link_secret! });
    expect(res.status).toBe(303);
    expect(await status(q.id)).toBe('rejected');
    expect((await log(q.id))[0]).toMatchObject({ decision: 'rejected', reason: 'Preço acima do orçado', refused: null });
  });

  test('an unknown code goes back to the page (which says it was not found), never a 500', async () => {
    const res = await post('ORC-NAOEXISTE', 'aceitar');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/quotation/ORC-NAOEXISTE');
  });

  test('issue 30: a form posted from another site decides nothing and logs nothing — a pt-BR page says to decide on the quotation’s own page', async () => {
    const q = await insertQuotation(server.db);
    const attempts: Record<string, string>[] = [
      { origin: 'https://golpe.example' },
      { origin: 'null' },
      { origin: server.url.replace('127.0.0.1', 'localhost') },
      // No Origin: the Referer decides; neither: refused.
      { referer: 'https://golpe.example/pagina' },
      {},
    ];
    for (const headers of attempts) {
      for (const verb of ['aceitar', 'recusar']) {
        const res = await post(q.code, verb, { k: q.link_secret! }, headers);
        const where = `${verb} ${JSON.stringify(headers)}`;
        expect(res.status, where).toBe(403);
        expect(res.headers.get('content-type'), where).toMatch(/^text\/html/);
        const html = await res.text();
        expect(html, where).toContain('a decisão só vale quando feita na própria página do orçamento');
        expect(html, where).toContain(`href="/quotation/${q.code}"`);
        // The secret the other site posted is not echoed back.
        expect(html, where).not.toContain(q.link_secret!);
      }
    }
    expect(await status(q.id)).toBe('pending');
    expect(await log(q.id)).toEqual([]);

    // From the quotation's own page — Origin, or (without it) a Referer of this server.
    const byReferer = await post(q.code, 'aceitar', { k: q.link_secret! }, { referer: `${server.url}/quotation/${q.code}?k=${q.link_secret}` });
    expect(byReferer.status).toBe(303);
    expect(await status(q.id)).toBe('accepted');
  });

  test('issue 30: a bare code decides only with the last 4 digits of the customer’s phone; wrong digits decide and log nothing', async () => {
    const customer = await insertCustomer(server.db, { phone: '(35) 99876-5432' });
    const q = await insertQuotation(server.db, { customer_id: customer.id });
    for (const form of [{}, { tel: '1234' }, { k: 'x'.repeat(22) }] as Record<string, string>[]) {
      const res = await post(q.code, 'aceitar', form);
      expect(res.status, JSON.stringify(form)).toBe(303);
      // Back to the bare page, which asks for the digits.
      expect(res.headers.get('location'), JSON.stringify(form)).toBe(`/quotation/${q.code}`);
    }
    expect(await status(q.id)).toBe('pending');
    expect(await log(q.id)).toEqual([]);

    const right = await post(q.code, 'recusar', { tel: '5432', reason: 'Fechei com outro' });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(`/quotation/${q.code}?tel=5432`);
    expect(await status(q.id)).toBe('rejected');
    expect((await log(q.id)).map((r) => [r.decision, r.reason, r.refused])).toEqual([['rejected', 'Fechei com outro', null]]);
  });
});

describe.each(backends())('JSON decisions from another site (issue 30) (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a decision a page of another site makes the browser send (it names its Origin) is refused and not logged; our own page and non-browser clients decide', async () => {
    const q = await insertQuotation(server.db);
    for (const [action, origin] of [['accept', 'https://golpe.example'], ['reject', 'null']]) {
      const res = await fetch(`${server.url}/api/public/quotations/${q.code}/${action}?k=${q.link_secret}`, { method: 'POST', headers: { origin } });
      expect(res.status, action).toBe(403);
      expect(await res.json(), action).toMatchObject({ error: 'cross_site_decision' });
    }
    expect((await server.db.query('SELECT 1 FROM quotation_decisions WHERE quotation_id = $1', [q.id])).rows).toEqual([]);
    const ours = await fetch(`${server.url}/api/public/quotations/${q.code}/accept?k=${q.link_secret}`, { method: 'POST', headers: { origin: server.url } });
    expect(ours.status).toBe(200);
  });
});

describe('decision forms behind a reverse proxy (issue 30)', () => {
  const post = (server: TestServer, code: string, headers: Record<string, string>, form: Record<string, string>) =>
    fetch(`${server.url}/quotation/${code}/aceitar`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
  const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'forja.oficina.com.br', 'x-forwarded-for': '203.0.113.9' };

  test('trusted proxy (FORJA_TRUST_PROXY): the origin the browser used is the forwarded one', async () => {
    const server = await startTestServer({ env: { FORJA_TRUST_PROXY: 'loopback' } });
    try {
      const q = await insertQuotation(server.db);
      // The browser was on https://forja.oficina.com.br: the server's own address is not that origin.
      expect((await post(server, q.code, { ...proxied, origin: server.url }, { k: q.link_secret! })).status).toBe(403);
      const res = await post(server, q.code, { ...proxied, origin: 'https://forja.oficina.com.br' }, { k: q.link_secret! });
      expect(res.status).toBe(303);
      const { rows } = await server.db.query<{ refused: string | null }>('SELECT refused FROM quotation_decisions WHERE quotation_id = $1', [q.id]);
      expect(rows).toEqual([{ refused: null }]);
    } finally {
      await server.stop();
    }
  });

  test('no trusted proxy: forwarded headers are not believed, so they cannot make another site look like ours', async () => {
    const server = await startTestServer();
    try {
      const q = await insertQuotation(server.db);
      expect((await post(server, q.code, { ...proxied, origin: 'https://forja.oficina.com.br' }, { k: q.link_secret! })).status).toBe(403);
      expect((await server.db.query('SELECT 1 FROM quotation_decisions WHERE quotation_id = $1', [q.id])).rows).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
