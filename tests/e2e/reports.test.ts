/**
 * Issue 9, reports in Chromium: data seeded through the sync API (as another device would),
 * each tab shows the numbers a user expects, the financial export downloads a real file with the
 * right name and content, the phone layout does not overflow, and the reports open offline.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import Papa from 'papaparse';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  artifactPath,
  customerDoc,
  launchBrowser,
  newContext,
  prepareStaff,
  seed,
  signIn,
  startServer,
  waitForServiceWorkerControl,
  type RunningServer,
} from '../support/e2e';
import { shopDate } from '../../src/domain/transaction-status';

let server: RunningServer;
let browser: Browser;

const stamp = () => {
  const t = new Date().toISOString();
  return { created_at: t, updated_at: t, client_updated_at: t };
};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
/** A shop date n days from today, 'YYYY-MM-DD'. */
const shopDay = (n: number) => shopDate(new Date(Date.now() + n * 86_400_000));
/** An instant in the current shop month: today, a few minutes ago (never yesterday). */
const thisMonth = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const ids = { ana: randomUUID(), bruno: randomUUID(), carla: randomUUID(), davi: randomUUID() };

function txDoc(fields: Record<string, unknown>) {
  return {
    id: randomUUID(),
    type: 'entrada',
    customer_id: null,
    name: null,
    category: null,
    description: 'Serviço de solda',
    amount: 10,
    payment_method: 'pix',
    payment_status: 'pago',
    due_date: null,
    quotation_id: null,
    created_by: null,
    ...stamp(),
    ...fields,
  };
}

/** One shop's worth of data with hand-computed totals (see the expectations below). */
async function seedShop(server: RunningServer): Promise<void> {
  const staff = await prepareStaff(server);
  await seed(server, staff, 'customers', [
    customerDoc({ id: ids.ana, name: 'Ana Serralheria', phone: '(35) 99811-0001' }),
    customerDoc({ id: ids.bruno, name: 'Bruno Metalúrgica', phone: '(35) 99811-0002' }),
    customerDoc({ id: ids.carla, name: 'Carla Portões', phone: '(35) 99811-0003' }),
    customerDoc({ id: ids.davi, name: 'Davi Estruturas', phone: '-' }),
  ]);
  await seed(server, staff, 'transactions', [
    // This month: entradas 1.500,10 + 800,20 + 300,00 = 2.600,30; saídas 450,15 + 1.200,00 = 1.650,15.
    txDoc({ customer_id: ids.ana, amount: 1500.1, payment_method: 'pix', created_at: thisMonth(30), description: 'Portão de correr' }),
    txDoc({ customer_id: ids.bruno, amount: 800.2, payment_method: 'cartao', payment_status: 'pendente', due_date: shopDay(-1), created_at: thisMonth(20), description: 'Grade de janela' }),
    txDoc({ customer_id: ids.davi, amount: 300, payment_method: 'dinheiro', payment_status: 'pendente', due_date: shopDay(-3), created_at: thisMonth(10), description: 'Solda de eixo' }),
    txDoc({ type: 'saida', category: 'material', amount: 450.15, payment_method: 'n/a', created_at: thisMonth(15), description: 'Barras de metalon' }),
    txDoc({ type: 'despesas', category: 'aluguel', amount: 1200, payment_method: 'n/a', created_at: thisMonth(5), description: 'Aluguel do galpão' }),
    // Carla bought 120 days ago: inactive.
    txDoc({ customer_id: ids.carla, amount: 200, payment_method: 'pix', created_at: daysAgo(120).toISOString(), description: 'Corrimão' }),
  ]);
  const cat = { perfis: randomUUID(), verg: randomUUID(), tU: randomUUID(), tV: randomUUID(), mat: randomUUID(), th: randomUUID(), dim: randomUUID() };
  const c = (id: string, kind: string, name: string, extra: Record<string, unknown> = {}) => ({ id, kind, name, value: null, unit: null, parent_id: null, created_by: null, ...stamp(), ...extra });
  await seed(server, staff, 'catalog_items', [
    c(cat.perfis, 'category', 'Perfis Estruturais E2E'),
    c(cat.verg, 'category', 'Vergalhões E2E'),
    c(cat.tU, 'type', 'Perfil U E2E', { parent_id: cat.perfis }),
    c(cat.tV, 'type', 'Vergalhão CA-50 E2E', { parent_id: cat.verg }),
    c(cat.mat, 'material', 'Aço Galvanizado E2E'),
    c(cat.th, 'thickness', '3,75', { value: 3.75, unit: 'mm' }),
    c(cat.dim, 'dimension', '6000x50 mm E2E'),
  ]);
  const item = (id: string, category: string, type: string, min: number) => ({
    id, category_id: category, type_id: type, material_id: cat.mat, thickness_id: cat.th, dimension_id: cat.dim,
    minimum_quantity: min, description: null, created_by: null, ...stamp(),
  });
  const items = { u: randomUUID(), v: randomUUID(), empty: randomUUID() };
  await seed(server, staff, 'stock_items', [item(items.u, cat.perfis, cat.tU, 10), item(items.v, cat.verg, cat.tV, 5), item(items.empty, cat.perfis, cat.tU, 0)]);
  const mv = (item: string, delta: number) => ({ id: randomUUID(), stock_item_id: item, delta, reason: null, created_by: null, ...stamp() });
  // Perfil U: 25 − 20 = 5 ≤ 10 (critical); Vergalhão: 40; the third has no movement: 0 ≤ 0 (critical).
  await seed(server, staff, 'stock_movements', [mv(items.u, 25), mv(items.u, -20), mv(items.v, 40)]);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await seedShop(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const cardValue = (page: Page, testId: string) => page.getByTestId(testId).locator('[data-value]');

async function openReports(page: Page) {
  await page.goto('/adm/reports');
  await page.getByRole('heading', { name: 'Relatórios', level: 1 }).waitFor();
}

async function expectFinancialNumbers(page: Page) {
  await expect.poll(() => cardValue(page, 'total-income').textContent(), { timeout: 20_000 }).toBe('R$ 2.600,30');
  expect(await cardValue(page, 'total-expense').textContent()).toBe('R$ 1.650,15');
  expect(await cardValue(page, 'final-balance').textContent()).toBe('R$ 950,15');
}

const SHOTS = process.env.REPORTS_SHOTS === '1';
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: artifactPath(`reports-${name}.png`), fullPage: true });
}

test('each tab shows its numbers and charts; the financial export downloads the period as a file', async () => {
  const { page } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await openReports(page);

  // Financial (default tab)
  await expectFinancialNumbers(page);
  expect(await page.getByTestId('final-balance').locator('[data-value]').evaluate((el) => getComputedStyle(el).color)).not.toBe(
    await page.getByTestId('total-expense').locator('[data-value]').evaluate((el) => getComputedStyle(el).color),
  );
  await page.getByRole('tab', { name: /Entradas/ }).waitFor();
  await page.getByRole('cell', { name: 'Ana Serralheria' }).waitFor();
  await page.getByText('Atrasado').first().waitFor();
  for (const id of ['chart-cash-flow', 'chart-by-category', 'chart-by-method']) {
    await page.getByTestId(id).locator('canvas').waitFor({ timeout: 20_000 });
  }
  expect(await page.getByTestId('chart-cash-flow').locator('canvas').evaluate((c) => c.getBoundingClientRect().height)).toBe(400);
  expect(await page.getByTestId('insight-pending').locator('[data-value]').textContent()).toBe('2 faturas');
  await shot(page, 'financial-1280');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('button', { name: 'Exportar Relatório' }).click();
      await page.getByRole('menuitem', { name: /CSV/ }).click();
    })(),
  ]);
  expect(download.suggestedFilename()).toBe(`relatorio-financeiro-${shopDay(0)}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  expect(rows[0]).toEqual(['Data', 'Tipo', 'Categoria', 'Valor', 'Status', 'Método de Pagamento']);
  expect(rows).toHaveLength(6);
  expect(rows.slice(1).map((r) => r[3]).sort()).toEqual(['1200,00', '1500,10', '300,00', '450,15', '800,20']);
  expect(rows.find((r) => r[3] === '800,20')).toEqual([expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/), 'Entrada', 'Receita', '800,20', 'Atrasado', 'Cartão']);
  await page.getByText('Relatório exportado com sucesso!').waitFor();

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('button', { name: 'Exportar Relatório' }).click();
      await page.getByRole('menuitem', { name: /xlsx/ }).click();
    })(),
  ]);
  expect(xlsx.suggestedFilename()).toBe(`relatorio-financeiro-${shopDay(0)}.xlsx`);
  const { default: readXlsxFile } = await import('read-excel-file/node');
  const sheets = await readXlsxFile((await xlsx.path())!);
  expect(sheets[0].sheet).toBe('Report');
  expect(sheets[0].data.slice(1).map((r) => r[3]).sort((a, b) => Number(a) - Number(b))).toEqual([300, 450.15, 800.2, 1200, 1500.1]);

  // The previous month has none of this month's entries.
  await page.getByRole('button', { name: 'Período anterior' }).click();
  await expect.poll(() => cardValue(page, 'total-income').textContent()).toBe('R$ 0,00');
  await page.getByRole('button', { name: 'Exportar Relatório' }).click();
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  await page.getByText('Não há dados para exportar').waitFor();

  // Stock
  await page.getByRole('tab', { name: 'Relatório de Estoque' }).click();
  await expect.poll(() => cardValue(page, 'stock-items').textContent(), { timeout: 20_000 }).toBe('3');
  expect(await cardValue(page, 'stock-quantity').textContent()).toBe('45');
  expect(await cardValue(page, 'stock-critical').textContent()).toBe('2');
  await page.getByTestId('chart-stock-category').locator('canvas').waitFor();
  await page.getByTestId('critical-items').getByText('Perfil U E2E Aço Galvanizado E2E 3,75 mm 6000x50 mm E2E').first().waitFor();
  await shot(page, 'stock-1280');

  // Customers
  await page.getByRole('tab', { name: 'Relatório de Clientes' }).click();
  await expect.poll(() => cardValue(page, 'customers-total').textContent(), { timeout: 20_000 }).toBe('4');
  expect(await cardValue(page, 'customers-revenue').textContent()).toBe('R$ 2.800,30');
  expect(await cardValue(page, 'customers-active').textContent()).toBe('1');
  expect(await cardValue(page, 'customers-defaulters').textContent()).toBe('2');
  const list = page.getByTestId('customer-list');
  await expect.poll(() => list.getByRole('row').nth(1).textContent()).toContain('Ana Serralheria');
  expect(await list.getByRole('row', { name: /Carla Portões/ }).textContent()).toContain('Inativo');
  expect(await list.getByRole('row', { name: /Bruno Metalúrgica/ }).textContent()).toContain('Inadimplente');
  await page.getByPlaceholder('Buscar cliente por nome ou telefone...').fill('carla');
  await expect.poll(() => list.getByRole('row').count()).toBe(2);
  await page.getByPlaceholder('Buscar cliente por nome ou telefone...').fill('');

  // Debtors: the reminder opens wa.me with the 55 rule, the amount and the oldest due date.
  const debtors = page.getByTestId('debtors-table');
  const reminder = debtors.getByRole('link', { name: 'Enviar Lembrete: Bruno Metalúrgica' });
  const href = (await reminder.getAttribute('href'))!;
  expect(href.startsWith('https://wa.me/5535998110002?text=')).toBe(true);
  const text = decodeURIComponent(href.split('text=')[1]);
  expect(text).toContain('R$ 800,20');
  const [y, m, d] = shopDay(-1).split('-');
  expect(text).toContain(`${d}/${m}/${y}`);
  expect(await debtors.getByRole('row', { name: /Davi Estruturas/ }).textContent()).toContain('Sem telefone cadastrado');
  await page.getByTestId('debtors').locator('canvas').waitFor();
  await page.getByTestId('vip').locator('canvas').waitFor();
  expect(await page.getByTestId('behaviour').locator('canvas').count()).toBe(2);
  await page.getByTestId('recommended-actions').getByText('Cobrar Bruno Metalúrgica: R$ 800,20').waitFor();
  await shot(page, 'customers-1280');

  // The customer list exported as a spreadsheet: status, total spent, last purchase, amount overdue.
  const [custFile] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('button', { name: 'Exportar', exact: true }).click();
      await page.getByRole('menuitem', { name: /xlsx/ }).click();
    })(),
  ]);
  expect(custFile.suggestedFilename()).toBe(`relatorio-clientes-${shopDay(0)}.xlsx`);
  const custSheet = (await readXlsxFile((await custFile.path())!))[0].data;
  expect(custSheet[0]).toEqual(['Nome', 'Telefone', 'Status', 'Total Gasto', 'Quantidade de Compras', 'Última Compra', 'Valor em Atraso']);
  expect(custSheet.find((r) => r[0] === 'Bruno Metalúrgica')?.slice(2, 5)).toEqual(['Inadimplente', 800.2, 1]);
  expect(custSheet.find((r) => r[0] === 'Bruno Metalúrgica')?.[6]).toBe(800.2);

  // Reactivation campaign: Carla, with an editable message in her WhatsApp link.
  await page.getByRole('button', { name: 'Campanha de Reativação' }).click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.getByText('1 cliente', { exact: true }).waitFor();
  await dialog.getByRole('textbox').fill('Oi {nome}, temos novidades!');
  const link = (await dialog.getByRole('link', { name: /Carla Portões/ }).getAttribute('href'))!;
  expect(link).toBe(`https://wa.me/5535998110003?text=${encodeURIComponent('Oi Carla, temos novidades!')}`);
  await shot(page, 'campaign-1280');
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();

  // The top WhatsApp button opens the same tool with a choice of audience.
  await page.getByRole('button', { name: 'WhatsApp', exact: true }).click();
  await page.getByTestId('campaign-dialog').getByText('2 clientes', { exact: true }).waitFor();
});

test('at 390×844 the reports fit the phone, and they open offline after the first visit', async () => {
  const { page, context } = await newContext(browser, server, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await waitForServiceWorkerControl(page);
  await openReports(page);
  await expectFinancialNumbers(page);
  await page.getByTestId('chart-cash-flow').locator('canvas').waitFor({ timeout: 20_000 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await shot(page, 'financial-390');
  for (const [tab, ready, name] of [
    ['Relatório de Estoque', 'stock-items', 'stock-390'],
    ['Relatório de Clientes', 'customers-total', 'customers-390'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await cardValue(page, ready).waitFor({ timeout: 20_000 });
    await page.locator('canvas').first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, name);
  }
  // The campaign opens full screen on the phone, its WhatsApp link reachable.
  await page.getByRole('button', { name: 'Campanha de Reativação' }).click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.getByRole('link', { name: /Carla Portões/ }).waitFor();
  expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
  await shot(page, 'campaign-390');
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();

  await context.setOffline(true);
  await page.reload();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await page.getByRole('heading', { name: 'Relatórios', level: 1 }).waitFor({ timeout: 20_000 });
  await expectFinancialNumbers(page);
  await page.getByTestId('chart-cash-flow').locator('canvas').waitFor({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Relatório de Clientes' }).click();
  await expect.poll(() => cardValue(page, 'customers-total').textContent(), { timeout: 20_000 }).toBe('4');
});
