/**
 * Schema version 1 (migration 004): who wrote each version is stamped by the server, a decided
 * quotation keeps its earlier decisions, and an accepted quotation can be launched in the cash
 * book only once — also when two devices try it offline.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, type CustomerDoc, type QuotationDoc, type TransactionDoc } from '@shared';
import { backends, signIn, startTestServer, type TestServer } from '../support/server';
import { updateAsServer } from '../../sync-server/src/sync/server-writes';
import { customer, isoAt, pullAll, push, quotation, type Wire } from './sync-fixtures';

function entrada(over: Partial<Wire<TransactionDoc>> = {}): Wire<TransactionDoc> {
  const now = isoAt();
  return {
    id: randomUUID(),
    type: 'entrada',
    customer_id: null,
    name: null,
    category: null,
    description: 'Orçamento ORC-1',
    amount: 100,
    payment_method: 'pix',
    payment_status: 'pendente',
    due_date: null,
    quotation_id: null,
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    created_by: null,
    updated_by: null,
    _deleted: false,
    ...over,
  };
}

describe.each(backends())('schema v1 (%s)', (backend) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof signIn>>;
  let bob: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    alice = await signIn(server, { deviceName: 'Celular da Alice' });
    bob = await signIn(server, { deviceName: 'Notebook do Bob' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('updated_by is the user who wrote the version, whatever the client sends', async () => {
    const c = customer({ updated_by: 'forged' });
    await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: c }]);
    let got = (await pullAll<CustomerDoc>(server, bob.accessToken, 'customers')).docs.find((d) => d.id === c.id)!;
    expect(got.updated_by).toBe(alice.user.id);

    const edited = { ...got, name: 'Outro nome', client_updated_at: isoAt(1) };
    const res = await push(server, bob.accessToken, 'customers', [{ assumedMasterState: got, newDocumentState: edited }]);
    expect(res.rejections).toEqual([]);
    got = (await pullAll<CustomerDoc>(server, alice.accessToken, 'customers')).docs.find((d) => d.id === c.id)!;
    expect(got).toMatchObject({ name: 'Outro nome', updated_by: bob.user.id, created_by: alice.user.id });
  });

  test("a customer's decision on the public side is stamped as nobody's (null)", async () => {
    const q = quotation();
    await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]);
    await updateAsServer(server.db, 'quotations', q.id, { status: 'accepted', decided_at: isoAt() });
    const got = (await pullAll<QuotationDoc>(server, alice.accessToken, 'quotations')).docs.find((d) => d.id === q.id)!;
    expect(got.status).toBe('accepted');
    expect(got.updated_by).toBeNull();
  });

  test('earlier decisions survive the round trip', async () => {
    const history = [{ status: 'rejected' as const, decided_at: isoAt(-60_000), reason: 'Muito caro', reset_at: isoAt() }];
    const q = quotation({ decision_history: history });
    const res = await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]);
    expect(res.rejections).toEqual([]);
    const got = (await pullAll<QuotationDoc>(server, bob.accessToken, 'quotations')).docs.find((d) => d.id === q.id)!;
    expect(got.decision_history).toEqual(history);
  });

  test('a second entrada for the same quotation is refused with its reason, not a 500; after deleting the first it may be launched again', async () => {
    const quotationId = randomUUID();
    const first = entrada({ quotation_id: quotationId });
    const second = entrada({ quotation_id: quotationId });
    const a = await push(server, alice.accessToken, 'transactions', [{ assumedMasterState: null, newDocumentState: first }]);
    expect(a.status).toBe(200);
    expect(a.rejections).toEqual([]);
    const b = await push(server, bob.accessToken, 'transactions', [
      { assumedMasterState: null, newDocumentState: second },
      { assumedMasterState: null, newDocumentState: entrada() },
    ]);
    expect(b.status).toBe(200);
    expect(b.rejections).toEqual([
      { id: second.id, error: 'duplicate_quotation_entry', message: ERROR_MESSAGES.duplicate_quotation_entry },
    ]);
    const docs = (await pullAll<TransactionDoc>(server, alice.accessToken, 'transactions')).docs;
    expect(docs.filter((d) => d.quotation_id === quotationId && !d._deleted).map((d) => d.id)).toEqual([first.id]);

    const storedFirst = docs.find((d) => d.id === first.id)!;
    await push(server, alice.accessToken, 'transactions', [
      { assumedMasterState: storedFirst, newDocumentState: { ...storedFirst, _deleted: true, client_updated_at: isoAt(1) } },
    ]);
    const again = entrada({ quotation_id: quotationId });
    const c = await push(server, bob.accessToken, 'transactions', [{ assumedMasterState: null, newDocumentState: again }]);
    expect(c.rejections).toEqual([]);
  });
});

describe.each(backends())('references that arrive before what they point to (%s)', (backend) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    alice = await signIn(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a movement before its item, a quotation before its customer, an entrada before its quotation: all accepted', async () => {
    const now = isoAt();
    const stamps = { created_at: now, updated_at: now, client_updated_at: now, created_by: null, _deleted: false };
    const itemId = randomUUID();
    const customerId = randomUUID();
    const q = quotation({ customer_id: customerId });
    const t = entrada({ customer_id: customerId, quotation_id: q.id });
    const results = [
      await push(server, alice.accessToken, 'stock_movements', [
        { assumedMasterState: null, newDocumentState: { id: randomUUID(), stock_item_id: itemId, delta: 5, reason: null, ...stamps } },
      ]),
      await push(server, alice.accessToken, 'transactions', [{ assumedMasterState: null, newDocumentState: t }]),
      await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]),
    ];
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.rejections).toEqual([]);
    }
    // …and what they point to arrives later.
    const c = customer({ id: customerId });
    expect((await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: c }])).rejections).toEqual([]);
    const item = {
      id: itemId, category_id: 'c', type_id: 't', material_id: 'm', thickness_id: 'th', dimension_id: 'd', minimum_quantity: 1,
      description: null, ...stamps,
    };
    expect((await push(server, alice.accessToken, 'stock_items', [{ assumedMasterState: null, newDocumentState: item }])).rejections).toEqual([]);
  });
});
