/**
 * Issue 17 §5, over HTTP: a device whose clock is years ahead stamps its edits in the future. The
 * server keeps that stamp as received, but merges it as if made when it arrived, so it does not
 * win a concurrent conflict against an honest edit made after it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CustomerDoc } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { customer, isoAt, pullAll, push } from './sync-fixtures';

const YEARS_AHEAD = 3 * 365 * 86_400_000;

describe.each(backends())('device clock ahead (%s)', (backend) => {
  let server: TestServer;
  let honest: Awaited<ReturnType<typeof signIn>>;
  let ahead: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    honest = await signIn(server, { deviceName: 'Celular com hora certa' });
    ahead = await signIn(server, { deviceName: 'Tablet com o relógio adiantado' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function createAndPull(doc: ReturnType<typeof customer>) {
    expect((await push(server, honest.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: doc }])).rejections).toEqual([]);
    return (await pullAll<CustomerDoc>(server, ahead.accessToken, 'customers')).docs.find((d) => d.id === doc.id)!;
  }
  const stored = async (id: string) =>
    (await pullAll<CustomerDoc>(server, honest.accessToken, 'customers')).docs.find((d) => d.id === id)!;

  test('a device with a clock years ahead does not win a concurrent field conflict against a later honest edit', async () => {
    const base = await createAndPull(customer({ name: 'Oficina do Zé' }));
    // The device years ahead edits the name first (its stamp is kept as received)…
    const future = isoAt(YEARS_AHEAD);
    const first = await push(server, ahead.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, name: 'Oficina do José', client_updated_at: future } },
    ]);
    expect(first.rejections).toEqual([]);
    expect(Date.parse((await stored(base.id)).client_updated_at)).toBe(Date.parse(future));

    // …then, a little later, an honest device edits the same field from the same base.
    await new Promise((r) => setTimeout(r, 50));
    const later = await push<CustomerDoc>(server, honest.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, name: 'Zé Soldas', phone: base.phone, client_updated_at: isoAt() } },
    ]);
    expect(later.rejections).toEqual([]);
    expect(later.masters[0]).toMatchObject({ id: base.id, name: 'Zé Soldas' });
    expect((await stored(base.id)).name).toBe('Zé Soldas');

    const { rows } = await server.db.query<Record<string, unknown>>('SELECT * FROM sync_conflicts WHERE doc_id = $1', [base.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ field: 'name', winner_user_id: honest.user.id, loser_user_id: ahead.user.id });
    expect(rows[0].winning_value).toBe('Zé Soldas');
    expect(rows[0].losing_value).toBe('Oficina do José');
  });

  test("sync answers carry the server's clock (Date header): what devices measure their skew from", async () => {
    for (const path of ['/api/sync/customers/pull?limit=1', '/api/sync/conflicts?limit=1']) {
      const res = await api(server, path, { token: honest.accessToken });
      expect(res.status, path).toBe(200);
      const date = Date.parse(res.headers.get('date') ?? '');
      expect(Math.abs(date - Date.now()), path).toBeLessThan(5_000);
    }
  });
});
