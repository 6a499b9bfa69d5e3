/**
 * Issue 11's defect: text PostgreSQL cannot hold (NUL, lone UTF-16 surrogates) used to answer
 * 500 and, inside a push, fail the whole batch so nothing behind it ever synced. Now every such
 * input is a 4xx with a pt-BR message, a bad row is refused on its own, the rest lands, and
 * nothing invalid is stored — not even in the rejection or conflict logs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findUnacceptableText, INVALID_TEXT_MESSAGE, type CustomerDoc } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { customer, isoAt, pullAll, push, quotation } from './sync-fixtures';

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

describe.each(backends())('hostile text (%s)', (backend) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    alice = await signIn(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test.each([
    ['NUL in a field', { name: NUL }],
    ['a lone surrogate in a field', { description: LONE }],
    ['NUL in the id', { id: `id-${NUL}` }],
    ['a lone surrogate in the id', { id: `id-${LONE}` }],
  ])('%s: that row is refused, the rest of the batch lands', async (_label, bad) => {
    const good = customer({ name: 'Cliente bom' });
    const evil = customer(bad as Partial<CustomerDoc>);
    const res = await push(server, alice.accessToken, 'customers', [
      { assumedMasterState: null, newDocumentState: evil },
      { assumedMasterState: null, newDocumentState: good },
    ]);
    expect(res.status).toBe(200);
    expect(res.rejections.map((r) => [r.id, r.error])).toEqual([[evil.id, 'invalid_document']]);
    const docs = (await pullAll<CustomerDoc>(server, alice.accessToken, 'customers')).docs;
    expect(docs.some((d) => d.id === good.id)).toBe(true);
    expect(docs.some((d) => d.id === evil.id)).toBe(false);
  });

  test('a lying assumedMasterState full of bad text does not fail the batch', async () => {
    const q = quotation();
    await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]);
    const lie = { ...q, description: LONE, materials: [{ name: NUL, quantity: 1, price: 1 }], [`k${LONE}`]: NUL };
    const edited = { ...q, description: 'Nova descrição', client_updated_at: isoAt(1) };
    const res = await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: lie, newDocumentState: edited }]);
    expect(res.status).toBe(200);
    expect(res.rejections).toEqual([]);
  });

  test('nothing invalid is stored anywhere, the logs included', async () => {
    for (const table of ['customers', 'quotations', 'sync_rejections', 'sync_conflicts']) {
      const { rows } = await server.db.query(`SELECT * FROM ${table}`);
      expect(findUnacceptableText(rows), table).toBeNull();
    }
  });

  test('sessions, public quotation and pull routes answer 400 in pt-BR, never 500', async () => {
    const probes: [string, string, unknown?][] = [
      ['DELETE', `/api/auth/sessions/${encodeURIComponent(NUL)}`],
      ['GET', `/api/public/quotations/${encodeURIComponent(`ORC-${NUL}`)}`],
      ['POST', `/api/public/quotations/${encodeURIComponent(`ORC-${NUL}`)}/accept`],
      ['POST', `/api/public/quotations/ORC-ABC123/reject`, { reason: LONE }],
      ['GET', `/api/sync/customers/pull?checkpoint=${encodeURIComponent(NUL)}`],
      ['GET', `/api/sync/conflicts?doc_id=${encodeURIComponent(NUL)}`],
      ['POST', '/api/auth/login', { email: `a${NUL}@b.c`, password: LONE }],
    ];
    for (const [method, path, body] of probes) {
      const res = await api(server, path, { method, token: alice.accessToken, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body, `${method} ${path}`).toMatchObject({ error: 'invalid_request', message: INVALID_TEXT_MESSAGE });
    }
    // …and the server still answers.
    expect((await api(server, '/api/health')).status).toBe(200);
  });
});
