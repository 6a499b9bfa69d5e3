/**
 * Issue 40, "tests the suite lacks": on a new device, a list whose own collection has finished
 * its first download stops saying 'Baixando dados da oficina…' while other collections are still
 * downloading (sync-engine.ts firstDownloadOf, what useFirstDownload hands the lists). The cash
 * book's first pull is held at the network while the customers arrive.
 */
import { describe, expect, test } from 'vitest';
import { api, backends, signIn } from '../support/server';
import { randomUUID } from 'node:crypto';
import { customer } from '../server/sync-fixtures';
import { awaitingFirstDownload } from '../../src/ui/firstDownloadText';
import { check, eventually, makeClient, serverForSuite } from './clients';

/** A cash-book exit (no customer needed), as a device pushes it. */
function transaction() {
  const now = new Date().toISOString();
  return {
    id: randomUUID(), type: 'saida', customer_id: null, name: 'Loja de ferragens', category: 'material', description: 'Eletrodos', amount: 80,
    payment_method: 'pix', payment_status: 'pago', due_date: null, quotation_id: null,
    created_at: now, updated_at: now, client_updated_at: now, created_by: null, _deleted: false,
  };
}

describe.each(backends())('each list its own first download (%s)', (backend) => {
  const suite = serverForSuite(backend);

  test('the customers are done while the cash book still downloads', async () => {
    const writer = await signIn(suite.server, { deviceName: 'writer' });
    const push = async (c: string, docs: Record<string, unknown>[]) => {
      const res = await api(suite.server, `/api/sync/${c}/push`, { token: writer.accessToken, body: docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })) });
      expect(res.status).toBe(200);
    };
    await push('customers', Array.from({ length: 5 }, (_, i) => customer({ name: `Cliente ${i}` })));
    await push('transactions', Array.from({ length: 5 }, () => transaction()));

    const b = await makeClient(suite.server, { label: 'B', collections: ['customers', 'transactions'], online: false });
    suite.clients.push(b);
    const cashBook = b.holdNextRequest('/api/sync/transactions/pull');
    b.setOnline(true);
    try {
      await eventually(async () => check((await b.docs('customers')).length === 5, 'customers stored'), 'the customers downloaded');
      await eventually(async () => check(b.fdb.sync.firstDownloadOf('customers').done, 'customers not done'), "the customers' first download to end", 5_000);
      // The customers' list: finished, so it shows what it has (and an empty list would be really empty).
      expect(b.fdb.sync.firstDownloadOf('customers')).toMatchObject({ done: true, stored: 5, total: 5 });
      expect(awaitingFirstDownload(b.fdb.sync.firstDownloadOf('customers'), true)).toBe(false);
      // The cash book has not arrived: its list still says it is downloading.
      expect(await b.docs('transactions')).toHaveLength(0);
      expect(b.fdb.sync.firstDownloadOf('transactions').done).toBe(false);
      expect(awaitingFirstDownload(b.fdb.sync.firstDownloadOf('transactions'), true)).toBe(true);
    } finally {
      cashBook.release();
    }
    await eventually(async () => check(b.fdb.sync.firstDownloadOf('transactions').done, 'transactions not done'), 'the cash book downloaded');
    expect(await b.docs('transactions')).toHaveLength(5);
  });
});
