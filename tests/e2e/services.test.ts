/**
 * Issue 31 on a 390×844 phone: an accepted quotation becomes an ordem de serviço; offline it is
 * moved and gets a note, both still there after an offline reload and on the server once back
 * online; a material used takes it from stock; Avisar cliente builds the wa.me link; Entregue
 * shows the Garantia and offers Lançar no caixa once; the Comprovante de entrega says it was saved
 * and offers the share sheet; the material line waits for its name. Screenshots of the floor list, an OS and
 * the board (1280×800).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { StockMovementDoc, TransactionDoc, WorkOrderEventDoc } from '../../schemas/collections';
import { shopDate } from '../../schemas/rules';
import { warrantyEndDate } from '../../schemas/work-orders';
import {
  ADMIN_EMAIL,
  PHONE,
  STAFF_PASSWORD,
  artifactPath,
  closeSuite,
  companyDoc,
  customerDoc,
  docStamp,
  logout,
  newContext,
  openSuite,
  pullAll,
  quotationDoc,
  seed,
  signIn,
  waitFor,
  waitForServiceWorkerControl,
  type E2eSuite,
} from '../support/e2e';

let suite: E2eSuite;
const ana = customerDoc({ name: 'Ana Serralheria', phone: '(35) 99811-0001', whatsapp: '(35) 99811-0001' });
const accepted = quotationDoc({ description: 'Portão basculante com pintura eletrostática', status: 'accepted', decided_at: new Date().toISOString(), execution_deadline: '10 dias úteis' });
const other = quotationDoc({ description: 'Grade de janela em metalon', status: 'accepted', decided_at: new Date().toISOString() });
const item = randomUUID();

beforeAll(async () => {
  suite = await openSuite();
  const { server, staff } = suite;
  await seed(server, staff, 'company', [companyDoc({ warranty_days: 30 })]);
  await seed(server, staff, 'customers', [ana]);
  Object.assign(accepted, { customer_id: ana.id });
  Object.assign(other, { customer_id: ana.id });
  await seed(server, staff, 'quotations', [accepted, other]);
  await seed(server, staff, 'stock_items', [
    {
      id: item, category_id: 'default-category-chapas-de-aco', type_id: 'default-type-chapa-lisa', material_id: 'default-material-aco-carbono',
      thickness_id: 'default-thickness-1_5', dimension_id: 'default-dimension-1200x2400mm', minimum_quantity: 2, description: null, ...docStamp(),
    },
  ]);
  await seed(server, staff, 'stock_movements', [{ id: randomUUID(), stock_item_id: item, delta: 10, reason: null, work_order_id: null, ...docStamp() }]);
}, 120_000);
afterAll(() => closeSuite(suite ?? {}));

const osId = `os-${accepted.id}`;
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
const stageShown = (page: Page) => page.getByTestId('work-order').getByTestId('stage-badge').first().textContent();

test('an accepted quotation becomes an OS the floor moves offline, uses material on, notifies and delivers', async () => {
  const { server, staff } = suite;
  const { page, context } = await newContext(suite.browser, server, PHONE);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await waitForServiceWorkerControl(page);

  // The bottom bar's Serviços: the true empty list before any OS.
  await page.getByRole('button', { name: 'Serviços' }).click();
  await page.waitForURL('**/adm/services');
  await page.getByTestId('services-empty').waitFor({ timeout: 20_000 });

  // Orçamentos: the accepted quotation's card opens its OS.
  await page.getByRole('button', { name: 'Orçamentos' }).click();
  const card = page.locator(`[data-testid=quotation-card][data-code="${accepted.code}"]`);
  await card.waitFor({ timeout: 20_000 });
  await card.getByRole('button', { name: 'Abrir ordem de serviço' }).click();
  await page.waitForURL(`**/adm/services/${osId}`);
  const view = page.getByTestId('work-order');
  await view.getByRole('heading', { name: accepted.code }).waitFor();
  await view.getByText('Ana Serralheria').first().waitFor();
  expect(await stageShown(page)).toBe('Aguardando início');
  await view.getByText('10 dias úteis').waitFor();

  // Offline: move it to Em execução and write a note.
  await context.setOffline(true);
  await view.getByRole('button', { name: 'Em execução' }).click();
  await expect.poll(() => stageShown(page)).toBe('Em execução');
  await view.getByLabel('Nova anotação').click();
  await page.keyboard.type('Trilho soldado, falta a pintura');
  await view.getByRole('button', { name: 'Adicionar anotação' }).click();
  await view.getByTestId('work-order-note').getByText('Trilho soldado, falta a pintura').waitFor();
  await view.getByTestId('work-order-move').getByText('Aguardando início → Em execução').waitFor();
  await page.screenshot({ path: artifactPath('services-os-390.png'), fullPage: true });

  // Reload while still offline: the move and the note are on the device.
  await page.reload();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await page.getByTestId('work-order').getByTestId('work-order-note').getByText('Trilho soldado, falta a pintura').waitFor({ timeout: 20_000 });
  expect(await stageShown(page)).toBe('Em execução');

  // Back online: both reach the server.
  await context.setOffline(false);
  await waitFor(
    async () => {
      const events = (await pullAll<WorkOrderEventDoc>(server, staff, 'work_order_events')).filter((e) => e.work_order_id === osId);
      return events.some((e) => e.kind === 'move' && e.to_stage === 'em_execucao') && events.some((e) => e.kind === 'note' && e.text === 'Trilho soldado, falta a pintura');
    },
    { timeout: 30_000, message: 'the move and the note on the server' },
  );

  // A material used: 2 of the 10 in stock.
  const materials = page.getByTestId('materials-section');
  await materials.locator('select[name=stock_item_id]').selectOption({ index: 1 });
  await materials.getByText('Em estoque: 10').waitFor();
  await materials.getByLabel('Quantidade').click();
  await page.keyboard.type('2');
  await materials.getByRole('button', { name: 'Usar material' }).click();
  await toast(page, 'Material lançado: o estoque foi baixado.');
  await materials.getByTestId('work-order-material').getByText('2', { exact: true }).waitFor();
  await materials.locator('select[name=stock_item_id]').selectOption({ index: 1 });
  await materials.getByText('Em estoque: 8').waitFor();
  await waitFor(
    async () => {
      const all = (await pullAll<StockMovementDoc>(server, staff, 'stock_movements')).filter((m) => m.stock_item_id === item);
      return all.reduce((s, m) => s + m.delta, 0) === 8 && all.some((m) => m.work_order_id === osId);
    },
    { timeout: 30_000, message: 'the stock down to 8 on the server' },
  );

  // Pronto para retirada: Avisar cliente opens wa.me with the job and the link (intercepted).
  await page.getByTestId('work-order').getByRole('button', { name: 'Pronto para retirada' }).click();
  await page.getByTestId('ready-callout').waitFor();
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>wa</title>' }));
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('ready-callout').getByRole('button', { name: 'Avisar cliente' }).click()]);
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe('https://wa.me/5535998110001');
  const text = url.searchParams.get('text') ?? '';
  expect(text).toContain(`o seu serviço ${accepted.code}`);
  expect(text).toContain('está pronto para retirada');
  expect(text).toContain(`${server.url}/quotation/${accepted.code}?k=${accepted.link_secret}`);
  await popup.close();

  // Entregue: the Garantia (30 days from Configurações) and the receivable, launched once.
  await page.getByTestId('work-order').getByRole('button', { name: 'Entregue' }).click();
  const delivery = page.getByTestId('delivery-section');
  const until = warrantyEndDate(shopDate(new Date()), 30).split('-').reverse().join('/');
  await delivery.getByText(`Garantia até ${until}`).waitFor();
  await delivery.getByRole('button', { name: 'Lançar no caixa' }).click();
  await delivery.getByRole('button', { name: 'Lançado no caixa' }).waitFor();
  expect(await delivery.getByRole('button', { name: 'Lançado no caixa' }).isDisabled()).toBe(true);
  expect(await delivery.getByRole('button', { name: 'Marcar como pago' }).count()).toBe(0);
  await waitFor(
    async () => {
      const txs = (await pullAll<TransactionDoc>(server, staff, 'transactions')).filter((t) => t.quotation_id === accepted.id);
      return txs.length === 1 ? txs : null;
    },
    { timeout: 30_000, message: 'one entrada for the quotation' },
  );
  await page.screenshot({ path: artifactPath('services-os-delivered-390.png'), fullPage: true });

  // Comprovante de entrega (issue 39 §4): saved as a download, which on a phone goes by with no
  // word — the section says so, and offers the share sheet where the phone shares files (stood in
  // for here: Chromium on Linux has none).
  await page.evaluate(() => {
    const w = window as unknown as { __shared: { name: string; type: string; size: number }[] };
    w.__shared = [];
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: (d?: ShareData) => !!d?.files?.length });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (d: ShareData) => void w.__shared.push(...(d.files ?? []).map((f) => ({ name: f.name, type: f.type, size: f.size }))),
    });
  });
  const download = page.waitForEvent('download');
  await delivery.getByRole('button', { name: 'Comprovante de entrega' }).click();
  const file = `comprovante-entrega-${accepted.code}.pdf`;
  expect((await download).suggestedFilename()).toBe(file);
  const saved = delivery.getByTestId('receipt-saved');
  await saved.getByText(`Comprovante salvo nos downloads do aparelho: ${file}`).waitFor();
  expect(await saved.getAttribute('role')).toBe('status');
  await saved.getByRole('button', { name: 'Compartilhar comprovante' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: { name: string; type: string; size: number }[] }).__shared)).toEqual([
    { name: file, type: 'application/pdf', size: expect.any(Number) },
  ]);
  await saved.scrollIntoViewIfNeeded();
  await delivery.screenshot({ path: artifactPath('services-receipt-saved-390.png') });

  // Opening the OS again, the material used is a skeleton until its name is known — never '— — 2'
  // nor the stock item's id (issue 39 §4). Every text the line ever shows is recorded.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __materialTexts: string[] }).__materialTexts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid=work-order-material]')) {
        const t = el.textContent ?? '';
        if (seen[seen.length - 1] !== t) seen.push(t);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.reload();
  const line = page.getByTestId('materials-section').getByTestId('work-order-material');
  await line.getByText('2', { exact: true }).waitFor({ timeout: 20_000 });
  const texts = await page.evaluate(() => (window as unknown as { __materialTexts: string[] }).__materialTexts);
  expect(texts.length).toBeGreaterThan(0);
  for (const t of texts) {
    expect(t).not.toMatch(/^—/);
    expect(t).not.toContain(item);
  }
  expect(texts[texts.length - 1]).toMatch(/^Chapa Lisa Aço Carbono .+ — 2$/);

  // The quotation now offers its OS instead; the floor list shows it under Entregue (collapsed).
  await page.goto('/adm/quotations');
  await card.getByRole('button', { name: 'Ver ordem de serviço' }).waitFor({ timeout: 20_000 });
  expect(await card.getByRole('button', { name: 'Abrir ordem de serviço' }).count()).toBe(0);
  await page.goto('/adm/services');
  await page.getByRole('button', { name: 'Entregues e canceladas (1)' }).click();
  await page.locator(`[data-testid=work-order-card][data-code="${accepted.code}"]`).waitFor();
}, 240_000);

test('Nova OS at the counter; the floor list on a phone and the board at 1280 px', async () => {
  const { server } = suite;
  const { page } = await newContext(suite.browser, server, PHONE);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.goto(`/adm/quotation/${other.code}`);
  await page.getByRole('button', { name: 'Abrir ordem de serviço' }).click();
  await page.waitForURL(`**/adm/services/os-${other.id}`);

  await page.goto('/adm/services');
  await page.getByRole('button', { name: 'Nova OS' }).click();
  const dialog = page.getByTestId('new-work-order');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Criar OS' }).click();
  await dialog.getByText('Selecione um cliente.').waitFor();
  await dialog.getByRole('combobox', { name: /Cliente/ }).click();
  await page.keyboard.type('Ana');
  await page.getByRole('option', { name: /Ana Serralheria/ }).click();
  await dialog.getByLabel('Descrição').click();
  await page.keyboard.type('Solda de eixo de carreta');
  await dialog.locator('input[name=total_amount]').click();
  await page.keyboard.type('350,50');
  expect(await dialog.locator('input[name=total_amount]').inputValue()).toBe('350,50');
  await dialog.getByRole('button', { name: 'Criar OS' }).click();
  await page.waitForURL(/\/adm\/services\/(?!os-)/);
  await page.getByTestId('work-order').getByText('Solda de eixo de carreta').waitFor();
  await page.getByTestId('work-order').getByText('R$ 350,50').waitFor();

  await page.goto('/adm/services');
  await page.getByTestId('stage-list').waitFor();
  await page.getByTestId('stage-list').getByText('Solda de eixo de carreta').waitFor();
  // Large touch targets.
  const box = await page.locator('[data-testid=work-order-card]').first().boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  // Search by customer, by code.
  await page.getByLabel('Buscar por código ou cliente').click();
  await page.keyboard.type(other.code.slice(0, 7));
  await expect.poll(() => page.locator('[data-testid=work-order-card]').count()).toBe(1);
  await page.screenshot({ path: artifactPath('services-list-390-search.png'), fullPage: true });
  await page.getByLabel('Buscar por código ou cliente').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await expect.poll(() => page.locator('[data-testid=work-order-card]').count()).toBe(2);
  await page.screenshot({ path: artifactPath('services-list-390.png'), fullPage: true });

  // Three devices per user: the API session's slot goes to the desktop (test 1's phone keeps its own).
  await logout(server, suite.staff);
  const desk = await newContext(suite.browser, server);
  await signIn(desk.page, ADMIN_EMAIL, STAFF_PASSWORD);
  await desk.page.goto('/adm/services');
  await desk.page.getByTestId('stage-board').waitFor({ timeout: 20_000 });
  await desk.page.getByTestId('stage-board').getByText('Solda de eixo de carreta').waitFor();
  await desk.page.screenshot({ path: artifactPath('services-board-1280.png') });
  await desk.page.goto(`/adm/services/os-${other.id}`);
  await desk.page.getByTestId('work-order').waitFor();
  await desk.page.screenshot({ path: artifactPath('services-os-1280.png'), fullPage: true });
}, 180_000);
