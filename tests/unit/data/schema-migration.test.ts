/**
 * A device that stored documents with the version-0 schemas opens the app with version 1:
 * RxDB migrates them (src/data/db/migrations.ts) instead of failing to open, and nothing is lost.
 */
import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { collectionSchemas } from '@shared';
import { createForjaDatabase } from '../../../src/data/db/create-database';

addRxPlugin(RxDBDevModePlugin);

/** What customers v2 added (issue 38: fiscal data). */
const CUSTOMER_V2_FIELDS = ['tax_id', 'address_cep', 'address_street', 'address_number', 'address_complement', 'address_district', 'address_city_code'];

/** The version-0 schema of a collection: the current one minus the fields and indexes v1 and v2 added. */
function v0(name: 'customers' | 'quotations' | 'transactions'): RxJsonSchema<Record<string, unknown>> {
  const s = JSON.parse(JSON.stringify(collectionSchemas[name]));
  s.version = 0;
  for (const f of ['updated_by', 'decision_history', 'quotation_id', 'link_secret', ...CUSTOMER_V2_FIELDS]) delete s.properties[f];
  delete s.indexes;
  return s;
}

/** The version-1 schema of quotations: the current one minus what v2 added (issue 30: link_secret). */
function quotationsV1(): RxJsonSchema<Record<string, unknown>> {
  const s = JSON.parse(JSON.stringify(collectionSchemas.quotations));
  s.version = 1;
  delete s.properties.link_secret;
  return s;
}

test('documents stored under schema version 0 open under version 1 with the new fields empty', async () => {
  const name = `forja_migration_${Date.now()}`;
  const now = new Date().toISOString();
  const old = await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }) });
  await old.addCollections({
    customers: { schema: v0('customers') },
    quotations: { schema: v0('quotations') },
    transactions: { schema: v0('transactions') },
  });
  const stamps = { created_at: now, updated_at: now, client_updated_at: now, created_by: 'u1' };
  await old.customers.insert({ id: 'c1', name: 'Maria', phone: '31 99999-0000', whatsapp: null, description: null, ...stamps });
  await old.quotations.insert({
    id: 'q1', code: 'ORC-ABC123', customer_id: 'c1', description: 'Portão', status: 'accepted', total_amount: 10,
    discounts: 0, taxes: 0, payment_method: 'PIX', validity_date: '2026-12-31', execution_deadline: '5 dias',
    materials: [], viewed_at: null, decided_at: now, decision_reason: null, ...stamps,
  });
  await old.transactions.insert({
    id: 't1', type: 'entrada', customer_id: 'c1', name: null, category: null, description: 'x', amount: 10,
    payment_method: 'pix', payment_status: 'pago', due_date: null, ...stamps,
  });
  await old.close();

  const fdb = await createForjaDatabase({
    name, baseUrl: 'http://127.0.0.1:9', getToken: () => null, replicate: false, devMode: true,
    collections: ['customers', 'quotations', 'transactions'],
  });
  try {
    const c = (await fdb.db.customers.findOne('c1').exec())!.toJSON();
    expect(c).toMatchObject({ name: 'Maria', updated_by: null });
    const q = (await fdb.db.quotations.findOne('q1').exec())!.toJSON();
    expect(q).toMatchObject({ code: 'ORC-ABC123', status: 'accepted', decision_history: null, updated_by: null });
    const t = (await fdb.db.transactions.findOne('t1').exec())!.toJSON();
    expect(t).toMatchObject({ amount: 10, quotation_id: null, updated_by: null });
  } finally {
    await fdb.remove();
  }
});

test('quotations stored under version 1 open under version 2 with no link secret yet (the server’s arrives with the pull)', async () => {
  const name = `forja_migration_v2_${Date.now()}`;
  const now = new Date().toISOString();
  const old = await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }) });
  await old.addCollections({ quotations: { schema: quotationsV1(), migrationStrategies: { 1: (d: Record<string, unknown>) => d } } });
  await old.quotations.insert({
    id: 'q2', code: 'ORC-DEF456', customer_id: null, description: 'Grade', status: 'pending', total_amount: 10,
    discounts: 0, taxes: 0, payment_method: 'PIX', validity_date: '2026-12-31', execution_deadline: '5 dias',
    materials: [], viewed_at: null, decided_at: null, decision_reason: null, decision_history: null,
    created_at: now, updated_at: now, client_updated_at: now, created_by: 'u1', updated_by: 'u1',
  });
  await old.close();

  const fdb = await createForjaDatabase({
    name, baseUrl: 'http://127.0.0.1:9', getToken: () => null, replicate: false, devMode: true, collections: ['quotations'],
  });
  try {
    const q = (await fdb.db.quotations.findOne('q2').exec())!.toJSON();
    expect(q).toMatchObject({ code: 'ORC-DEF456', description: 'Grade', updated_by: 'u1', link_secret: null });
  } finally {
    await fdb.remove();
  }
});

test('customers stored under version 1 open under version 2 with every fiscal field empty (issue 38)', async () => {
  const name = `forja_migration_customers_v2_${Date.now()}`;
  const now = new Date().toISOString();
  const v1 = JSON.parse(JSON.stringify(collectionSchemas.customers));
  v1.version = 1;
  for (const f of CUSTOMER_V2_FIELDS) delete v1.properties[f];
  const old = await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }) });
  await old.addCollections({ customers: { schema: v1, migrationStrategies: { 1: (d: Record<string, unknown>) => d } } });
  await old.customers.insert({
    id: 'c2', name: 'Rosa', phone: '31 98888-0000', whatsapp: null, description: 'antiga',
    created_at: now, updated_at: now, client_updated_at: now, created_by: 'u1', updated_by: 'u1',
  });
  await old.close();

  const fdb = await createForjaDatabase({
    name, baseUrl: 'http://127.0.0.1:9', getToken: () => null, replicate: false, devMode: true, collections: ['customers'],
  });
  try {
    const c = (await fdb.db.customers.findOne('c2').exec())!.toJSON();
    expect(c).toMatchObject({ name: 'Rosa', description: 'antiga', updated_by: 'u1', ...Object.fromEntries(CUSTOMER_V2_FIELDS.map((f) => [f, null])) });
  } finally {
    await fdb.remove();
  }
});
