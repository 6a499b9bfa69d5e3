/**
 * Issue 30: quotations.link_secret — SQL 009 gives every older live quotation one and a new _seq
 * (so devices pull it), a push from a device still on the old app cannot clear it, and devices
 * receive it through the pull (staff send the links), never through anything public.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LINK_SECRET_PATTERN, type QuotationDoc } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { m009 } from '../../sync-server/src/migrations/009-quotation-link-secret';
import { pull, pullAll, push, quotation } from './sync-fixtures';
import { insertQuotation } from './public-fixtures';

describe.each(backends())('quotations.link_secret (%s)', (backend) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    token = (await signIn(server)).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const row = async (id: string) =>
    (await server.db.query<{ link_secret: string | null; _seq: string }>('SELECT link_secret, _seq::text FROM quotations WHERE id = $1', [id])).rows[0];

  test('SQL 009 gives every live quotation from before it a secret of its own and a new _seq; a device pulls it', async () => {
    const older = [await insertQuotation(server.db, { link_secret: null }), await insertQuotation(server.db, { link_secret: null })];
    const tombstone = await insertQuotation(server.db, { link_secret: null, deleted: true });
    const kept = await insertQuotation(server.db);
    const { checkpoint } = await pullAll(server, token, 'quotations');
    const before = await Promise.all([...older, tombstone, kept].map((q) => row(q.id)));

    await server.db.transaction((tx) => m009.up(tx));

    const after = await Promise.all([...older, tombstone, kept].map((q) => row(q.id)));
    for (const i of [0, 1]) {
      expect(after[i].link_secret).toMatch(LINK_SECRET_PATTERN);
      expect(Number(after[i]._seq)).toBeGreaterThan(Number(before[i]._seq));
    }
    expect(after[0].link_secret).not.toBe(after[1].link_secret);
    expect(after[2]).toEqual(before[2]);
    expect(after[3]).toEqual(before[3]);

    const pulled = await pull<QuotationDoc>(server, token, 'quotations', checkpoint);
    expect(pulled.body.documents.map((d) => [d.id, d.link_secret]).sort()).toEqual(
      older.map((q, i) => [q.id, after[i].link_secret]).sort(),
    );
    // And the link opens it.
    expect((await api(server, `/api/public/quotations/${older[0].code}?k=${after[0].link_secret}`)).status).toBe(200);
  });

  test('a push without the secret (a device still on the old app) keeps the stored one', async () => {
    const q = quotation();
    expect((await push(server, token, 'quotations', [{ assumedMasterState: null, newDocumentState: q }])).rejections).toEqual([]);
    const master = (await pullAll<QuotationDoc>(server, token, 'quotations')).docs.find((d) => d.id === q.id)!;
    expect(master.link_secret).toBe(q.link_secret);
    const { link_secret: _dropped, ...oldShape } = master;
    void _dropped;
    const res = await push(server, token, 'quotations', [
      { assumedMasterState: oldShape, newDocumentState: { ...oldShape, description: 'Editado no app antigo', client_updated_at: new Date().toISOString() } },
    ]);
    expect(res.rejections).toEqual([]);
    expect(await row(q.id)).toMatchObject({ link_secret: q.link_secret });
    const stored = (await pullAll<QuotationDoc>(server, token, 'quotations')).docs.find((d) => d.id === q.id)!;
    expect(stored).toMatchObject({ description: 'Editado no app antigo', link_secret: q.link_secret });
  });
});
