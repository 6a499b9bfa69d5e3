/**
 * Issue 38: customers carry fiscal data (CPF/CNPJ, CEP, address, the município's IBGE code). The
 * server re-checks every pushed customer as the form does: a wrong check digit, a CEP that is not
 * 8 digits or a code outside the IBGE list is refused with its own reason and a pt-BR message —
 * nothing stored half — and the alphanumeric CNPJ (July 2026) is accepted.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, type CustomerDoc } from '@shared';
import { backends, signIn, startTestServer, type TestServer } from '../support/server';
import { customer, isoAt, pullAll, push } from './sync-fixtures';
import { CUSTOMER_FISCAL_COLUMNS, m012 } from '../../sync-server/src/migrations/012-customer-fiscal';

describe.each(backends())('customer fiscal data on push (%s)', (backend) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    token = (await signIn(server)).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const stored = async (id: string) => (await pullAll<CustomerDoc>(server, token, 'customers')).docs.find((d) => d.id === id);
  const logged = async (id: string) =>
    (await server.db.query<{ code: string; message: string }>('SELECT code, message FROM sync_rejections WHERE doc_id = $1', [id])).rows;

  const address = {
    address_cep: '24020005',
    address_street: 'Rua da Conceição',
    address_number: '100',
    address_complement: 'Loja 2',
    address_district: 'Centro',
    address_city_code: '3303302',
  };

  test('a customer with a wrong CPF check digit is refused with its reason; nothing of it is stored', async () => {
    const bad = customer({ name: 'CPF errado', tax_id: '52998224724', ...address });
    const res = await push<CustomerDoc>(server, token, 'customers', [{ assumedMasterState: null, newDocumentState: bad }]);
    expect(res.status).toBe(200);
    expect(res.rejections).toEqual([{ id: bad.id, error: 'invalid_tax_id', message: 'CPF inválido: confira os dígitos.', fields: ['tax_id'] }]);
    expect(res.masters.map((m) => [m.id, m._deleted])).toEqual([[bad.id, true]]);
    expect(await stored(bad.id)).toBeUndefined();
    expect(await logged(bad.id)).toEqual([{ code: 'invalid_tax_id', message: 'CPF inválido: confira os dígitos.' }]);
  });

  test("Receita Federal's alphanumeric CNPJ is accepted and stored with the address, pulled back as sent", async () => {
    const good = customer({ name: 'Metalúrgica Alfa', tax_id: '12ABC34501DE35', ...address });
    const res = await push<CustomerDoc>(server, token, 'customers', [{ assumedMasterState: null, newDocumentState: good }]);
    expect(res.rejections).toEqual([]);
    expect(await stored(good.id)).toMatchObject({ tax_id: '12ABC34501DE35', ...address });
    const row = await server.db.query<{ tax_id: string; address_city_code: string }>('SELECT tax_id, address_city_code FROM customers WHERE id = $1', [good.id]);
    expect(row.rows[0]).toEqual({ tax_id: '12ABC34501DE35', address_city_code: '3303302' });
  });

  test('a punctuated or lower-case tax id, a bad CEP and a code outside the IBGE list are refused, each with its reason', async () => {
    const cases: [Partial<CustomerDoc>, string, string, string][] = [
      [{ tax_id: '529.982.247-25' }, 'invalid_tax_id', 'tax_id', 'CPF/CNPJ deve ter 11 dígitos (CPF) ou 14 caracteres (CNPJ).'],
      [{ tax_id: '12abc34501de35' }, 'invalid_tax_id', 'tax_id', 'CPF/CNPJ deve ter 11 dígitos (CPF) ou 14 caracteres (CNPJ).'],
      [{ tax_id: '11222333000182' }, 'invalid_tax_id', 'tax_id', 'CNPJ inválido: confira os dígitos.'],
      [{ tax_id: '123' }, 'invalid_tax_id', 'tax_id', 'CPF/CNPJ deve ter 11 dígitos (CPF) ou 14 caracteres (CNPJ).'],
      [{ address_cep: '2402000' }, 'invalid_cep', 'address_cep', 'CEP deve ter 8 dígitos.'],
      [{ address_cep: '24020-00' }, 'invalid_cep', 'address_cep', 'CEP deve ter 8 dígitos.'],
      [{ address_city_code: '3303303' }, 'invalid_municipio', 'address_city_code', ERROR_MESSAGES.invalid_municipio],
    ];
    const docs = cases.map(([over]) => customer(over));
    const res = await push<CustomerDoc>(server, token, 'customers', docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })));
    expect(res.rejections).toEqual(cases.map(([, error, field, message], i) => ({ id: docs[i].id, error, message, fields: [field] })));
    for (const d of docs) expect(await stored(d.id)).toBeUndefined();
  });

  test('an edit putting a wrong CPF on a stored customer is refused; the stored one stays and is answered', async () => {
    const c = customer({ name: 'Carla', tax_id: '52998224725' });
    expect((await push(server, token, 'customers', [{ assumedMasterState: null, newDocumentState: c }])).rejections).toEqual([]);
    const master = (await stored(c.id))!;
    const res = await push<CustomerDoc>(server, token, 'customers', [
      { assumedMasterState: master, newDocumentState: { ...master, tax_id: '52998224715', address_cep: '30130010', client_updated_at: isoAt() } },
    ]);
    expect(res.rejections.map((r) => [r.error, r.fields])).toEqual([['invalid_tax_id', ['tax_id']]]);
    expect(res.masters.map((m) => [m.tax_id, m.address_cep])).toEqual([['52998224725', null]]);
    expect(await stored(c.id)).toMatchObject({ tax_id: '52998224725', address_cep: null });
  });

  test('a customer without fiscal data (an older app) is stored with every fiscal field empty', async () => {
    const c = customer({ name: 'Sem dados fiscais' });
    expect((await push(server, token, 'customers', [{ assumedMasterState: null, newDocumentState: c }])).rejections).toEqual([]);
    expect(await stored(c.id)).toMatchObject({ tax_id: null, address_cep: null, address_street: null, address_city_code: null });
  });

  test('SQL 012 adds the columns to a customers table from before them, keeping its rows (and runs again harmlessly)', async () => {
    const c = customer({ name: 'De antes' });
    expect((await push(server, token, 'customers', [{ assumedMasterState: null, newDocumentState: c }])).rejections).toEqual([]);
    for (const column of CUSTOMER_FISCAL_COLUMNS) await server.db.query(`ALTER TABLE customers DROP COLUMN ${column}`);
    await server.db.transaction((tx) => m012.up(tx));
    await server.db.transaction((tx) => m012.up(tx));
    const { rows } = await server.db.query<Record<string, unknown>>('SELECT * FROM customers WHERE id = $1', [c.id]);
    expect(rows[0]).toMatchObject({ name: 'De antes', ...Object.fromEntries(CUSTOMER_FISCAL_COLUMNS.map((k) => [k, null])) });
  });
});
