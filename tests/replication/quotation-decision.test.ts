/**
 * Issue 19 point 3, with the app's own database and commands: a staff device offline edits a
 * quotation (reopening it: it had seen it rejected), another device reopens it online, the
 * customer accepts it, and only then does the offline device reconnect. The acceptance is the
 * later edit and stands; the device's description lands beside it, everywhere.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QuotationDoc } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { createQuotationCommands } from '../../src/data/db/quotations';
import type { QuotationDraft } from '../../src/domain/quotation-form';
import { editStored } from '../server/sync-fixtures';
import { eventually, makeClient, serverDocs, stopServer } from './clients';

const draft = (customerId: string, over: Partial<QuotationDraft> = {}): QuotationDraft => ({
  customerId,
  description: 'Portão basculante 3x2 m',
  materials: [{ name: 'Tubo 40x40', quantity: 3, priceCents: 4590 }],
  discountCents: 0,
  taxesCents: 0,
  totalCents: 13770,
  paymentMethod: 'PIX',
  validityDate: '2099-12-31',
  executionDeadline: '10 dias úteis',
  ...over,
});

describe.each(backends())('a customer decides while a staff device is offline (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await stopServer(server);
  });

  test('the acceptance stands and the offline edit’s other fields land, on the device and on the server', async () => {
    const device = await makeClient(server, { label: 'D', collections: ['customers', 'quotations'] });
    const other = await signIn(server, { deviceName: 'O' });
    try {
      const quotations = createQuotationCommands(async () => device.fdb);
      const token = device.session.accessToken;
      const onServer = async (id: string) => (await serverDocs(server, token, 'quotations')).find((d) => d.id === id) as QuotationDoc | undefined;
      const local = async (id: string) => (await device.fdb.db.quotations.findOne(id).exec())?.toJSON() as QuotationDoc | undefined;

      const customer = await device.customers.add({ name: 'Maria da Silva', phone: '(35) 98888-1234' });
      const q = await quotations.create(draft(customer.id));
      await eventually(async () => {
        if (!(await onServer(q.id))) throw new Error('not yet');
      }, 'the quotation on the server');
      expect((await api(server, `/api/public/quotations/${q.code}/reject?k=${q.link_secret}`, { method: 'POST', body: { reason: 'Caro' } })).status).toBe(200);
      await eventually(async () => {
        if ((await local(q.id))?.status !== 'rejected') throw new Error('not yet');
      }, 'the rejection on the device');

      device.setOnline(false);
      // Another device reopens it online (what the app writes when editing a decided quotation)…
      const reopened = await editStored(server, other.accessToken, 'quotations', q.id, {
        status: 'pending',
        decided_at: null,
        decision_reason: null,
        decision_history: [{ status: 'rejected', decided_at: (await onServer(q.id))!.decided_at, reason: 'Caro', reset_at: new Date().toISOString() }],
      });
      expect(reopened.rejections).toEqual([]);
      await new Promise((r) => setTimeout(r, 30));
      // …the offline device edits its copy (still rejected there, so the app reopens it too)…
      await quotations.update(q.id, draft(customer.id, { description: 'Portão basculante com fechadura' }));
      expect(await local(q.id)).toMatchObject({ status: 'pending', description: 'Portão basculante com fechadura' });
      await new Promise((r) => setTimeout(r, 30));
      // …and only then does the customer accept.
      const accepted = await api(server, `/api/public/quotations/${q.code}/accept?k=${q.link_secret}`, { method: 'POST' });
      expect(accepted.status).toBe(200);

      device.setOnline(true);
      const settled = await eventually(async () => {
        const [mine, theirs] = [await local(q.id), await onServer(q.id)];
        if (device.fdb.sync.status$.value.pending !== 0) throw new Error('still pending');
        if (!mine || !theirs || mine.status !== theirs.status || mine.description !== theirs.description) {
          throw new Error(`device ${mine?.status}/${mine?.description} vs server ${theirs?.status}/${theirs?.description}`);
        }
        return { mine, theirs };
      }, 'the device and the server agree', 30_000);
      expect(settled.theirs).toMatchObject({ status: 'accepted', decided_at: accepted.body.decided_at, description: 'Portão basculante com fechadura' });
      expect(settled.mine).toMatchObject({ status: 'accepted', decided_at: accepted.body.decided_at, description: 'Portão basculante com fechadura' });
      expect((await api(server, `/api/public/quotations/${q.code}?k=${q.link_secret}`)).body).toMatchObject({ status: 'accepted' });
    } finally {
      await device.close();
    }
  });
});
