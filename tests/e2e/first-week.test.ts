/**
 * Issue 18 — details a shop hits in its first week, in Chromium: a quotation of a description and
 * a total saves without materials; thicknesses read '9,7 mm'; 'Novo Item' opened before the
 * catalogue arrives fills its selects when it does.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  STAFF_PASSWORD,
  addUser,
  artifactPath,
  closeSuite,
  customerDoc,
  newContext,
  openSuite,
  prepareStaff,
  pullAll,
  seed,
  signIn,
  type E2eSuite,
  PHONE,
  docStamp,
} from '../support/e2e';

const stamp = docStamp;

let suite: E2eSuite;
const customer = customerDoc({ name: 'Tornearia Santa Rita', phone: '(35) 99811-7001' });
const thickness = { id: randomUUID(), kind: 'thickness', name: '9.7', value: 9.7, unit: 'mm', parent_id: null, ...stamp() };

beforeAll(async () => {
  suite = await openSuite();
  const { server, staff } = suite;
  await seed(server, staff, 'customers', [customer]);
  // A thickness written by another client with a dot in its name.
  await seed(server, staff, 'catalog_items', [thickness]);
  await seed(server, staff, 'stock_items', [
    {
      id: randomUUID(), category_id: 'default-category-chapas-de-aco', type_id: 'default-type-chapa-lisa', material_id: 'default-material-aco-carbono',
      thickness_id: thickness.id, dimension_id: 'default-dimension-1200x2400mm', minimum_quantity: 2.5, description: 'Chapa grossa', ...stamp(),
    },
  ]);
}, 120_000);
afterAll(() => closeSuite(suite ?? {}));

/** A staff member of their own for each browser, so no test uses up another's 3 device slots. */
async function signInAsNewMember(page: Page): Promise<void> {
  const email = `membro-${randomUUID().slice(0, 8)}@forja.test`;
  const temporary = await addUser(suite.server, email);
  await prepareStaff(suite.server, email, temporary, { keepSession: false });
  await signIn(page, email, STAFF_PASSWORD);
}

async function newQuotationWithoutMaterials(page: Page, description: string, total = '480,00') {
  // The shop's customers have reached this new device (the picker searches the local copy).
  await page.goto('/adm/customers');
  await page.getByText('Tornearia Santa Rita').first().waitFor({ timeout: 30_000 });
  await page.goto('/adm/quotations');
  await page.getByRole('button', { name: 'Novo Orçamento' }).click();
  await page.getByRole('heading', { name: 'Novo Orçamento' }).waitFor();
  await page.getByRole('combobox').fill('Tornearia');
  await page.getByRole('option', { name: /Tornearia Santa Rita/ }).click();
  await page.getByLabel('Descrição *').fill(description);
  await page.getByLabel('Valor Total *').fill(total);
  await page.getByLabel('Método de Pagamento *').fill('PIX');
  await page.getByLabel('Prazo de Execução').fill('3 dias');
}

test('a quotation of a description and a total saves without materials, on a desktop and on a phone', async () => {
  const { server, browser, staff } = suite;
  // Different totals: the same customer with a similar total within a minute asks first (spec guard 2).
  for (const [size, options, total] of [['1280', {}, 480], ['390', PHONE, 1250]] as const) {
    const { page } = await newContext(browser, server, options);
    await signInAsNewMember(page);
    const description = `Solda de eixo sem materiais ${size}`;
    await newQuotationWithoutMaterials(page, description, `${total},00`.replace('1250', '1.250'));
    // The blank material line the form starts with stays blank.
    expect(await page.getByLabel('Material 1', { exact: true }).inputValue()).toBe('');
    await page.screenshot({ path: artifactPath(`first-week-quotation-form-${size}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Orçamento criado com sucesso!').first().waitFor();
    expect(await page.getByText('Informe o nome do material').count()).toBe(0);
    await page.getByText(description).first().waitFor();
    await page.screenshot({ path: artifactPath(`first-week-quotation-saved-${size}.png`) });
    await expect
      .poll(async () => (await pullAll<{ description: string; materials: unknown[]; total_amount: number }>(server, staff, 'quotations')).find((q) => q.description === description), { timeout: 20_000 })
      .toMatchObject({ materials: [], total_amount: total });
  }
}, 180_000);

test('a line with a price but no name still asks for the name', async () => {
  const { page } = await newContext(suite.browser, suite.server);
  await signInAsNewMember(page);
  await newQuotationWithoutMaterials(page, 'Com preço sem nome');
  await page.getByLabel('Preço unitário 1', { exact: true }).fill('15,00');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await page.getByText('Informe o nome do material').first().waitFor();
  await page.screenshot({ path: artifactPath('first-week-material-without-name-1280.png'), fullPage: true });
  // Said once, by the line; next to Salvar only that something above needs fixing.
  expect(await page.getByText('Informe o nome do material').count()).toBe(1);
  await page.getByText('Corrija o campo destacado acima.').waitFor();
});

test('thicknesses read 9,7 mm in the stock list and the item form, at both sizes', async () => {
  const { server, browser } = suite;
  for (const [size, options] of [['1280', {}], ['390', PHONE]] as const) {
    const { page } = await newContext(browser, server, options);
    await signInAsNewMember(page);
    await page.goto('/adm/stock');
    await page.getByText('9,7 mm').first().waitFor({ timeout: 20_000 });
    expect(await page.getByText('9.7 mm').count()).toBe(0);
    await page.screenshot({ path: artifactPath(`first-week-stock-${size}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Novo Item' }).click();
    const options_ = await page.locator('select[name=thickness_id] option').allTextContents();
    expect(options_).toContain('9,7 mm');
    expect(options_.some((o) => o.includes('.'))).toBe(false);
  }
}, 120_000);

test("'Novo Item' opened before the catalogue has arrived fills its selects when it does", async () => {
  const { server, browser } = suite;
  const { page } = await newContext(browser, server);
  // The catalogue's first download is slow (a phone on a weak signal).
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/sync/catalog_items/pull**', async (route) => {
    await held;
    await route.continue();
  });
  await signInAsNewMember(page);
  await page.goto('/adm/stock');
  await page.getByRole('button', { name: 'Novo Item' }).click();
  const categories = page.locator('select[name=category_id] option');
  await page.locator('select[name=category_id]').waitFor();
  expect(await categories.count()).toBe(1);
  release();
  // Without closing the form, the catalogue's options appear.
  await expect.poll(() => categories.count(), { timeout: 20_000 }).toBeGreaterThan(1);
  await expect.poll(() => page.locator('select[name=thickness_id] option').allTextContents(), { timeout: 20_000 }).toContain('9,7 mm');
});
