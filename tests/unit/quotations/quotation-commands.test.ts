/** Quotation commands on a real local RxDB (fake-indexeddb): guards, decision reset, code recovery. */
import 'fake-indexeddb/auto';
import { afterAll, expect, test } from 'vitest';
import { createForjaDatabase, type ForjaDatabase } from '../../../src/data/db/create-database';
import { createQuotationCommands, watchCodeCollisions, type CodeRecovery } from '../../../src/data/db/quotations';
import { removeDocument } from '../../../src/data/db/writes';
import type { QuotationDraft } from '../../../src/domain/quotation-form';

let fdb: ForjaDatabase | null = null;
const getDb = async () =>
  (fdb ??= await createForjaDatabase({
    name: `forja_quot_${Date.now()}`,
    userId: 'u1',
    baseUrl: 'http://127.0.0.1:9',
    getToken: () => null,
    replicate: false,
    collections: ['customers', 'quotations'],
  }));
afterAll(async () => {
  await fdb?.remove();
});
const commands = createQuotationCommands(getDb);

const draft = (over: Partial<QuotationDraft> = {}): QuotationDraft => ({
  customerId: 'c1',
  description: 'Mezanino',
  materials: [
    { name: 'Viga W150', quantity: 4, priceCents: 32050 },
    { name: '', quantity: 0, priceCents: 0 },
  ],
  discountCents: 0,
  taxesCents: 0,
  totalCents: 128200,
  paymentMethod: 'PIX',
  validityDate: '2026-12-31',
  executionDeadline: '20 dias',
  ...over,
});

test('create stores money in reais, drops blank lines, makes a code; the guards see it', async () => {
  const q = await commands.create(draft());
  expect(q.code).toMatch(/^ORC-[2-9A-Z]{6}$/);
  expect(q.materials).toEqual([{ name: 'Viga W150', quantity: 4, price: 320.5 }]);
  expect(q.total_amount).toBe(1282);
  expect(q.status).toBe('pending');
  const t = Date.parse(q.created_at);
  expect(await commands.checkDuplicates(draft(), { now: t + 9_900 })).toEqual({ identical: true, similar: false });
  expect(await commands.checkDuplicates(draft(), { now: t + 10_100 })).toEqual({ identical: false, similar: true });
  expect(await commands.checkDuplicates(draft({ totalCents: 128200 * 1.05 }), { now: t + 10_100 })).toEqual({ identical: false, similar: false });
  expect(await commands.checkDuplicates(draft(), { now: t + 10_100, editingId: 'other' })).toEqual({ identical: false, similar: false });
  await expect(commands.create(draft({ customerId: null }))).rejects.toMatchObject({ message: 'Por favor, selecione um cliente.', field: 'customer' });
});

test('editing an accepted quotation puts it back to pending and keeps the decision', async () => {
  const db = await getDb();
  const q = await commands.create(draft({ description: 'Portão', totalCents: 50000 }));
  const doc = await db.db.quotations.findOne(q.id).exec();
  await doc!.incrementalPatch({ status: 'accepted', decided_at: '2026-11-01T10:00:00.000Z' });
  const edited = await commands.update(q.id, draft({ description: 'Portão maior', totalCents: 60000 }));
  expect(edited.status).toBe('pending');
  expect(edited.decided_at).toBeNull();
  expect(edited.decision_history).toEqual([
    expect.objectContaining({ status: 'accepted', decided_at: '2026-11-01T10:00:00.000Z', reason: null }),
  ]);
});

test('a quotation refused for a taken code comes back with a new code, and the user is told', async () => {
  const db = await getDb();
  const q = await commands.create(draft({ description: 'Cobertura', totalCents: 990000 }));
  // What the server answers for a refused new row: the pushed doc deleted; the refusal is recorded.
  await removeDocument(db, 'quotations', q.id);
  await db.sync.store.addRefused([
    { collection: 'quotations', id: q.id, error: 'duplicate_code', message: 'Já existe um orçamento com este código.', document: { ...q }, at: new Date().toISOString() },
  ]);
  const told: CodeRecovery[] = [];
  const sub = watchCodeCollisions(db, (r) => told.push(r));
  await expect.poll(() => told.length).toBe(1);
  sub.unsubscribe();
  expect(told[0]).toMatchObject({ id: q.id, oldCode: q.code });
  const back = await db.db.quotations.findOne(q.id).exec();
  expect(back?.code).toBe(told[0].newCode);
  expect(back?.code).not.toBe(q.code);
  expect(back?.description).toBe('Cobertura');
  expect(db.sync.store.value.refused).toEqual([]);
  expect(db.sync.status$.value.pending).toBeGreaterThan(0); // queued to be pushed again
});
