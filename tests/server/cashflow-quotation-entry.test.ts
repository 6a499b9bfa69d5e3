/**
 * Issue 7, 'Lançar no caixa' across devices: an accepted quotation becomes at most one live
 * Entrada. Two offline devices that both launched it — at once or one after the other — get
 * the second refused with its reason (duplicate_quotation_entry), never a 500, and the rest
 * of their batch still lands.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, type TransactionDoc } from '@shared';
import { backends, signIn, startTestServer, type TestServer } from '../support/server';
import { customer, isoAt, pullAll, push, quotation, type Wire } from './sync-fixtures';

/** The document `launchQuotationToCash` writes (src/data/db/transactions.ts). */
function launched(quotationId: string, customerId: string, over: Partial<Wire<TransactionDoc>> = {}): Wire<TransactionDoc> {
  const now = isoAt();
  return {
    id: randomUUID(),
    type: 'entrada',
    customer_id: customerId,
    name: null,
    category: null,
    description: 'Orçamento ORC-2026-0007',
    amount: 1234.5,
    payment_method: 'pix',
    payment_status: 'pendente',
    due_date: null,
    quotation_id: quotationId,
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    created_by: null,
    updated_by: null,
    _deleted: false,
    ...over,
  };
}

const refusal = (id: string) => ({ id, error: 'duplicate_quotation_entry', message: ERROR_MESSAGES.duplicate_quotation_entry });

describe.each(backends())('a quotation launched in the cash book twice (%s)', (backend) => {
  let server: TestServer;
  let phone: Awaited<ReturnType<typeof signIn>>;
  let desktop: Awaited<ReturnType<typeof signIn>>;
  let customerId: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    phone = await signIn(server, { deviceName: 'Celular da oficina' });
    desktop = await signIn(server, { deviceName: 'Computador do escritório' });
    const c = customer();
    customerId = c.id;
    await push(server, phone.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: c }]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function acceptedQuotation(): Promise<string> {
    const q = quotation({ customer_id: customerId, status: 'accepted', decided_at: isoAt() });
    const r = await push(server, phone.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]);
    expect(r.rejections).toEqual([]);
    return q.id;
  }

  test('both devices push at the same moment: exactly one entrada lives, the other is refused with its reason', async () => {
    const qid = await acceptedQuotation();
    const a = launched(qid, customerId);
    const b = launched(qid, customerId);
    const [ra, rb] = await Promise.all([
      push(server, phone.accessToken, 'transactions', [{ assumedMasterState: null, newDocumentState: a }]),
      push(server, desktop.accessToken, 'transactions', [{ assumedMasterState: null, newDocumentState: b }]),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const refused = [...ra.rejections, ...rb.rejections];
    expect(refused).toHaveLength(1);
    expect([refusal(a.id), refusal(b.id)]).toContainEqual(refused[0]);
    const live = (await pullAll<TransactionDoc>(server, phone.accessToken, 'transactions')).docs.filter(
      (d) => d.quotation_id === qid && !d._deleted,
    );
    expect(live).toHaveLength(1);
  });

  test("the late device's batch still lands apart from the duplicate", async () => {
    const qid = await acceptedQuotation();
    const first = launched(qid, customerId);
    expect((await push(server, phone.accessToken, 'transactions', [{ assumedMasterState: null, newDocumentState: first }])).rejections).toEqual([]);
    const dup = launched(qid, customerId);
    const saida = launched(qid, customerId, { type: 'saida', customer_id: null, quotation_id: null, description: 'Eletrodos', amount: 55 });
    const r = await push(server, desktop.accessToken, 'transactions', [
      { assumedMasterState: null, newDocumentState: dup },
      { assumedMasterState: null, newDocumentState: saida },
    ]);
    expect(r.status).toBe(200);
    expect(r.rejections).toEqual([refusal(dup.id)]);
    const docs = (await pullAll<TransactionDoc>(server, desktop.accessToken, 'transactions')).docs;
    expect(docs.some((d) => d.id === saida.id)).toBe(true);
    expect(docs.some((d) => d.id === dup.id)).toBe(false);
  });

  test('linking an existing entrada to an already launched quotation by an edit is refused too', async () => {
    const qid = await acceptedQuotation();
    const first = launched(qid, customerId);
    const other = launched(qid, customerId, { quotation_id: null, description: 'Sinal' });
    await push(server, phone.accessToken, 'transactions', [
      { assumedMasterState: null, newDocumentState: first },
      { assumedMasterState: null, newDocumentState: other },
    ]);
    const stored = (await pullAll<TransactionDoc>(server, desktop.accessToken, 'transactions')).docs.find((d) => d.id === other.id)!;
    const r = await push(server, desktop.accessToken, 'transactions', [
      { assumedMasterState: stored, newDocumentState: { ...stored, quotation_id: qid, client_updated_at: isoAt(1) } },
    ]);
    expect(r.status).toBe(200);
    expect(r.rejections).toEqual([refusal(other.id)]);
  });
});
