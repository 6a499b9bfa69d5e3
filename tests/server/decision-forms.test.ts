/**
 * Issue 20 §3 — Aceitar / Recusar work before any JavaScript has run: the drawn page's buttons
 * are real forms posting to /quotation/:code/aceitar|recusar; the server decides with the same
 * rule and record as the API and answers 303 back to the drawn page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/server';
import { insertQuotation } from './public-fixtures';

describe.each(backends())('decision forms (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (code: string, verb: string, form: Record<string, string> = {}) =>
    fetch(`${server.url}/quotation/${code}/${verb}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Celular sem JS/1.0' },
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
    const res = await post(q.code, 'aceitar');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/quotation/${q.code}`);
    expect(await status(q.id)).toBe('accepted');
    const again = await post(q.code, 'recusar', { reason: 'mudei de ideia' });
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
    const res = await post(q.code, 'recusar', { reason: '  Preço acima do orçado  ' });
    expect(res.status).toBe(303);
    expect(await status(q.id)).toBe('rejected');
    expect((await log(q.id))[0]).toMatchObject({ decision: 'rejected', reason: 'Preço acima do orçado', refused: null });
  });

  test('an unknown code goes back to the page (which says it was not found), never a 500', async () => {
    const res = await post('ORC-NAOEXISTE', 'aceitar');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/quotation/ORC-NAOEXISTE');
  });
});
