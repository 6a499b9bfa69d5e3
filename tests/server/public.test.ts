/**
 * Public quotation page API (issue 2 §6): whitelist, code lookup, first view, accept/reject,
 * decisions log, replication of those server-side changes, company profile.
 * Rows are inserted with plain SQL into the tables of migration 002.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, type PublicQuotation } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { describePostgresOnly } from '../support/postgres-only';
import { editStored } from './sync-fixtures';
import { expectPublicQuotation, insertCustomer, insertQuotation, withKey } from './public-fixtures';
import type { Database } from '../../sync-server/src/db/types';
import { CHANGES_CHANNEL } from '../../sync-server/src/db/sequence';

async function seqOf(db: Database, id: string): Promise<number> {
  const { rows } = await db.query<{ _seq: string }>('SELECT _seq FROM quotations WHERE id = $1', [id]);
  return Number(rows[0]._seq);
}

describe.each(backends())('public API (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('GET a quotation: exactly the public fields, numbers as numbers, customer name only', async () => {
    const customer = await insertCustomer(server.db);
    const q = await insertQuotation(server.db, { customer_id: customer.id });
    const res = await api<PublicQuotation>(server, `/api/public/quotations/${q.code}${withKey(q)}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'code', 'created_at', 'description', 'status', 'expired', 'total_amount', 'discounts', 'taxes', 'payment_method',
        'validity_date', 'execution_deadline', 'materials', 'viewed_at', 'decided_at', 'decision_reason', 'customer',
      ].sort(),
    );
    expect(res.body.customer).toEqual({ name: 'Maria da Silva' });
    expect(res.body).toMatchObject({
      code: q.code,
      status: 'pending',
      expired: false,
      total_amount: 1234.5,
      discounts: 10,
      taxes: 0.35,
      validity_date: '2099-12-31',
      created_at: '2026-11-20T13:45:00.000Z',
      decided_at: null,
      decision_reason: null,
      materials: q.materials,
    });
    const raw = JSON.stringify(res.body);
    for (const secret of [customer.phone, customer.whatsapp, customer.description, customer.id, q.id, 'staff-1']) {
      expect(raw).not.toContain(secret);
    }
    for (const field of ['id', 'customer_id', 'created_by', 'phone', 'whatsapp', 'updated_at', '_seq', '_deleted']) {
      expect(raw).not.toContain(`"${field}"`);
    }
  });

  test('a quotation without a customer (or whose customer was deleted) has customer null', async () => {
    const q = await insertQuotation(server.db);
    expect((await api(server, `/api/public/quotations/${q.code}${withKey(q)}`)).body.customer).toBeNull();
    const gone = await insertCustomer(server.db);
    await server.db.query('UPDATE customers SET _deleted = true WHERE id = $1', [gone.id]);
    const q2 = await insertQuotation(server.db, { customer_id: gone.id });
    expect((await api(server, `/api/public/quotations/${q2.code}${withKey(q2)}`)).body.customer).toBeNull();
  });

  test('the code is matched trimmed and ignoring case', async () => {
    const q = await insertQuotation(server.db, { code: 'ORC-AB12CD' });
    for (const typed of ['orc-ab12cd', '  ORC-Ab12cD  ', '%20orc-AB12CD%09']) {
      const res = await api(server, `/api/public/quotations/${typed.includes('%') ? typed : encodeURIComponent(typed)}${withKey(q)}`);
      expect(res.status, typed).toBe(200);
      expect(res.body.code).toBe('ORC-AB12CD');
    }
  });

  test('unknown or deleted code → the answer of a quotation opened without its secret (issue 30: a guess learns nothing); empty code → 400 invalid_code', async () => {
    const missing = await api(server, '/api/public/quotations/ORC-NAOEXISTE');
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ error: 'quotation_phone_required', message: 'Para sua segurança, informe os 4 últimos dígitos do telefone cadastrado.' });
    const guessed = await api(server, '/api/public/quotations/ORC-NAOEXISTE?tel=1234');
    expect(guessed.status).toBe(403);
    expect(guessed.body).toEqual({ error: 'quotation_phone_mismatch', message: ERROR_MESSAGES.quotation_phone_mismatch });

    const deleted = await insertQuotation(server.db, { deleted: true });
    expect((await api(server, `/api/public/quotations/${deleted.code}${withKey(deleted)}`)).body.error).toBe('quotation_phone_required');
    expect((await api(server, `/api/public/quotations/${deleted.code}/accept${withKey(deleted)}`, { method: 'POST' })).body.error).toBe('quotation_phone_required');

    for (const path of ['/api/public/quotations/%20%20', '/api/public/quotations/']) {
      const empty = await api(server, path);
      expect(empty.status, path).toBe(400);
      expect(empty.body).toEqual({ error: 'invalid_code', message: ERROR_MESSAGES.invalid_code });
    }
    expect((await api(server, '/api/public/quotations/%20/accept', { method: 'POST' })).status).toBe(400);
    expect((await api(server, `/api/public/quotations/${'X'.repeat(300)}`)).status).toBe(403);
  });

  test('viewed_at is set on the first view only, and that change replicates (new _seq + notify)', async () => {
    const q = await insertQuotation(server.db);
    const seq0 = await seqOf(server.db, q.id);
    const notes: string[] = [];
    const unlisten = await server.db.listen(CHANGES_CHANNEL, (p) => notes.push(p));

    const first = await api(server, `/api/public/quotations/${q.code}${withKey(q)}`);
    expect(first.body.viewed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const seq1 = await seqOf(server.db, q.id);
    expect(seq1).toBeGreaterThan(seq0);

    await new Promise((r) => setTimeout(r, 30));
    const second = await api(server, `/api/public/quotations/${q.code.toLowerCase()}${withKey(q)}`);
    expect(second.body.viewed_at).toBe(first.body.viewed_at);
    expect(await seqOf(server.db, q.id)).toBe(seq1);

    await new Promise((r) => setTimeout(r, 200));
    await unlisten();
    // The notification carries the written row (store.ts), so devices get it without a read.
    expect(notes.map((n) => JSON.parse(n))).toContainEqual({ collection: 'quotations', seq: seq1, rows: [expect.objectContaining({ id: q.id, _seq: seq1 })] });
  });

  test('accept: status accepted, decided_at set, decision recorded with IP, user agent and a hash of the view', async () => {
    const q = await insertQuotation(server.db);
    const viewed = (await api<PublicQuotation>(server, `/api/public/quotations/${q.code}${withKey(q)}`)).body;
    const seqBefore = await seqOf(server.db, q.id);

    const res = await api<PublicQuotation>(server, `/api/public/quotations/${q.code.toLowerCase()}/accept${withKey(q)}`, {
      method: 'POST',
      headers: { 'user-agent': 'Celular do Cliente/1.0' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('accepted');
    expect(res.body.decided_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body.viewed_at).toBe(viewed.viewed_at);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(viewed).sort());
    expect(await seqOf(server.db, q.id)).toBeGreaterThan(seqBefore);

    const row = (await server.db.query<{ status: string; decided_at: Date }>('SELECT status, decided_at FROM quotations WHERE id = $1', [q.id])).rows[0];
    expect(row.status).toBe('accepted');

    const { rows } = await server.db.query<Record<string, unknown>>('SELECT * FROM quotation_decisions WHERE quotation_id = $1', [q.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ decision: 'accepted', code: q.code, user_agent: 'Celular do Cliente/1.0', reason: null });
    expect(String(rows[0].ip)).toMatch(/127\.0\.0\.1/);
    expect(rows[0].version_hash).toMatch(/^[0-9a-f]{64}$/);

    // The hash is of the exact view decided on: another quotation with different content hashes differently,
    // the same view hashes the same.
    const other = await insertQuotation(server.db, { total_amount: 999 });
    await api(server, `/api/public/quotations/${other.code}/accept${withKey(other)}`, { method: 'POST' });
    const otherHash = (await server.db.query<{ version_hash: string }>('SELECT version_hash FROM quotation_decisions WHERE quotation_id = $1', [other.id])).rows[0].version_hash;
    expect(otherHash).not.toBe(rows[0].version_hash);
  });

  test('reject with a reason (trimmed) and without one', async () => {
    const q = await insertQuotation(server.db);
    const res = await api<PublicQuotation>(server, `/api/public/quotations/${q.code}/reject${withKey(q)}`, {
      method: 'POST',
      body: { reason: '  Achei caro  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    expect(res.body.decision_reason).toBe('Achei caro');
    expect(res.body.decided_at).not.toBeNull();
    // First decision also counts as viewed.
    expect(res.body.viewed_at).not.toBeNull();

    const { rows } = await server.db.query<Record<string, unknown>>('SELECT decision, reason FROM quotation_decisions WHERE quotation_id = $1', [q.id]);
    expect(rows).toEqual([{ decision: 'rejected', reason: 'Achei caro' }]);

    const q2 = await insertQuotation(server.db);
    const noBody = await api(server, `/api/public/quotations/${q2.code}/reject${withKey(q2)}`, { method: 'POST' });
    expect(noBody.status).toBe(200);
    expect(noBody.body.decision_reason).toBeNull();
    // (A fresh quotation: a second decision on q2 would be refused — issue 17.)
    const q3 = await insertQuotation(server.db);
    const emptyObj = await api(server, `/api/public/quotations/${q3.code}/reject${withKey(q3)}`, { method: 'POST', body: {} });
    expect(emptyObj.status).toBe(200);
  });

  test('bad reject bodies → 400, never 500', async () => {
    const q = await insertQuotation(server.db);
    for (const body of ['{"reason": ', { reason: 'x'.repeat(1001) }, { reason: { a: 1 } }]) {
      const res = await api(server, `/api/public/quotations/${q.code}/reject${withKey(q)}`, { method: 'POST', body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    // Nothing changed.
    expect((await api(server, `/api/public/quotations/${q.code}${withKey(q)}`)).body.status).toBe('pending');
  });

  test('GET /api/public/company returns the seeded profile', async () => {
    const res = await api(server, '/api/public/company');
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Forja Soldas e Usinagem');
    expect(res.body.opening_hours).toBe('Segunda a Sexta, 8h às 17h');
    expect(res.body.whatsapp_numbers).toHaveLength(2);
    expect(res.body.map_url).toMatch(/^https:\/\/www\.google\.com\/maps/);
    expect(res.body.pix_key).toBeNull();
    expect(res.body).not.toHaveProperty('id');
    expect(res.body).not.toHaveProperty('created_by');

    // The owner's edits (pushed from a device, like the settings screen does) show on the public
    // endpoint at once — also right after it was read (and kept in memory).
    const owner = await signIn(server, { role: 'owner' });
    const pushed = await editStored(server, owner.accessToken, 'company', 'company', { name: 'Forja Nova', pix_key: 'pix@forja.com' });
    expect(pushed.rejections).toEqual([]);
    const edited = await api(server, '/api/public/company');
    expect(edited.body.name).toBe('Forja Nova');
    expect(edited.body.pix_key).toBe('pix@forja.com');
  });
});

describe('public rate limit: one budget per client address across every public quotation route (issue 30)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a trusted proxy (loopback) each test is its own client address (X-Forwarded-For).
    server = await startTestServer({ env: { FORJA_PUBLIC_RATE_LIMIT: '3', FORJA_TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const form = (path: string, ip: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...from(ip), origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
  const decisions = async (id: string) => (await server.db.query('SELECT 1 FROM quotation_decisions WHERE quotation_id = $1', [id])).rows;
  const statusOf = async (id: string) => (await server.db.query<{ status: string }>('SELECT status FROM quotations WHERE id = $1', [id])).rows[0].status;

  test('too many public lookups from one IP → 429 rate_limited', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await api(server, `/api/public/quotations/ORC-TENTA${i}`, { headers: from('10.0.0.1') })).status);
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
    const res = await api(server, '/api/public/quotations/ORC-X', { headers: from('10.0.0.1') });
    expect(res.body.error).toBe('rate_limited');
    // How long to wait, in words (the window is one minute).
    expect(res.body.message).toMatch(/^Muitas tentativas\. Tente novamente em (\d{1,2} segundos|1 minuto)\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('accepting and rejecting are limited too', async () => {
    for (const [action, ip] of [['accept', '10.0.0.2'], ['reject', '10.0.0.3']]) {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await api(server, `/api/public/quotations/ORC-CHUTE${i}/${action}`, { method: 'POST', body: {}, headers: from(ip) })).status);
      }
      expect(statuses, action).toEqual([403, 403, 403, 429, 429]);
      const res = await api(server, `/api/public/quotations/ORC-X/${action}`, { method: 'POST', body: {}, headers: from(ip) });
      expect(res.status, action).toBe(429);
      expect(res.body.error, action).toBe('rate_limited');
      expect(Number(res.headers.get('retry-after')), action).toBeGreaterThan(0);
    }
    // A real quotation is not decided by a limited request either.
    const q = await insertQuotation(server.db);
    expect((await api(server, `/api/public/quotations/${q.code}/accept${withKey(q)}`, { method: 'POST', headers: from('10.0.0.2') })).status).toBe(429);
    expect(await statusOf(q.id)).toBe('pending');
    expect(await decisions(q.id)).toEqual([]);
  });

  test('reads, then a decision from the same address: the decision is past the shared budget (429), another address still decides', async () => {
    const q = await insertQuotation(server.db);
    const reads = [];
    for (let i = 0; i < 3; i++) reads.push((await api(server, `/api/public/quotations/${q.code}${withKey(q)}`, { headers: from('10.0.1.1') })).status);
    expect(reads).toEqual([200, 200, 200]);
    const accept = await api(server, `/api/public/quotations/${q.code}/accept${withKey(q)}`, { method: 'POST', headers: from('10.0.1.1') });
    expect(accept.status).toBe(429);
    const viaForm = await form(`/quotation/${q.code}/aceitar`, '10.0.1.1');
    expect(viaForm.status).toBe(429);
    expect(await statusOf(q.id)).toBe('pending');
    expect(await decisions(q.id)).toEqual([]);

    expect((await api(server, `/api/public/quotations/${q.code}/accept${withKey(q)}`, { method: 'POST', headers: from('10.0.1.2') })).status).toBe(200);
    expect(await statusOf(q.id)).toBe('accepted');
  });

  test('the no-JS decision forms answer 429 past the budget: a pt-BR page saying how long to wait, nothing decided', async () => {
    const q = await insertQuotation(server.db);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await form(`/quotation/ORC-CHUTE${i}/recusar`, '10.0.2.1')).status);
    // Unknown codes go back to the page (which asks for the phone digits).
    expect(statuses).toEqual([303, 303, 303]);
    for (const verb of ['aceitar', 'recusar']) {
      const res = await form(`/quotation/${q.code}/${verb}`, '10.0.2.1');
      expect(res.status, verb).toBe(429);
      expect(res.headers.get('content-type'), verb).toMatch(/^text\/html/);
      expect(Number(res.headers.get('retry-after')), verb).toBeGreaterThan(0);
      const html = await res.text();
      expect(html, verb).toContain('<html lang="pt-BR">');
      expect(html, verb).toMatch(/Muitas tentativas\. Tente novamente em (\d{1,2} segundos|1 minuto)\./);
    }
    expect(await statusOf(q.id)).toBe('pending');
    expect(await decisions(q.id)).toEqual([]);
  });
});

describe('issue 30: opening a quotation by its bare code needs the last 4 digits of the customer’s phone', () => {
  let server: TestServer;
  beforeAll(async () => {
    // 120 a minute, the default: a digit check costs 20, so 6 a minute; each test its own address.
    server = await startTestServer({ env: { FORJA_PUBLIC_RATE_LIMIT: '120', FORJA_TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (path: string, ip: string) => api(server, path, { headers: { 'x-forwarded-for': ip } });

  test('the link’s secret opens it; the bare code asks for the digits; wrong digits are refused; the right ones open it — and nothing answers the secret', async () => {
    const customer = await insertCustomer(server.db, { phone: '(35) 99876-5432' });
    const q = await insertQuotation(server.db, { customer_id: customer.id });
    const linked = await get(`/api/public/quotations/${q.code}${withKey(q)}`, '10.1.0.1');
    expect(linked.status).toBe(200);
    expectPublicQuotation(linked.body, [q.link_secret, customer.phone, '5432'], 'the link');

    const bare = await get(`/api/public/quotations/${q.code}`, '10.1.0.1');
    expect(bare.status).toBe(403);
    expect(bare.body).toEqual({ error: 'quotation_phone_required', message: 'Para sua segurança, informe os 4 últimos dígitos do telefone cadastrado.' });
    for (const tel of ['1234', '5431', '98765432', 'abcd', ' ']) {
      const wrong = await get(`/api/public/quotations/${q.code}?tel=${encodeURIComponent(tel)}`, '10.1.0.2');
      expect(wrong.status, tel).toBe(403);
      expect(wrong.body.error, tel).toBe(tel.trim() ? 'quotation_phone_mismatch' : 'quotation_phone_required');
    }
    const right = await get(`/api/public/quotations/${q.code.toLowerCase()}?tel=5432`, '10.1.0.3');
    expect(right.status).toBe(200);
    expectPublicQuotation(right.body, [q.link_secret, customer.phone], 'the digits');
    // A decision needs them too: wrong ones decide and log nothing.
    const refused = await api(server, `/api/public/quotations/${q.code}/accept?tel=1111`, { method: 'POST', headers: { 'x-forwarded-for': '10.1.0.3' } });
    expect(refused.body.error).toBe('quotation_phone_mismatch');
    expect((await server.db.query('SELECT 1 FROM quotation_decisions WHERE quotation_id = $1', [q.id])).rows).toEqual([]);
    const accepted = await api(server, `/api/public/quotations/${q.code}/accept?tel=5432`, { method: 'POST', headers: { 'x-forwarded-for': '10.1.0.3' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
  });

  test('a quotation whose customer has no phone (or no customer) opens only through its link', async () => {
    const noDigits = await insertCustomer(server.db, { phone: 'sem telefone' });
    const q = await insertQuotation(server.db, { customer_id: noDigits.id });
    const orphan = await insertQuotation(server.db);
    for (const x of [q, orphan]) {
      expect((await get(`/api/public/quotations/${x.code}?tel=0000`, '10.1.1.1')).body.error).toBe('quotation_phone_mismatch');
      expect((await get(`/api/public/quotations/${x.code}${withKey(x)}`, '10.1.1.2')).status).toBe(200);
    }
  });

  test('wrong digits cost a sixth of the minute’s budget each: 6 checks a minute; right digits cost what any request does', async () => {
    const customer = await insertCustomer(server.db, { phone: '(35) 99111-5432' });
    const q = await insertQuotation(server.db, { customer_id: customer.id });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await get(`/api/public/quotations/ORC-CHUTE${i}?tel=${1000 + i}`, '10.1.2.1')).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 403, 429]);
    // The same address cannot even read with the link now: the budget is spent.
    expect((await get(`/api/public/quotations/${q.code}${withKey(q)}`, '10.1.2.1')).status).toBe(429);

    const right = [];
    for (let i = 0; i < 20; i++) right.push((await get(`/api/public/quotations/${q.code}?tel=5432`, '10.1.2.2')).status);
    expect(right.every((s) => s === 200)).toBe(true);
  });
});

describe('public code guessing, in parallel', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { FORJA_PUBLIC_RATE_LIMIT: '20' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a burst of 100 parallel guesses from one IP: at most 20 are looked up, the rest are 429', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => api(server, `/api/public/quotations/ORC-CHUTE${String(i).padStart(3, '0')}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s !== 403 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(80);
  });
});

describe.each(backends())('public answers kept in memory never outlive a change (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("a staff edit of the quotation or of its customer's name shows on the very next open", async () => {
    const staff = await signIn(server);
    const customer = await insertCustomer(server.db, { name: 'Nome Antigo' });
    const q = await insertQuotation(server.db, { customer_id: customer.id });
    await api(server, `/api/public/quotations/${q.code}${withKey(q)}`); // first view (writes viewed_at)
    expect((await api(server, `/api/public/quotations/${q.code}${withKey(q)}`)).body.description).toBe(q.description);

    await editStored(server, staff.accessToken, 'quotations', q.id, { description: 'Descrição corrigida' });
    expect((await api(server, `/api/public/quotations/${q.code}${withKey(q)}`)).body.description).toBe('Descrição corrigida');

    await editStored(server, staff.accessToken, 'customers', customer.id, { name: 'Nome Novo' });
    expect((await api(server, `/api/public/quotations/${q.code.toLowerCase()}${withKey(q)}`)).body.customer).toEqual({ name: 'Nome Novo' });

    // The customer's own decision shows at once as well.
    await api(server, `/api/public/quotations/${q.code}/accept${withKey(q)}`, { method: 'POST' });
    expect((await api(server, `/api/public/quotations/${q.code}${withKey(q)}`)).body.status).toBe('accepted');
  });

  test('every path answers exactly the public fields: first view, fast path, kept answer, after staff edits, the decision', async () => {
    const staff = await signIn(server);
    const customer = await insertCustomer(server.db);
    const q = await insertQuotation(server.db, { customer_id: customer.id });
    // The link's secret (issue 30) opens it, and is never in what it answers.
    const secrets = [customer.phone, customer.whatsapp, customer.description, customer.id, q.id, 'staff-1', staff.user.id, q.link_secret];
    const read = async (where: string, code = q.code) => {
      const res = await api<PublicQuotation>(server, `/api/public/quotations/${code}${withKey(q)}`);
      expect(res.status, where).toBe(200);
      expectPublicQuotation(res.body, secrets, where);
      return res.body;
    };

    const first = await read('first view (writes viewed_at)');
    expect(first.viewed_at).not.toBeNull();
    // Viewed: the fast path without a transaction, then the answer kept in memory.
    expect(await read('second read (fast path)')).toEqual(first);
    expect(await read('third read (kept answer)')).toEqual(first);
    expect(await read('kept answer, code in other case', q.code.toLowerCase())).toEqual(first);

    await editStored(server, staff.accessToken, 'quotations', q.id, { description: 'Portão com fechadura' });
    expect((await read('after a staff edit of the quotation')).description).toBe('Portão com fechadura');
    await read('after a staff edit of the quotation, kept');
    await editStored(server, staff.accessToken, 'customers', customer.id, { name: 'Maria Souza', description: 'Nota nova da oficina' });
    secrets.push('Nota nova da oficina');
    expect((await read('after a staff edit of the customer')).customer).toEqual({ name: 'Maria Souza' });
    await read('after a staff edit of the customer, kept');

    const accepted = await api<PublicQuotation>(server, `/api/public/quotations/${q.code}/accept${withKey(q)}`, { method: 'POST' });
    expect(accepted.status).toBe(200);
    expectPublicQuotation(accepted.body, secrets, 'the decision’s answer');
    expect(await read('after the decision')).toEqual(accepted.body);
    expect(await read('after the decision, kept')).toEqual(accepted.body);
  });

  test('a change written outside the server (hand-written SQL) shows within seconds', async () => {
    const q = await insertQuotation(server.db);
    await api(server, `/api/public/quotations/${q.code}${withKey(q)}`);
    await api(server, `/api/public/quotations/${q.code}${withKey(q)}`);
    await server.db.query('UPDATE quotations SET description = $1 WHERE id = $2', ['Editado à mão', q.id]);
    await expect.poll(async () => (await api(server, `/api/public/quotations/${q.code}${withKey(q)}`)).body.description, { timeout: 8_000, interval: 250 }).toBe('Editado à mão');
  });
});

describePostgresOnly('two servers on one PostgreSQL: public answers follow the other server’s writes', () => {
  let office: TestServer;
  let cloud: TestServer;
  beforeAll(async () => {
    office = await startTestServer({ backend: 'postgres' });
    cloud = await startTestServer({ backend: 'postgres', database: office.testDb });
  });
  afterAll(async () => {
    await cloud?.stop();
    await office?.stop();
  });

  test('an edit pushed to one server shows on the other within a second', async () => {
    const q = await insertQuotation(office.db);
    await api(cloud, `/api/public/quotations/${q.code}${withKey(q)}`);
    await api(cloud, `/api/public/quotations/${q.code}${withKey(q)}`);
    const staff = await signIn(office);
    await editStored(office, staff.accessToken, 'quotations', q.id, { description: 'Mudou no escritório' });
    await expect.poll(async () => (await api(cloud, `/api/public/quotations/${q.code}${withKey(q)}`)).body.description, { timeout: 1_000, interval: 50 }).toBe('Mudou no escritório');
  });
});
