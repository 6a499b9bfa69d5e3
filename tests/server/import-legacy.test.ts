/**
 * Issue 32 §4 — `npm run import:legacy -- PASTA`: the old system's CSV exports (tests/server/
 * legacy-export: the table editor's `customers_rows.csv`, a quoted multi-line field, materials as
 * JSON text, an accepted and a rejected quotation, users.csv) come into Forja with their ids and
 * quotation codes; created_by goes to the Forja account with the same e-mail, else the owner; bad
 * rows are skipped with their reason; a second run over the same records is refused and changes
 * nothing; a file that cannot be read changes nothing; and the old /quotation/{código} opens.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LINK_SECRET_PATTERN, type CustomerDoc, type QuotationDoc, type TransactionDoc } from '@shared';
import { api, backends, createUser, signIn, startTestServer, TEST_ADMIN_EMAIL, type TestServer } from '../support/server';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { pullAll } from './sync-fixtures';
import { importLegacy, LegacyAlreadyImportedError, LegacyFileError } from '../../sync-server/src/legacy/import';
import { readExportFolder } from '../../sync-server/src/legacy/files';
import { formatLegacyReport } from '../../sync-server/src/legacy/report';
import { loadConfig } from '../../sync-server/src/config';
import { pgliteDir } from '../../sync-server/src/db';
import { startServer, type RunningServer } from '../../sync-server/src/main';

const ROOT = path.resolve(__dirname, '../..');
const EXPORT_DIR = path.join(__dirname, 'legacy-export');
const TSX_LOADER = pathToFileURL(createRequire(path.join(ROOT, 'package.json')).resolve('tsx')).href;

const C = (n: number) => `0b6f1c9a-1111-4a8e-9d2b-00000000000${n}`;
const Q = (n: number) => `7a0e5b3c-2222-4c1d-8e9f-00000000000${n}`;
const T = (n: number) => `3c9d7e1f-3333-4b2a-9c8d-00000000000${n}`;

type Rows = { customers: number; quotations: number; transactions: number; seq: number };

async function counts(server: TestServer): Promise<Rows> {
  const n = async (table: string) => Number((await server.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);
  const seq = Number((await server.db.query<{ s: string }>(`SELECT coalesce(max(_seq), 0)::text AS s FROM quotations`)).rows[0].s);
  return { customers: await n('customers'), quotations: await n('quotations'), transactions: await n('transactions'), seq };
}

describe.each(backends())('import:legacy of the old system’s export (%s)', (backend) => {
  let server: TestServer;
  let token: string;
  let ana: { id: string };
  let ownerId: string;
  let tmp: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    // Ana has a Forja account with the e-mail of users.csv (there written Ana@Oficina.test); Beto has none.
    ana = await createUser(server, { email: 'ana@oficina.test' });
    ownerId = (await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [TEST_ADMIN_EMAIL])).rows[0].id;
    token = (await signIn(server)).accessToken;
    tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-legacy-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  const doc = async <D>(table: string, id: string) =>
    (await pullAll<D & { id: string }>(server, token, table)).docs.find((d) => d.id === id);

  test('a file that fails to read (an unclosed quote) changes nothing, not even the files that read well', async () => {
    const dir = path.join(tmp, 'broken');
    cpSync(EXPORT_DIR, dir, { recursive: true });
    writeFileSync(path.join(dir, 'transactions.csv'), 'id,type,amount,payment_status,description\nx-1,entrada,10,pago,"Sem fechar\n');
    const before = await counts(server);
    await expect(importLegacy(server.db, readExportFolder(dir))).rejects.toThrow(LegacyFileError);
    await expect(importLegacy(server.db, readExportFolder(dir))).rejects.toThrow('transactions.csv: aspas sem fechamento');
    expect(await counts(server)).toEqual(before);
  });

  test('--simular reports what would be imported and writes nothing', async () => {
    const before = await counts(server);
    const report = await importLegacy(server.db, readExportFolder(EXPORT_DIR), { dryRun: true });
    expect(report.imported).toEqual({ customers: 2, quotations: 3, transactions: 3 });
    expect(formatLegacyReport(report).join('\n')).toContain('Simulação (--simular): seriam importados 2 clientes, 3 orçamentos, 3 lançamentos do caixa. Nada foi gravado.');
    expect(await counts(server)).toEqual(before);
  });

  test('imports customers, quotations and cash-flow entries with their ids and codes, says what it skipped and why', async () => {
    const before = await pullAll(server, token, 'quotations');
    const report = await importLegacy(server.db, readExportFolder(EXPORT_DIR));
    expect(report.imported).toEqual({ customers: 2, quotations: 3, transactions: 3 });
    const text = formatLegacyReport(report).join('\n');
    expect(text).toContain('Importados: 2 clientes, 3 orçamentos, 3 lançamentos do caixa.');
    // The bad rows, each with its line (as a spreadsheet numbers them: the multi-line field is one row) and reason.
    expect(text).toContain(`customers_rows.csv, linha 4 (id ${C(3)}): campo inválido: name em branco`);
    expect(text).toContain(`customers_rows.csv, linha 5 (id ${C(4)}): o telefone 35 99123 4567 já é do cliente Maria Souza`);
    expect(text).toContain(`quotations.csv, linha 4 (id ${Q(3)}): campo inválido: code (letras, números e hífens, de 3 a 32 caracteres)`);
    expect(text).toContain(`transactions.csv, linha 4 (id ${T(3)}): campo inválido: amount (maior que zero, até 2 casas decimais)`);
    expect(text).toContain('Pulados (4):');
    // Authorship: Ana by e-mail through users.csv; Beto has no account and the customers none at all → the owner.
    expect(text).toContain(`Criado por: ${TEST_ADMIN_EMAIL} (dono): 5; ana@oficina.test: 3.`);
    expect(text).toContain('2 ficaram com o dono admin@forja.test: beto@oficina.test não tem conta no Forja');

    // A device receives them by sync, as they were in the old system.
    const maria = await doc<CustomerDoc>('customers', C(1));
    expect(maria).toMatchObject({ name: 'Maria Souza', phone: '(35) 99123-4567', whatsapp: '35991234567', created_at: '2024-02-10T13:45:12.345Z', created_by: ownerId });
    expect(maria!.description).toBe('Cliente antiga\npaga em dia, prefere "PIX"');
    expect(await doc<CustomerDoc>('customers', C(2))).toMatchObject({ name: 'José da Conceição', whatsapp: null, description: null });
    expect(await doc<CustomerDoc>('customers', C(3))).toBeUndefined();

    const accepted = await doc<QuotationDoc>('quotations', Q(1));
    expect(accepted).toMatchObject({
      code: 'ORC-2024-0001',
      customer_id: C(1),
      description: 'Portão basculante 3x2 m\ncom pintura eletrostática',
      status: 'accepted',
      total_amount: 2450,
      discounts: 50,
      validity_date: '2024-03-11',
      materials: [{ name: 'Tubo 40x40', quantity: 6, price: 89.9 }, { name: 'Chapa 2 mm', quantity: 2, price: 347.35 }],
      viewed_at: '2024-02-12T08:30:00.000Z',
      created_at: '2024-02-11T14:00:00.000Z',
      created_by: ana.id,
    });
    expect(accepted!.link_secret).toMatch(LINK_SECRET_PATTERN);
    expect(await doc<QuotationDoc>('quotations', Q(2))).toMatchObject({ code: 'orc-2024-0002', status: 'pending', created_by: ownerId });
    // The customer skipped as a repeated phone: its quotation is Maria's.
    expect(await doc<QuotationDoc>('quotations', Q(4))).toMatchObject({ code: 'ORC-2024-0004', status: 'rejected', customer_id: C(1), created_by: ownerId });
    expect(await doc<QuotationDoc>('quotations', Q(3))).toBeUndefined();
    const pulledAfter = (await pullAll(server, token, 'quotations')).docs.length;
    expect(pulledAfter).toBe(before.docs.length + 3);

    expect(await doc<TransactionDoc>('transactions', T(1))).toMatchObject({ type: 'entrada', amount: 1225, payment_method: 'pix', payment_status: 'pago', customer_id: C(1), created_by: ana.id });
    expect(await doc<TransactionDoc>('transactions', T(2))).toMatchObject({ type: 'despesas', category: 'luz', payment_method: 'n/a', due_date: '2024-03-10', created_by: ownerId });
    expect(await doc<TransactionDoc>('transactions', T(4))).toMatchObject({ payment_method: 'cartao', payment_status: 'atrasado', amount: 190.25 });
  });

  test('the old link /quotation/{código} opens the quotation, with its status: the bare code asks the phone’s last 4 digits', async () => {
    const bare = await api(server, '/api/public/quotations/ORC-2024-0001');
    expect(bare.status).toBe(403);
    expect(bare.body.error).toBe('quotation_phone_required');
    const opened = await api(server, '/api/public/quotations/orc-2024-0001?tel=4567');
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ code: 'ORC-2024-0001', status: 'accepted', customer: { name: 'Maria Souza' }, total_amount: 2450, viewed_at: '2024-02-12T08:30:00.000Z' });
    expect(opened.body.description).toBe('Portão basculante 3x2 m\ncom pintura eletrostática');
    const rejected = await api(server, '/api/public/quotations/ORC-2024-0004?tel=4567');
    expect(rejected.body).toMatchObject({ status: 'rejected', customer: { name: 'Maria Souza' } });
    // The links Forja sends from now on carry the secret the import gave it.
    const secret = (await server.db.query<{ link_secret: string }>('SELECT link_secret FROM quotations WHERE id = $1', [Q(2)])).rows[0].link_secret;
    expect((await api(server, `/api/public/quotations/orc-2024-0002?k=${secret}`)).body).toMatchObject({ status: 'pending', customer: { name: 'José da Conceição' } });
  });

  test('a second run over the same records is refused, says so, and changes nothing', async () => {
    const before = await counts(server);
    const second = importLegacy(server.db, readExportFolder(EXPORT_DIR));
    await expect(second).rejects.toThrow(LegacyAlreadyImportedError);
    await expect(importLegacy(server.db, readExportFolder(EXPORT_DIR))).rejects.toThrow(
      'Estes registros já foram importados: 2 clientes, 3 orçamentos, 3 lançamentos do caixa desta exportação já estão no Forja.\nNada foi alterado.',
    );
    expect(await counts(server)).toEqual(before);
  });

  test('a second run over an export with fewer tables (no users.csv, no transactions.csv) is refused too and imports nothing twice', async () => {
    const dir = path.join(tmp, 'fewer');
    mkdirSync(dir);
    for (const f of ['customers_rows.csv', 'quotations.csv']) cpSync(path.join(EXPORT_DIR, f), path.join(dir, f));
    const before = await counts(server);
    await expect(importLegacy(server.db, readExportFolder(dir))).rejects.toThrow(LegacyAlreadyImportedError);
    await expect(importLegacy(server.db, readExportFolder(dir))).rejects.toThrow(
      'Estes registros já foram importados: 2 clientes, 3 orçamentos desta exportação já estão no Forja.\nNada foi alterado.',
    );
    expect(await counts(server)).toEqual(before);
    // Only the cash book, this time.
    const onlyCash = path.join(tmp, 'only-cash');
    mkdirSync(onlyCash);
    cpSync(path.join(EXPORT_DIR, 'transactions.csv'), path.join(onlyCash, 'transactions.csv'));
    await expect(importLegacy(server.db, readExportFolder(onlyCash))).rejects.toThrow('3 lançamentos do caixa desta exportação já estão no Forja');
    expect(await counts(server)).toEqual(before);
    // And --somente-novos over them: every row already there, none imported again.
    const report = await importLegacy(server.db, readExportFolder(dir), { onlyNew: true });
    expect(report.imported).toEqual({ customers: 0, quotations: 0, transactions: 0 });
    expect(await counts(server)).toEqual(before);
  });

  test('--somente-novos imports only the corrected rows; the ones already there are skipped as imported before', async () => {
    const dir = path.join(tmp, 'fixed');
    cpSync(EXPORT_DIR, dir, { recursive: true });
    const quotations = path.join(dir, 'quotations.csv');
    writeFileSync(quotations, readFileSync(quotations, 'utf8').replace('ORC_2024_0003', 'ORC-2024-0003'));
    const report = await importLegacy(server.db, readExportFolder(dir), { onlyNew: true });
    expect(report.imported).toEqual({ customers: 0, quotations: 1, transactions: 0 });
    expect(report.skipped).toContainEqual({ fileName: 'quotations.csv', line: 2, id: Q(1), reason: 'já está no Forja (importado antes)' });
    expect(await doc<QuotationDoc>('quotations', Q(3))).toMatchObject({ code: 'ORC-2024-0003', customer_id: C(2), created_by: ana.id });
  });
  test('customers’ fiscal columns (issue 38): CPF/CNPJ, Endereço, CEP, Bairro, Cidade, UF; a wrong one is left out with a note, the customer imported', async () => {
    const dir = path.join(tmp, 'fiscal');
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, 'customers.csv'),
      [
        'id,name,phone,CPF,CNPJ,Endereço,CEP,Bairro,Cidade,UF',
        'f-c1,Ana Fiscal,(21) 3333-0001,529.982.247-25,,"Rua da Conceição, 100 - Centro",24020-005,,Niterói,RJ',
        'f-c2,Alfa Metais,(21) 3333-0002,,12.ABC.345/01DE-35,Av. Brasil,3013001,Vila Nova,Cidade Inventada,MG',
        'f-c3,CPF Errado,(21) 3333-0003,529.982.247-24,,,,,Bom Jesus,',
      ].join('\n') + '\n',
    );
    const report = await importLegacy(server.db, readExportFolder(dir));
    expect(report.imported.customers).toBe(3);
    expect(report.skipped).toEqual([]);
    expect(report.notes).toEqual([
      { fileName: 'customers.csv', line: 3, id: 'f-c2', reason: 'CEP deve ter 8 dígitos — importado sem o CEP' },
      { fileName: 'customers.csv', line: 3, id: 'f-c2', reason: 'município "Cidade Inventada/MG" não encontrado na lista do IBGE — importado sem o município' },
      { fileName: 'customers.csv', line: 4, id: 'f-c3', reason: 'CPF inválido: confira os dígitos — importado sem o CPF/CNPJ' },
      { fileName: 'customers.csv', line: 4, id: 'f-c3', reason: 'há mais de um município "Bom Jesus" no Brasil (informe a UF) — importado sem o município' },
    ]);
    expect(formatLegacyReport(report).join('\n')).toContain('customers.csv, linha 4 (id f-c3): CPF inválido: confira os dígitos — importado sem o CPF/CNPJ');
    expect(await doc<CustomerDoc>('customers', 'f-c1')).toMatchObject({
      tax_id: '52998224725', address_street: 'Rua da Conceição', address_number: '100', address_district: 'Centro',
      address_cep: '24020005', address_city_code: '3303302',
    });
    expect(await doc<CustomerDoc>('customers', 'f-c2')).toMatchObject({
      tax_id: '12ABC34501DE35', address_street: 'Av. Brasil', address_number: null, address_district: 'Vila Nova', address_cep: null, address_city_code: null,
    });
    expect(await doc<CustomerDoc>('customers', 'f-c3')).toMatchObject({ name: 'CPF Errado', tax_id: null, address_city_code: null });
  });

  test('a file saved again by a Brazilian Excel (Windows-1252, ";", 1.234,50, dd/MM/yyyy) reads right', async () => {
    const dir = path.join(tmp, 'excel');
    mkdirSync(dir);
    const csv = (lines: string[]) => latin1(lines.join('\r\n') + '\r\n');
    writeFileSync(path.join(dir, 'customers.csv'), csv(['id;name;phone;created_at', 'x-c1;Conceição Araújo;(35) 3333-9876;14/03/2024 09:21']));
    writeFileSync(
      path.join(dir, 'quotations.csv'),
      csv([
        'id;code;description;status;total_amount;discounts;taxes;payment_method;validity_date;execution_deadline;materials;customer_id;created_by',
        'x-q1;ORC-EXCEL-1;Escada caracol;Pendente;R$ 1.234,50;0;0;Boleto;30/04/2099;20 dias;"[{""name"":""Degrau"",""quantity"":10,""price"":""123,45""}]";x-c1;',
      ]),
    );
    const report = await importLegacy(server.db, readExportFolder(dir));
    expect(report.skipped).toEqual([]);
    expect(await doc<CustomerDoc>('customers', 'x-c1')).toMatchObject({ name: 'Conceição Araújo', created_at: '2024-03-14T12:21:00.000Z' });
    expect(await doc<QuotationDoc>('quotations', 'x-q1')).toMatchObject({
      total_amount: 1234.5, validity_date: '2099-04-30', status: 'pending', materials: [{ name: 'Degrau', quantity: 10, price: 123.45 }],
    });
    expect((await api(server, '/api/public/quotations/orc-excel-1?tel=9876')).body).toMatchObject({ customer: { name: 'Conceição Araújo' } });
  });

  test('a quotation without Prazo de execução is imported (issue 39): it is optional, stored empty', async () => {
    const dir = path.join(tmp, 'no-deadline');
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, 'quotations.csv'),
      [
        'id,code,description,status,total_amount,discounts,taxes,payment_method,validity_date,execution_deadline,materials,customer_id,created_by',
        'nd-q1,ORC-SEM-PRAZO-1,Portão de correr,pending,1200,0,0,PIX,2099-05-10,,[],,',
        'nd-q2,ORC-SEM-PRAZO-2,Grade,pending,300,0,0,Dinheiro,2099-05-10,"  ",[],,',
      ].join('\n') + '\n',
    );
    const report = await importLegacy(server.db, readExportFolder(dir));
    expect(report.skipped).toEqual([]);
    expect(report.imported.quotations).toBe(2);
    expect(await doc<QuotationDoc>('quotations', 'nd-q1')).toMatchObject({ code: 'ORC-SEM-PRAZO-1', execution_deadline: '' });
    expect(await doc<QuotationDoc>('quotations', 'nd-q2')).toMatchObject({ code: 'ORC-SEM-PRAZO-2', execution_deadline: '' });
  });
});

/** Text as Windows-1252 bytes (Latin-1 covers the Portuguese letters). */
function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

function runImport(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, path.join(ROOT, 'sync-server/src/cli/import-legacy.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

describe.each(backends())('npm run import:legacy while the server runs (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: RunningServer | null = null;
  beforeAll(async () => {
    testDb = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await server?.stop();
    await testDb.drop();
  });

  test('imports through the running server, prints what it did, refuses the second run, and the old code opens', async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', FORJA_WEB_DIR: path.join(os.tmpdir(), 'forja-no-web-build'), ...testDb.env });
    server = await startServer(config);
    const env = { DATABASE_URL: testDb.databaseUrl ?? '', FORJA_DATA_DIR: testDb.dataDir };

    const first = await runImport([EXPORT_DIR], env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(
      backend === 'pglite' ? `Banco de dados: PGlite (banco embutido) em ${pgliteDir(testDb.dataDir)}, pelo servidor em execução` : 'Banco de dados: PostgreSQL em',
    );
    expect(first.out).toContain('Importados: 2 clientes, 3 orçamentos, 3 lançamentos do caixa.');
    expect(first.out).toContain('Pulados (4):');

    const second = await runImport([EXPORT_DIR], env);
    expect(second.code, second.out).toBe(1);
    expect(second.out).toContain('Estes registros já foram importados');
    expect(second.out).toContain('Nada foi alterado.');

    const opened = await api(server, '/api/public/quotations/ORC-2024-0004?tel=4567');
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ code: 'ORC-2024-0004', status: 'rejected', customer: { name: 'Maria Souza' } });
  }, 120_000);

  test('a folder without the export, or a bad argument: refused, nothing changed', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'forja-legacy-empty-'));
    try {
      const res = await runImport([empty], { DATABASE_URL: testDb.databaseUrl ?? '', FORJA_DATA_DIR: testDb.dataDir });
      expect(res.code, res.out).toBe(1);
      expect(res.out).toContain(`Nenhum arquivo da exportação em ${empty}`);
      expect(res.out).toContain('Nada foi alterado.');
      const usage = await runImport([], { DATABASE_URL: testDb.databaseUrl ?? '', FORJA_DATA_DIR: testDb.dataDir });
      expect(usage.code).toBe(2);
      expect(usage.out).toContain('Uso: npm run import:legacy -- PASTA');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);
});
