/**
 * Issue 19 point 8: rules the client's forms enforced alone. The server refuses a pushed customer
 * whose name (or phone) is only spaces and a quotation whose description, payment method or a
 * material's name is blank (the execution deadline is optional since issue 39) — a refused row with its reason
 * (blank_required_field, the fields, a pt-BR message naming them), like every other push rule —
 * and still refuses material prices with more than 2 decimals.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, type CustomerDoc, type QuotationDoc } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { customer, isoAt, pullAll, push, quotation } from './sync-fixtures';
import { insertCustomer, insertQuotation, withKey } from './public-fixtures';

describe.each(backends())('required texts and material prices on push (%s)', (backend) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    token = (await signIn(server)).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Ids of the live documents the server has. */
  const ids = async (collection: string) =>
    new Set((await pullAll<{ id: string }>(server, token, collection)).docs.filter((d) => !d._deleted).map((d) => d.id));
  const logged = async (id: string) =>
    (await server.db.query<{ code: string }>('SELECT code FROM sync_rejections WHERE doc_id = $1', [id])).rows.map((r) => r.code);

  test('a customer whose name is three spaces is refused with its reason; the valid one beside it lands', async () => {
    const blank = customer({ name: '   ' });
    const tabs = customer({ name: '\t\n ', phone: ' \u00a0 ' });
    const good = customer({ name: 'Ana Souza' });
    const res = await push<CustomerDoc>(server, token, 'customers', [blank, tabs, good].map((d) => ({ assumedMasterState: null, newDocumentState: d })));
    expect(res.status).toBe(200);
    expect(res.rejections).toEqual([
      { id: blank.id, error: 'blank_required_field', message: 'Preencha o campo obrigatório: Nome.', fields: ['name'] },
      { id: tabs.id, error: 'blank_required_field', message: 'Preencha os campos obrigatórios: Nome, Telefone.', fields: ['name', 'phone'] },
    ]);
    // Never stored: answered as tombstones of what was sent, so the device's queue moves on.
    expect(res.masters.map((m) => [m.id, m._deleted])).toEqual([
      [blank.id, true],
      [tabs.id, true],
    ]);
    const stored = await ids('customers');
    expect(stored.has(blank.id)).toBe(false);
    expect(stored.has(tabs.id)).toBe(false);
    expect(stored.has(good.id)).toBe(true);
    expect(await logged(blank.id)).toEqual(['blank_required_field']);
    expect(ERROR_MESSAGES.blank_required_field).toMatch(/obrigatórios/);
  });

  test('an edit blanking a stored customer’s name is refused; the stored name stays and is answered', async () => {
    const c = customer({ name: 'Carlos Lima' });
    expect((await push(server, token, 'customers', [{ assumedMasterState: null, newDocumentState: c }])).rejections).toEqual([]);
    const master = (await pullAll<CustomerDoc>(server, token, 'customers')).docs.find((d) => d.id === c.id)!;
    const res = await push<CustomerDoc>(server, token, 'customers', [
      { assumedMasterState: master, newDocumentState: { ...master, name: '  ', client_updated_at: isoAt() } },
    ]);
    expect(res.rejections.map((r) => [r.error, r.fields])).toEqual([['blank_required_field', ['name']]]);
    expect(res.masters.map((m) => m.name)).toEqual(['Carlos Lima']);
    expect((await pullAll<CustomerDoc>(server, token, 'customers')).docs.find((d) => d.id === c.id)?.name).toBe('Carlos Lima');
  });

  test('a quotation whose description, payment method or a material name is blank is refused, field by field', async () => {
    const cases: [Partial<QuotationDoc>, string[], string][] = [
      [{ description: '   ' }, ['description'], 'Preencha o campo obrigatório: Descrição.'],
      [{ payment_method: ' ' }, ['payment_method'], 'Preencha o campo obrigatório: Método de Pagamento.'],
      [{ description: '\n', payment_method: '\t' }, ['description', 'payment_method'], 'Preencha os campos obrigatórios: Descrição, Método de Pagamento.'],
      [{ materials: [{ name: '  ', quantity: 1, price: 10 }] }, ['materials'], 'Preencha o campo obrigatório: Nome do material.'],
    ];
    const docs = cases.map(([over]) => quotation(over));
    const good = quotation();
    const res = await push(server, token, 'quotations', [...docs, good].map((d) => ({ assumedMasterState: null, newDocumentState: d })));
    expect(res.status).toBe(200);
    expect(res.rejections).toEqual(
      cases.map(([, fields, message], i) => ({ id: docs[i].id, error: 'blank_required_field', message, fields })),
    );
    const stored = await ids('quotations');
    expect(docs.filter((d) => stored.has(d.id))).toEqual([]);
    expect(stored.has(good.id)).toBe(true);
  });

  test('a quotation without Prazo de Execução (empty or blank) lands: it is optional (issue 39)', async () => {
    const empty = quotation({ execution_deadline: '' });
    const blank = quotation({ execution_deadline: '  ' });
    const res = await push(server, token, 'quotations', [empty, blank].map((d) => ({ assumedMasterState: null, newDocumentState: d })));
    expect(res.rejections).toEqual([]);
    const stored = (await pullAll<QuotationDoc>(server, token, 'quotations')).docs;
    expect(stored.find((d) => d.id === empty.id)?.execution_deadline).toBe('');
    expect(stored.find((d) => d.id === blank.id)?.execution_deadline).toBe('  ');
  });

  test('a material price with more than 2 decimals is refused (invalid_document, materials); 2 decimals land', async () => {
    const three = quotation({ materials: [{ name: 'Metalon 30x30', quantity: 6, price: 45.999 }] });
    const tiny = quotation({ materials: [{ name: 'Parafuso', quantity: 100, price: 0.001 }] });
    const two = quotation({ materials: [{ name: 'Metalon 30x30', quantity: 6, price: 45.99 }] });
    const res = await push(server, token, 'quotations', [three, tiny, two].map((d) => ({ assumedMasterState: null, newDocumentState: d })));
    expect(res.rejections).toEqual([
      { id: three.id, error: 'invalid_document', message: ERROR_MESSAGES.invalid_document, fields: ['materials'] },
      { id: tiny.id, error: 'invalid_document', message: ERROR_MESSAGES.invalid_document, fields: ['materials'] },
    ]);
    const stored = await pullAll<QuotationDoc>(server, token, 'quotations');
    expect(stored.docs.some((d) => d.id === three.id || d.id === tiny.id)).toBe(false);
    expect(stored.docs.find((d) => d.id === two.id)?.materials).toEqual([{ name: 'Metalon 30x30', quantity: 6, price: 45.99 }]);
  });

  test('documents stored blank before this rule can still be deleted, and decided from the link', async () => {
    const old = await insertCustomer(server.db, { name: '   ' });
    const master = (await pullAll<CustomerDoc>(server, token, 'customers')).docs.find((d) => d.id === old.id)!;
    const del = await push(server, token, 'customers', [
      { assumedMasterState: master, newDocumentState: { ...master, _deleted: true, client_updated_at: isoAt() } },
    ]);
    expect(del.rejections).toEqual([]);
    expect((await ids('customers')).has(old.id)).toBe(false);

    const q = await insertQuotation(server.db, { description: '  ', payment_method: ' ' });
    const accepted = await api(server, `/api/public/quotations/${q.code}/accept${withKey(q)}`, { method: 'POST' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
  });
});
