/**
 * Importar planilha (issue 32 §1–3) in Chromium: a Windows-1252 ';' CSV of customers — with a
 * quoted multi-line observation, a phone already registered and a row without a phone — previewed
 * (rows as stored, each problem with its line and column, the counts), a column's match changed,
 * imported, on the server, then taken back with Desfazer importação from the sync centre; and an
 * .xlsx of stock on a phone, imported offline: the catalogue entries it lacked are listed and
 * created, the quantities are the opening movements, everything reaches the server once online,
 * and the undo writes the opposite movements.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import writeXlsxFile from 'write-excel-file/node';
import type { CatalogItemDoc, CustomerDoc, StockItemDoc, StockMovementDoc } from '../../schemas/collections';
import {
  ADMIN_EMAIL,
  PHONE,
  addUser,
  prepareStaff,
  STAFF_PASSWORD,
  artifactPath,
  closeSuite,
  customerDoc,
  newContext,
  openSuite,
  pullAll,
  seed,
  signIn,
  waitFor,
  type ApiSession,
  type RunningServer,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite());
});
afterAll(() => closeSuite({ server, browser }));

/** Text as Brazilian Excel's "CSV (separado por vírgulas)" saves it: Windows-1252 bytes. */
function windows1252(text: string): Buffer {
  const table: Record<string, number> = { ç: 0xe7, ã: 0xe3, á: 0xe1, é: 0xe9, ê: 0xea, í: 0xed, ó: 0xf3, õ: 0xf5, ú: 0xfa, Ç: 0xc7, Ã: 0xc3, Á: 0xc1, É: 0xc9 };
  return Buffer.from([...text].map((ch) => table[ch] ?? ch.charCodeAt(0)));
}

const dialog = (page: Page) => page.getByTestId('import-dialog');

/** Escolher arquivo, and the file picked in the browser's file chooser. */
async function chooseFile(page: Page, name: string, mimeType: string, buffer: Buffer) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog(page).getByRole('button', { name: 'Escolher arquivo' }).click()]);
  await chooser.setFiles({ name, mimeType, buffer });
}

test('customers: a Windows-1252 CSV previewed with its problems, imported, on the server, undone from the sync centre', async () => {
  await seed(server, staff, 'customers', [customerDoc({ name: 'Maria Souza', phone: '(35) 99123-4567' })]);
  const csv = windows1252(
    [
      'Nome;Celular;Observação',
      'João da Conceição;(35) 3743-1001;"Portão da frente',
      'e grade; pintar"',
      'Açougue São Brás;35 3743 1002;',
      'Maria S.;+55 35 99123-4567;duplicada',
      'Sem Telefone;;',
      '',
    ].join('\r\n'),
  );
  const { page } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Clientes', exact: true }).first().click();
  const overlay = page.getByRole('dialog', { name: 'Gerenciamento de Clientes' });
  await overlay.locator('[data-customer]').filter({ hasText: 'Maria Souza' }).waitFor();
  await overlay.getByRole('button', { name: 'Importar planilha' }).click();
  await dialog(page).getByRole('heading', { name: 'Importar clientes' }).waitFor();

  // A file that is not a spreadsheet is refused, and nothing is written.
  await chooseFile(page, 'foto.csv', 'text/csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
  await dialog(page).getByRole('alert').getByText('não parece ser uma planilha CSV').waitFor();

  await chooseFile(page, 'clientes.csv', 'text/csv', csv);
  await dialog(page).getByText('clientes.csv: 4 linhas de dados').waitFor();
  const counts = dialog(page).getByTestId('import-counts');
  await counts.getByText('2 clientes a importar · 2 linhas ignoradas').waitFor();
  const preview = dialog(page).getByTestId('import-preview');
  const firstRow = (await preview.locator('tbody tr').first().locator('td').allInnerTexts()).map((t) => t.trim());
  expect(firstRow).toEqual(['2', 'João da Conceição', '(35) 3743-1001', '—', 'Portão da frente\ne grade; pintar']);
  expect((await preview.locator('tbody tr').nth(1).locator('td').allInnerTexts())[1].trim()).toBe('Açougue São Brás');
  const problems = dialog(page).getByTestId('import-problems');
  expect((await problems.locator('li').allInnerTexts()).map((t) => t.trim())).toEqual([
    'Linha 4, Telefone: já existe o cliente Maria Souza',
    'Linha 5, Telefone: telefone em branco',
  ]);
  await page.screenshot({ path: artifactPath('import-preview-customers-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog(page).getByTestId('import-counts').scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifactPath('import-preview-customers-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The user changes a column's match: without Observação the preview drops it.
  await dialog(page).getByLabel('Coluna de Observação').selectOption({ label: '— não importar —' });
  await expect.poll(async () => (await preview.locator('tbody tr').first().locator('td').last().innerText()).trim()).toBe('—');
  await dialog(page).getByLabel('Coluna de Observação').selectOption({ label: 'Observação' });
  await preview.getByText('e grade; pintar').waitFor();

  await dialog(page).getByRole('button', { name: 'Importar 2' }).click();
  const summary = dialog(page).getByTestId('import-summary');
  await summary.getByText('Importação concluída').waitFor();
  await summary.getByText('2 clientes importados, 2 linhas ignoradas.').waitFor();
  await dialog(page).getByRole('button', { name: 'Fechar' }).last().click();
  await overlay.locator('[data-customer]').filter({ hasText: 'João da Conceição' }).first().waitFor();
  await overlay.locator('[data-customer]').filter({ hasText: 'Açougue São Brás' }).first().waitFor();

  const onServer = await waitFor(
    async () => {
      const all = await pullAll<CustomerDoc>(server, staff, 'customers');
      const joao = all.find((c) => c.name === 'João da Conceição' && !c._deleted);
      return joao && all.some((c) => c.name === 'Açougue São Brás') ? joao : null;
    },
    { timeout: 30_000, message: 'the imported customers on the server' },
  );
  expect(onServer).toMatchObject({ phone: '(35) 3743-1001', description: 'Portão da frente\ne grade; pintar' });

  // Desfazer importação, from the sync centre's recent imports.
  await page.keyboard.press('Escape');
  await overlay.waitFor({ state: 'hidden' });
  await page.locator('[data-testid=sync-centre-open]:visible').first().click();
  const centre = page.getByRole('dialog', { name: 'Central de sincronização' });
  const entry = centre.locator('[data-import="clientes.csv"]');
  await entry.getByText('Concluída').waitFor();
  await entry.getByRole('button', { name: 'Desfazer importação' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Desfazer importação?' });
  await confirm.getByText('2 clientes importados serão removidos.').waitFor();
  await confirm.getByRole('button', { name: 'Desfazer importação' }).click();
  await page.getByText('Importação desfeita', { exact: true }).first().waitFor();
  await entry.getByText('Desfeita').waitFor();
  await waitFor(
    async () => {
      const all = await pullAll<CustomerDoc>(server, staff, 'customers');
      return all.filter((c) => ['João da Conceição', 'Açougue São Brás'].includes(c.name)).every((c) => c._deleted) || null;
    },
    { timeout: 30_000, message: 'the imported customers deleted on the server' },
  );
  expect((await pullAll<CustomerDoc>(server, staff, 'customers')).find((c) => c.name === 'Maria Souza')?._deleted).toBe(false);
});

test('stock on a phone: an .xlsx imported offline creates the catalogue entries it lacked and the opening quantities; undo', async () => {
  // A thickness in inches and a column Forja has no field for (issue 39).
  const header = ['Categoria', 'Tipo', 'Material', 'Espessura', 'Dimensão', 'Quantidade', 'Quantidade mínima', 'Preço unitário'].map((value) => ({ value }));
  const row = (...cells: (string | number)[]) => cells.map((value) => (typeof value === 'number' ? { type: Number, value } : { type: String, value }));
  const xlsx = await writeXlsxFile([
    header,
    row('Barras Metálicas', 'Metalon', 'Aço Carbono', 3, '6000 mm', 12, 2, 45.9),
    row('Perfis Estruturais', 'Perfil U', 'Aço Galvanizado', '1/4"', '3500 mm', 7, 1, 120),
    row('Barras Metálicas', 'Metalon', 'Aço Carbono', 'fina', '6000 mm', 1, 0, 10),
  ] as unknown as import('write-excel-file/node').SheetData).toBuffer();

  const { page, context } = await newContext(browser, server, PHONE);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.goto('/adm/stock');
  await page.getByRole('heading', { name: 'Controle de Estoque' }).waitFor();
  await page.getByRole('button', { name: 'Importar planilha' }).click();
  await chooseFile(page, 'estoque.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xlsx);
  await dialog(page).getByTestId('import-counts').getByText('2 itens a importar · 1 linha ignorada').waitFor();
  const created = (await dialog(page).getByTestId('import-new-catalog').locator('span').allInnerTexts()).map((t) => t.trim());
  expect(created).toEqual(['Categoria: Perfis Estruturais', 'Tipo: Perfil U', 'Material: Aço Galvanizado', 'Espessura: 1/4" (6,35 mm)', 'Dimensão: 3500 mm']);
  await dialog(page).getByTestId('import-unmapped').getByText('Colunas não importadas: Preço unitário').waitFor();
  await dialog(page).getByTestId('import-problems').getByText('Linha 4, Espessura: espessura inválida (use mm, como 2,5, ou polegadas, como 1/4")').waitFor();
  await page.screenshot({ path: artifactPath('import-preview-stock-390.png') });

  // No signal from here: the import is written on the device.
  await context.setOffline(true);
  await dialog(page).getByRole('button', { name: 'Importar 2' }).click();
  await dialog(page).getByTestId('import-summary').getByText('2 itens importados, 5 cadastros novos no catálogo, 1 linha ignorada.').waitFor();
  await dialog(page).getByText('Sem conexão: os dados foram salvos neste aparelho').waitFor();
  await dialog(page).getByRole('button', { name: 'Fechar' }).last().click();
  const card = (text: string) => page.locator('[data-item-card]').filter({ hasText: text });
  expect((await card('Perfil U').getByTestId('stock-quantity').innerText()).trim()).toBe('7');
  expect((await card('Metalon').getByTestId('stock-quantity').innerText()).trim()).toBe('12');

  await context.setOffline(false);
  const items = await waitFor(
    async () => {
      const all = (await pullAll<StockItemDoc>(server, staff, 'stock_items')).filter((i) => !i._deleted);
      const moves = await pullAll<StockMovementDoc>(server, staff, 'stock_movements');
      // Each collection replicates on its own: the new catalogue entries may arrive after the items.
      const catalog = await pullAll<CatalogItemDoc>(server, staff, 'catalog_items');
      const arrived = catalog.some((c) => c.name === 'Perfil U');
      return all.length === 2 && moves.length === 2 && arrived ? { all, moves, catalog } : null;
    },
    { timeout: 45_000, message: 'the imported items, their opening movements and the new catalogue entries on the server' },
  );
  expect(items.moves.map((m) => m.delta).sort((a, b) => a - b)).toEqual([7, 12]);
  const catalog = items.catalog;
  const perfilU = catalog.find((c) => c.name === 'Perfil U')!;
  expect(catalog.find((c) => c.id === perfilU.parent_id)?.name).toBe('Perfis Estruturais');

  await page.getByRole('button', { name: 'Importar planilha' }).click();
  const entry = dialog(page).locator('[data-import="estoque.xlsx"]');
  await entry.getByRole('button', { name: 'Desfazer importação' }).click();
  await page.getByRole('alertdialog', { name: 'Desfazer importação?' }).getByRole('button', { name: 'Desfazer importação' }).click();
  await entry.getByText('Desfeita').waitFor();
  // It says what it undid (issue 39).
  await page
    .getByText('2 itens removidos, com movimentos opostos no estoque; 5 cadastros criados no catálogo saem assim que o servidor receber a remoção dos itens.')
    .first()
    .waitFor();
  await dialog(page).getByRole('button', { name: 'Fechar' }).last().click();
  await card('Perfil U').waitFor({ state: 'detached' });
  const after = await waitFor(
    async () => {
      const moves = await pullAll<StockMovementDoc>(server, staff, 'stock_movements');
      return moves.length === 4 ? moves : null;
    },
    { timeout: 30_000, message: 'the opposite movements on the server' },
  );
  expect(after.map((m) => m.delta).sort((a, b) => a - b)).toEqual([-12, -7, 7, 12]);

  // Issue 39: the entries the import created leave the server too, after the items — the server
  // refused them when their removal came first ('1 item do estoque usa este cadastro').
  const createdNames = ['Perfis Estruturais', 'Perfil U', 'Aço Galvanizado', '1/4"', '3500 mm'];
  await waitFor(
    async () => {
      const all = await pullAll<CatalogItemDoc>(server, staff, 'catalog_items');
      // pullAll leaves deleted documents out.
      return createdNames.every((n) => !all.some((c) => c.name === n)) || null;
    },
    { timeout: 30_000, message: 'the catalogue entries the import created, deleted on the server' },
  );
  await page.goto('/adm/quotations');
  const add = page.getByRole('button', { name: 'Novo Orçamento' });
  await add.waitFor();
  expect(await page.getByTestId('refused-notice').count()).toBe(0);
  // '+ Novo Orçamento' (the phone's round button) is what a tap at its centre reaches: nothing covers it.
  const box = (await add.boundingBox())!;
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null, [box.x + box.width / 2, box.y + box.height / 2])).toBe('Novo Orçamento');
  await page.screenshot({ path: artifactPath('import-undo-quotations-390.png') });
});

test('cash flow (a staff account): a UTF-8 CSV of entries, one with an unknown customer, imported with their dates and amounts', async () => {
  // Each account holds 3 device sessions: this one signs in as staff (who may import too).
  const email = 'caixa@forja.test';
  await prepareStaff(server, email, await addUser(server, email), { keepSession: false });
  await seed(server, staff, 'customers', [customerDoc({ name: 'Serralheria Boa Vista', phone: '(35) 3743-2001' })]);
  const csv = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(
      [
        'Data;Tipo;Valor;Cliente;Descrição;Forma de pagamento;Status',
        '05/03/2026;Entrada;R$ 1.234,50;serralheria boa vista;Portão basculante;PIX;Pago',
        '06/03/26;Despesa Fixa;150,00;Cemig;Conta de luz;;Pendente',
        '07/03/2026;Entrada;100;Fulano de Tal;;pix;pago',
      ].join('\r\n'),
      'utf8',
    ),
  ]);
  const { page } = await newContext(browser, server);
  await signIn(page, email, STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Importar planilha' }).click();
  await chooseFile(page, 'caixa.csv', 'text/csv', csv);
  await dialog(page).getByTestId('import-counts').getByText('2 lançamentos a importar · 1 linha ignorada').waitFor();
  await dialog(page)
    .getByTestId('import-problems')
    .getByText('Linha 4, Cliente: cliente "Fulano de Tal" não cadastrado (importe os clientes antes)')
    .waitFor();
  const first = (await dialog(page).getByTestId('import-preview').locator('tbody tr').first().locator('td').allInnerTexts()).map((t) => t.trim());
  expect(first.slice(0, 8)).toEqual(['2', 'R$\u00a01.234,50', '05/03/2026', '—', 'Entrada', 'PIX', 'Pago', 'Serralheria Boa Vista']);
  await dialog(page).getByRole('button', { name: 'Importar 2' }).click();
  await dialog(page).getByTestId('import-summary').getByText('2 lançamentos importados, 1 linha ignorada.').waitFor();
  await dialog(page).getByRole('button', { name: 'Fechar' }).last().click();
  await page.getByText('Portão basculante').first().waitFor();
  const onServer = await waitFor(
    async () => {
      const txs = await pullAll<{ description: string; amount: number; created_at: string; type: string; payment_method: string }>(server, staff, 'transactions');
      return txs.length >= 2 ? txs : null;
    },
    { timeout: 30_000, message: 'the imported entries on the server' },
  );
  const portao = onServer.find((t) => t.description === 'Portão basculante')!;
  expect(portao).toMatchObject({ amount: 1234.5, type: 'entrada', payment_method: 'pix' });
  expect(new Date(portao.created_at).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })).toBe('05/03/2026');
  expect(onServer.find((t) => t.description === 'Conta de luz')).toMatchObject({ amount: 150, type: 'despesas', payment_method: 'n/a' });
});
