/**
 * Customer commands against a real local RxDB (fake-indexeddb): delete refused with counts,
 * unique phone, unchanged phone on edit, empty optional fields as null, fixing a refused
 * customer; and the remote-change watcher (other users toast, own changes and the first sync do not).
 */
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { localDatabase } from '../../support/local-db';
import { createCustomerCommands } from '../../../src/data/db/customers';
import { DataError } from '../../../src/data/db/errors';
import { watchRemoteChanges } from '../../../src/data/db/remote-changes';
import { insertDocument } from '../../../src/data/db/writes';
import type { RemoteToast } from '../../../src/domain/remote-changes';

const getDb = localDatabase('customers', 'me');
const commands = createCustomerCommands(getDb);
const now = () => new Date().toISOString();

function quotationFor(customerId: string, n: number) {
  return {
    code: `ORC-2026-${String(9000 + n)}`,
    customer_id: customerId,
    description: 'Portão',
    status: 'pending' as const,
    total_amount: 100,
    discounts: 0,
    taxes: 0,
    payment_method: 'PIX',
    validity_date: '2026-12-31',
    execution_deadline: '10 dias',
    materials: [],
    viewed_at: null,
  };
}

describe('customer commands', () => {
  test('a phone typed as bare digits is stored as imports and the quotation form show it (issue 39 §4)', async () => {
    const a = await commands.add({ name: 'Dígitos', phone: '35991234567', whatsapp: '3537431234' });
    expect(a).toMatchObject({ phone: '(35) 99123-4567', whatsapp: '(35) 3743-1234' });
    const b = await commands.update(a.id, { phone: '35 99123 4568' });
    expect(b.phone).toBe('(35) 99123-4568');
    // Anything that is not a Brazilian number stays as typed.
    expect((await commands.add({ name: 'Exterior', phone: '+351 912 345 678' })).phone).toBe('+351 912 345 678');
  });

  test('empty optional fields are stored as null; a duplicate phone is refused on the phone field', async () => {
    const a = await commands.add({ name: ' Ana ', phone: '(31) 99999-0001', whatsapp: '  ', description: '' });
    expect(a).toMatchObject({ name: 'Ana', whatsapp: null, description: null });
    const err = await commands.add({ name: 'Bia', phone: '31 99999 0001' }).catch((e) => e);
    expect(err).toBeInstanceOf(DataError);
    expect(err).toMatchObject({ code: 'duplicate_phone', field: 'phone', message: 'Este telefone já está cadastrado para outro cliente' });
  });

  test('fiscal data (issue 38): stored normalised; a wrong CPF, CEP or município is refused on its field and nothing is written', async () => {
    const a = await commands.add({
      name: 'Metalúrgica Alfa', phone: '31 96666-0101', tax_id: '12.abc.345/01de-35', address_cep: '24020-005',
      address_street: ' Rua da Conceição ', address_number: '100', address_complement: '', address_district: 'Centro', address_city_code: '3303302',
    });
    expect(a).toMatchObject({
      tax_id: '12ABC34501DE35', address_cep: '24020005', address_street: 'Rua da Conceição', address_number: '100',
      address_complement: null, address_district: 'Centro', address_city_code: '3303302',
    });
    const plain = await commands.add({ name: 'Sem fiscal', phone: '31 96666-0102' });
    expect(plain).toMatchObject({ tax_id: null, address_cep: null, address_city_code: null });
    const db = await getDb();
    const before = await db.db.customers.count().exec();
    await expect(commands.add({ name: 'Bad', phone: '31 96666-0103', tax_id: '529.982.247-24' })).rejects.toMatchObject({
      code: 'invalid_tax_id', field: 'tax_id', message: 'CPF inválido: confira os dígitos',
    });
    await expect(commands.add({ name: 'Bad', phone: '31 96666-0104', address_cep: '2402-005' })).rejects.toMatchObject({
      code: 'invalid_cep', field: 'address_cep', message: 'CEP deve ter 8 dígitos',
    });
    await expect(commands.add({ name: 'Bad', phone: '31 96666-0105', address_city_code: '3303303' })).rejects.toMatchObject({
      code: 'invalid_municipio', field: 'address_city_code', message: 'Escolha o município na lista',
    });
    expect(await db.db.customers.count().exec()).toBe(before);
    await expect(commands.update(a.id, { name: 'Outro nome', tax_id: '11.222.333/0001-82' })).rejects.toMatchObject({ field: 'tax_id' });
    expect((await db.db.customers.findOne(a.id).exec())!.name).toBe('Metalúrgica Alfa');
    const edited = await commands.update(a.id, { tax_id: '529.982.247-25', address_city_code: null });
    expect(edited).toMatchObject({ tax_id: '52998224725', address_city_code: null, address_cep: '24020005' });
  });

  test('editing with an unchanged phone is fine; another customer\'s phone is refused', async () => {
    const a = await commands.add({ name: 'Carlos', phone: '31 98888-0002' });
    const b = await commands.add({ name: 'Dora', phone: '31 98888-0003' });
    const edited = await commands.update(a.id, { name: 'Carlos Souza', phone: '31 98888-0002', whatsapp: '31 98888-0002', description: '' });
    expect(edited).toMatchObject({ name: 'Carlos Souza', whatsapp: '(31) 98888-0002', description: null });
    await expect(commands.update(b.id, { phone: '(31) 98888-0002' })).rejects.toMatchObject({ code: 'duplicate_phone' });
  });

  test('a customer with quotations or transactions is not deleted; the message says how many', async () => {
    const db = await getDb();
    const c = await commands.add({ name: 'Eva', phone: '31 97777-0004' });
    await insertDocument(db, 'quotations', quotationFor(c.id, 1));
    await insertDocument(db, 'quotations', quotationFor(c.id, 2));
    await insertDocument(db, 'transactions', {
      type: 'entrada', customer_id: c.id, name: null, category: null, description: 'Sinal', amount: 50,
      payment_method: 'pix', payment_status: 'pago', due_date: null, quotation_id: null,
    });
    const err = await commands.remove(c.id).catch((e) => e);
    expect(err).toBeInstanceOf(DataError);
    expect(err.message).toBe('Este cliente não pode ser excluído: possui 2 orçamentos e 1 transação.');
    expect(await db.db.customers.findOne(c.id).exec()).not.toBeNull();
    expect(await commands.historyCounts(c.id)).toEqual({ quotations: 2, transactions: 1 });
  });

  test('a customer without history is deleted', async () => {
    const db = await getDb();
    const c = await commands.add({ name: 'Fabi', phone: '31 96666-0005' });
    await commands.remove(c.id);
    expect(await db.db.customers.findOne(c.id).exec()).toBeNull();
  });

  test('a new customer the server refused (its local copy removed by replication) is fixed by editing it', async () => {
    const db = await getDb();
    const c = await commands.add({ name: 'Gil', phone: '31 95555-0006' });
    const refusedVersion = (await db.db.customers.findOne(c.id).exec())!.toMutableJSON();
    // What replication does with a refused insert: keep the version aside, remove the local copy.
    await db.sync.store.addRefused([
      { collection: 'customers', id: c.id, error: 'duplicate_phone', message: 'Este telefone já está cadastrado para outro cliente', document: refusedVersion as Record<string, unknown>, at: now() },
    ]);
    await (await db.db.customers.findOne(c.id).exec())!.remove();
    // The other device's customer with that phone has arrived meanwhile.
    await commands.add({ name: 'Outro', phone: '31 95555-0099' });
    await expect(commands.update(c.id, { phone: '31 95555-0099' })).rejects.toMatchObject({ code: 'duplicate_phone' });

    const fixed = await commands.update(c.id, { name: 'Gil', phone: '31 95555-0007' });
    expect(fixed).toMatchObject({ id: c.id, name: 'Gil', phone: '(31) 95555-0007' });
    expect(db.sync.store.value.refused.filter((r) => r.id === c.id)).toEqual([]);
    expect((await db.db.customers.findOne(c.id).exec())?.phone).toBe('(31) 95555-0007');
    expect(db.sync.status$.value.pending).toBeGreaterThan(0);
  });
});

describe('remote changes', () => {
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const remoteCustomer = (id: string, by: string | null) => ({
    id, name: `Remoto ${id}`, phone: `31 9${id}`, whatsapp: null, description: null,
    created_at: now(), updated_at: now(), client_updated_at: now(), created_by: by, updated_by: by,
  });

  test('nothing toasts before the first sync is done; then other users toast, my own changes never', async () => {
    const db = await getDb();
    const got: RemoteToast[] = [];
    const stop = watchRemoteChanges(db, (t) => got.push(...t), { burstMs: 20, settleTimeoutMs: 0 });
    // First download still running: documents arriving now are not news.
    await db.db.customers.insert(remoteCustomer('100', 'other'));
    await wait(120);
    expect(got).toEqual([]);

    await db.sync.store.setLastSync(now(), true);
    await wait(120);
    await db.db.customers.insert(remoteCustomer('101', 'other'));
    await commands.add({ name: 'Meu', phone: '31 94444-0010' });
    await db.db.customers.insert(remoteCustomer('102', 'me')); // mine, from another device
    await wait(120);
    expect(got.map((t) => t.title)).toEqual(['Cliente adicionado']);

    // A burst (a reconnection catching up) collapses into one summary.
    got.length = 0;
    await db.db.customers.bulkInsert(['201', '202', '203', '204', '205'].map((id) => remoteCustomer(id, 'other')));
    await wait(120);
    expect(got).toHaveLength(1);
    expect(got[0].description).toBe('5 alterações feitas por outros usuários foram recebidas.');
    stop();
  });
});
