/**
 * Importar planilha's writes against a real local RxDB (fake-indexeddb, issue 32 §3): batches
 * with progress, a stop that leaves only whole batches (logged, undoable), duplicates found at
 * write time, fills, and Desfazer importação — refused once a record was edited, opposite
 * movements for the stock ledger.
 */
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { localDatabase } from '../../support/local-db';
import { createImportCommands, IMPORT_LOG_ID, type ImportRecord } from '../../../src/data/db/imports';
import { createCustomerCommands } from '../../../src/data/db/customers';
import { insertDocument } from '../../../src/data/db/writes';
import { planCustomers, planStock, type SheetTable } from '../../../src/domain/import/plan';
import { matchHeaders } from '../../../src/domain/import/headers';

const getDb = localDatabase('imports', 'me', ['customers', 'transactions', 'stock_items', 'stock_movements', 'catalog_items']);
const imports = createImportCommands(getDb);
const customers = createCustomerCommands(getDb);

const phone = (i: number) => `(35) 9${String(10000000 + i).slice(0, 4)}-${String(10000000 + i).slice(4)}`;
const customerSheet = (n: number, offset = 0): SheetTable => ({
  headers: ['Nome', 'Telefone', 'WhatsApp'],
  rows: Array.from({ length: n }, (_, i) => [`Cliente ${offset + i}`, phone(offset + i), '']),
});
const log = async (): Promise<ImportRecord[]> => {
  const fdb = await getDb();
  return ((await fdb.db.getLocal<{ imports: ImportRecord[] }>(IMPORT_LOG_ID))?.toJSON().data.imports ?? []) as ImportRecord[];
};

describe('import commands', () => {

  test('customers in batches with progress; a stop keeps whole batches, logged; undo removes them', async () => {
    const fdb = await getDb();
    const sheet = customerSheet(1200);
    const plan = planCustomers(sheet, matchHeaders('customers', sheet.headers), [], 'skip');
    const controller = new AbortController();
    const seen: number[] = [];
    const summary = await imports.run(plan, {
      file: 'clientes.csv',
      batchSize: 500,
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.done);
        if (p.done === 500) controller.abort();
      },
    });
    expect(seen).toEqual([0, 500]);
    expect(summary).toMatchObject({ status: 'cancelled', created: 500, total: 1200 });
    expect(await fdb.db.customers.count().exec()).toBe(500);
    const [record] = await log();
    expect(record).toMatchObject({ file: 'clientes.csv', status: 'cancelled', created: 500 });
    expect(record.docs).toHaveLength(500);
    // Every stored customer is pending (it syncs later like any change).
    expect(Object.keys(fdb.sync.store.value.pending).filter((k) => k.startsWith('customers/'))).toHaveLength(500);

    await imports.undo(summary.id);
    expect(await fdb.db.customers.count().exec()).toBe(0);
    expect((await log())[0].status).toBe('undone');
    await expect(imports.undo(summary.id)).rejects.toMatchObject({ code: 'undone' });
  }, 30_000);

  test('a phone registered meanwhile is skipped; fill writes only empty fields; undo is refused after an edit', async () => {
    const fdb = await getDb();
    const maria = await customers.add({ name: 'Maria Souza', phone: '(35) 99123-4567' });
    const sheet: SheetTable = {
      headers: ['Nome', 'Telefone', 'WhatsApp'],
      rows: [
        ['Maria', '35991234567', '(35) 99123-4567'],
        ['Novo', '(35) 3743-0009', ''],
        ['Outro', '(35) 3743-0010', ''],
      ],
    };
    const plan = planCustomers(sheet, matchHeaders('customers', sheet.headers), [maria], 'fill');
    await customers.add({ name: 'Chegou antes', phone: '35 3743-0010' });
    const summary = await imports.run(plan, { file: 'c.csv' });
    expect(summary).toMatchObject({ status: 'done', created: 1, updated: 1, skipped: 1 });
    expect((await fdb.db.customers.findOne(maria.id).exec())?.whatsapp).toBe('(35) 99123-4567');

    const novo = (await fdb.db.customers.find().exec()).find((c) => c.name === 'Novo')!;
    await customers.update(novo.id, { description: 'editado depois' });
    expect(await imports.editedCount(summary.id)).toBe(1);
    await expect(imports.undo(summary.id)).rejects.toMatchObject({
      code: 'edited',
      message: 'Não é possível desfazer: 1 registro desta importação foi alterado depois dela.',
    });
    expect(await fdb.db.customers.findOne(novo.id).exec()).not.toBeNull();
  });

  test('stock: new catalogue entries, opening movements; undo writes opposite movements', async () => {
    const fdb = await getDb();
    const cat = await insertDocument(fdb, 'catalog_items', { kind: 'category', name: 'Barras Metálicas', value: null, unit: null, parent_id: null });
    const sheet: SheetTable = {
      headers: ['Categoria', 'Tipo', 'Material', 'Espessura', 'Dimensão', 'Quantidade'],
      rows: [
        ['Barras Metálicas', 'Metalon', 'Aço Carbono', '3', '6000 mm', 12],
        ['Barras Metálicas', 'Metalon', 'Aço Carbono', '2', '6000 mm', 0],
      ],
    };
    const catalog = (await fdb.db.catalog_items.find().exec()).map((d) => d.toJSON());
    const plan = planStock(sheet, matchHeaders('stock', sheet.headers), catalog, []);
    const summary = await imports.run(plan, { file: 'estoque.xlsx' });
    expect(summary).toMatchObject({ status: 'done', created: 2, catalog: 5 });
    const type = (await fdb.db.catalog_items.find({ selector: { kind: 'type' } }).exec())[0];
    expect(type.parent_id).toBe(cat.id);
    const moves = await fdb.db.stock_movements.find().exec();
    expect(moves.map((m) => m.delta)).toEqual([12]);

    const done = await imports.undo(summary.id);
    // Says what it undid (the toast's text).
    expect(done).toEqual({ kind: 'stock', removed: 2, emptied: 0, catalog: 5 });
    expect(await fdb.db.stock_items.count().exec()).toBe(0);
    const after = await fdb.db.stock_movements.find().exec();
    expect(after.map((m) => m.delta).sort()).toEqual([-12, 12]);

    // Issue 39: the entries it created are removed only once the server has the items' removals —
    // sent first, the server refused them ('1 item do estoque usa este cadastro') and they stayed.
    const names = async () => (await fdb.db.catalog_items.find().exec()).map((d) => d.name).sort();
    await new Promise((r) => setTimeout(r, 100));
    expect(await names()).toEqual(['2', '3', '6000 mm', 'Aço Carbono', 'Barras Metálicas', 'Metalon']);
    expect((await log())[0].catalogLeft).toHaveLength(5);
    const pendingOf = (c: string) => Object.keys(fdb.sync.store.value.pending).filter((k) => k.startsWith(`${c}/`)).map((k) => k.slice(c.length + 1));
    await fdb.sync.store.acknowledge('stock_items', pendingOf('stock_items'));
    await expect.poll(names).toEqual(['Barras Metálicas']);
    // Done once the server has the entries' removals too (an app closed before resumes it).
    expect((await log())[0].catalogLeft).toHaveLength(5);
    await fdb.sync.store.acknowledge('catalog_items', pendingOf('catalog_items'));
    await expect.poll(async () => (await log())[0].catalogLeft).toEqual([]);
  });

  test('customers with fiscal data (issue 38): stored normalised with the IBGE code; the rest of them null', async () => {
    const fdb = await getDb();
    const sheet: SheetTable = {
      headers: ['Nome', 'Telefone', 'CPF/CNPJ', 'Endereço', 'CEP', 'Cidade', 'UF'],
      rows: [
        ['Fiscal Um', '(35) 98000-0001', '12.ABC.345/01DE-35', 'Rua X, 123 - Centro', '24020-005', 'Niterói', 'RJ'],
        ['Fiscal Dois', '(35) 98000-0002', '', '', '', '', ''],
      ],
    };
    const { resolveMunicipio } = await import('@shared/municipios');
    const plan = planCustomers(sheet, matchHeaders('customers', sheet.headers), [], 'skip', resolveMunicipio);
    const summary = await imports.run(plan, { file: 'fiscal.csv' });
    expect(summary).toMatchObject({ created: 2 });
    const one = (await fdb.db.customers.findOne({ selector: { name: 'Fiscal Um' } }).exec())!.toJSON();
    expect(one).toMatchObject({
      tax_id: '12ABC34501DE35', address_street: 'Rua X', address_number: '123', address_complement: null, address_district: 'Centro',
      address_cep: '24020005', address_city_code: '3303302',
    });
    const two = (await fdb.db.customers.findOne({ selector: { name: 'Fiscal Dois' } }).exec())!.toJSON();
    expect(two).toMatchObject({ tax_id: null, address_street: null, address_cep: null, address_city_code: null });
    await imports.undo(summary.id);
  });
});
