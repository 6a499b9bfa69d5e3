/**
 * Issue 11: references that arrive before what they point to. Another device's quotation can
 * reach this one before its customer, an entry before its customer and quotation, a stock
 * movement before its item (the server accepts them in any order). Every screen must show them
 * sensibly — never a crash, never a blank — and put the names in as soon as the rest arrives.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  customerDoc,
  newContext,
  pullAll,
  quotationDoc,
  seed,
  signIn,
  type ApiSession,
  type RunningServer,
  closeSuite,
  openSuite,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite());
});

afterAll(() => closeSuite({ server, browser }));

const NOT_SYNCED = 'Cliente ainda não sincronizado';
const stamp = () => {
  const t = new Date().toISOString();
  return { created_at: t, updated_at: t, client_updated_at: t, created_by: null };
};

async function noCrash(page: Page, errors: string[]) {
  expect(await page.getByText('Algo deu errado').count()).toBe(0);
  expect(errors.filter((e) => e.startsWith('[pageerror'))).toEqual([]);
}

test('a quotation, an entry and a movement that arrive before what they point to are shown sensibly, then completed live', async () => {
  const ids = { customer: randomUUID(), quotation: randomUUID(), item: randomUUID() };
  const q = quotationDoc({ customer_id: ids.customer, description: 'Portão chegou antes do cliente' });
  await seed(server, staff, 'quotations', [q]);
  await seed(server, staff, 'transactions', [
    {
      id: randomUUID(), type: 'entrada', customer_id: ids.customer, quotation_id: ids.quotation, name: null, category: null,
      description: 'Entrada chegou antes do cliente', amount: 321.5, payment_method: 'pix', payment_status: 'pago', due_date: null, ...stamp(),
    },
  ]);
  await seed(server, staff, 'stock_movements', [{ id: randomUUID(), stock_item_id: ids.item, delta: 7, reason: null, ...stamp() }]);

  const { page, errors } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);

  // Cash flow (the dashboard): the entry, its customer not here yet.
  const entry = page.locator('tr, [data-testid=transaction-card]').filter({ hasText: 'Entrada chegou antes do cliente' }).first();
  await entry.waitFor({ timeout: 20_000 });
  expect(await entry.textContent()).toContain(NOT_SYNCED);
  expect(await entry.textContent()).toContain('R$ 321,50');

  // Quotations: the row says its customer has not arrived (not "no customer").
  await page.goto('/adm/quotations');
  const row = page.locator(`[data-testid=quotation-row][data-code="${q.code}"]`);
  await row.waitFor({ timeout: 20_000 });
  expect(await row.textContent()).toContain(NOT_SYNCED);

  // The staff view of that quotation opens.
  await page.goto(`/adm/quotation/${q.code}`);
  await page.getByText('Portão chegou antes do cliente').first().waitFor();
  await page.getByText('Informações do cliente não disponíveis').first().waitFor();

  // Editing it keeps the link to the customer that has not arrived.
  await page.goto('/adm/quotations');
  await row.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Descrição *').fill('Portão chegou antes do cliente, com pintura');
  await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
  await page.getByText('Orçamento atualizado com sucesso!').first().waitFor();
  await expect
    .poll(async () => (await pullAll<{ id: string; description: string; customer_id: string | null }>(server, staff, 'quotations')).find((d) => d.id === q.id), { timeout: 20_000 })
    .toMatchObject({ description: 'Portão chegou antes do cliente, com pintura', customer_id: ids.customer });

  // Reports: the entry counts in the period's income, its customer not here yet.
  await page.goto('/adm/reports');
  await page.getByRole('cell', { name: NOT_SYNCED }).first().waitFor({ timeout: 20_000 });

  // Stock: a movement of an item not here yet does not break the page.
  await page.goto('/adm/stock');
  await page.getByRole('heading', { name: 'Controle de Estoque' }).waitFor();
  await noCrash(page, errors);

  // The rest arrives from another device: the screens fill in the names live.
  await page.goto('/adm/quotations');
  await row.waitFor();
  await seed(server, staff, 'customers', [customerDoc({ id: ids.customer, name: 'Cliente Que Chegou Depois' })]);
  await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Cliente Que Chegou Depois');

  await seed(server, staff, 'stock_items', [
    {
      id: ids.item, category_id: randomUUID(), type_id: randomUUID(), material_id: randomUUID(), thickness_id: randomUUID(),
      dimension_id: randomUUID(), minimum_quantity: 2, description: 'Item que chegou depois', ...stamp(),
    },
  ]);
  await page.goto('/adm/stock');
  await page.getByRole('heading', { name: 'Controle de Estoque' }).waitFor();
  // The item's quantity is the movement that came first.
  await expect
    .poll(async () => (await page.locator('[data-testid=stock-quantity]:visible').allTextContents()).map((t) => t.trim()), { timeout: 20_000 })
    .toContain('7');

  await page.goto('/adm/dashboard');
  const named = page.locator('tr, [data-testid=transaction-card]').filter({ hasText: 'Entrada chegou antes do cliente' }).first();
  await named.waitFor();
  await expect.poll(() => named.textContent(), { timeout: 20_000 }).toContain('Cliente Que Chegou Depois');
  await noCrash(page, errors);
});

test('a customer deleted on another device reads as removed on its quotations, entries and in reports, not as not-yet-synced', async () => {
  const customer = customerDoc({ name: 'Cliente Que Saiu' });
  const q = quotationDoc({ customer_id: customer.id, description: 'Grade do cliente que saiu' });
  await seed(server, staff, 'customers', [customer]);
  await seed(server, staff, 'quotations', [q]);
  await seed(server, staff, 'transactions', [
    {
      id: randomUUID(), type: 'entrada', customer_id: customer.id, quotation_id: q.id, name: null, category: null,
      description: 'Entrada do cliente que saiu', amount: 150, payment_method: 'pix', payment_status: 'pago', due_date: null, ...stamp(),
    },
  ]);
  const { page, errors } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.goto('/adm/quotations');
  const row = page.locator(`[data-testid=quotation-row][data-code="${q.code}"]`);
  await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Cliente Que Saiu');

  // Another device deletes the customer (as one that never saw its history could).
  const master = (await pullAll<Record<string, unknown>>(server, staff, 'customers')).find((d) => d.id === customer.id)!;
  const res = await fetch(`${server.url}/api/sync/customers/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staff.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ assumedMasterState: master, newDocumentState: { ...master, client_updated_at: new Date().toISOString(), _deleted: true } }]),
  });
  expect(res.status).toBe(200);

  const removed = 'Cliente Que Saiu (cliente removido)';
  await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(removed);
  expect(await row.textContent()).not.toContain(NOT_SYNCED);
  // Sharing it copies the link instead, saying why WhatsApp could not open: the customer was removed.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await row.getByRole('button', { name: 'Compartilhar' }).click();
  await page.getByText('Cliente removido: não foi possível abrir o WhatsApp.').first().waitFor();
  // The link carries the quotation's secret (issue 30).
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/quotation/${q.code}?k=${q.link_secret}`);
  await page.goto('/adm/dashboard');
  const entry = page.locator('tr, [data-testid=transaction-card]').filter({ hasText: 'Entrada do cliente que saiu' }).first();
  await expect.poll(() => entry.textContent(), { timeout: 20_000 }).toContain(removed);
  await page.goto('/adm/reports');
  await page.getByRole('cell', { name: removed }).first().waitFor({ timeout: 20_000 });
  await noCrash(page, errors);
});
