/**
 * Issue 6, quotations in the browser: made offline (with a customer registered from the form),
 * kept across an offline reload, delivered when the connection returns, accepted on the public
 * page and shown Aceito live, saved as a real PDF; pagination of 23; the phone-sized cards.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CustomerDoc, QuotationDoc, TransactionDoc } from '../../schemas/collections';
import {
  ADMIN_EMAIL, STAFF_PASSWORD, closeSuite, companyDoc, customerDoc, newContext, openSuite, pullAll,
  quotationDoc, seed, signIn, waitFor, waitForServiceWorkerControl,
  type ApiSession, type RunningServer,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite());
  await seed(server, staff, 'company', [companyDoc({ pix_key: 'contato@forja.test' })]);
});

afterAll(() => closeSuite({ server, browser }));

async function openQuotations(page: Page) {
  await page.goto('/adm/quotations');
  await page.getByRole('heading', { name: 'Orçamentos' }).waitFor({ state: 'visible' });
}

test('offline: customer from the + button and a quotation with two materials; reload; sync; accepted live; PDF', async () => {
  const { page, context } = await newContext(browser, server);
  const stamp = Date.now() % 100000;
  const customerName = `Serralheria Offline ${stamp}`;
  const description = `Portão basculante ${stamp} com motor`;

  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await waitForServiceWorkerControl(page);
  await openQuotations(page);
  // The company profile has reached this device (the PDF header and PIX need it offline).
  await page.getByText(/Sincronizado/).first().waitFor({ state: 'visible', timeout: 20_000 });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Novo Orçamento' }).click();
  await page.getByRole('heading', { name: 'Novo Orçamento' }).waitFor();
  await page.getByRole('button', { name: 'Cadastrar novo cliente' }).click();
  await page.getByLabel(/^Nome/).fill(customerName);
  await page.getByLabel(/^Telefone/).fill('(35) 99811-4455');
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();
  // The new customer is selected in the form.
  await page.getByTestId('selected-customer').getByText(customerName).waitFor();

  await page.getByLabel('Descrição *').fill(description);
  await page.getByLabel('Material 1', { exact: true }).fill('Metalon 50x30');
  await page.getByLabel('Qtd. 1', { exact: true }).fill('6');
  await page.getByLabel('Preço unitário 1', { exact: true }).fill('89,90');
  await page.getByRole('button', { name: 'Adicionar material' }).click();
  await page.getByLabel('Material 2', { exact: true }).fill('Motor deslizante');
  await page.getByLabel('Qtd. 2', { exact: true }).fill('1');
  await page.getByLabel('Preço unitário 2', { exact: true }).fill('1.250,00');
  // Σ = 6 × 89,90 + 1 × 1.250,00 = 1.789,40
  await expect.poll(() => page.getByLabel('Valor Total *').inputValue()).toBe('1.789,40');
  await page.getByLabel('Método de Pagamento *').fill('PIX à vista');
  await page.getByLabel('Prazo de Execução').fill('12 dias úteis');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await page.getByText('Orçamento criado com sucesso!').first().waitFor();

  const row = page.getByTestId('quotation-row').filter({ hasText: description });
  await row.waitFor();
  const code = (await row.getAttribute('data-code'))!;
  expect(code).toMatch(/^ORC-[A-Z0-9]{6}$/);
  await expect.poll(() => row.innerText()).toContain(customerName);
  await expect.poll(() => row.innerText()).toContain('R$ 1.789,40');

  // Reload with no connection: both are still on this device.
  await page.reload();
  const again = page.getByTestId('quotation-row').filter({ hasText: code });
  await again.waitFor({ timeout: 20_000 });
  expect(await again.innerText()).toContain(customerName);

  // 'Salvar PDF' makes a real PDF on the device, offline, with the code and the total.
  const [download] = await Promise.all([page.waitForEvent('download'), again.getByRole('button', { name: 'Salvar PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`orcamento-${code}.pdf`);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'forja-pdf-')), 'q.pdf');
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain(`Orçamento ${code}`);
  expect(text).toContain('R$ 1.789,40');
  expect(text).toContain(customerName);
  expect(text).toContain('PIX copia e cola');

  // Back online: both reach the server's database.
  await context.setOffline(false);
  const onServer = await waitFor(
    async () => (await pullAll<QuotationDoc>(server, staff, 'quotations')).find((q) => q.code === code),
    { timeout: 30_000, message: `quotation ${code} on the server` },
  );
  expect(onServer.materials).toEqual([
    { name: 'Metalon 50x30', quantity: 6, price: 89.9 },
    { name: 'Motor deslizante', quantity: 1, price: 1250 },
  ]);
  expect(onServer.total_amount).toBe(1789.4);
  // Each collection sends on its own: the customer may land a moment after the quotation.
  const customerOnServer = await waitFor(
    async () => (await pullAll<CustomerDoc>(server, staff, 'customers')).find((c) => c.id === onServer.customer_id),
    { timeout: 30_000, message: `customer ${customerName} on the server` },
  );
  expect(customerOnServer.name).toBe(customerName);

  // Made on the device with the quotation (issue 30): the secret of the links staff send.
  expect(onServer.link_secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
  // The customer accepts on the public page (another browser, the link staff send): the staff list turns Aceito without reload.
  const customerSide = await newContext(browser, server);
  await customerSide.page.goto(`/quotation/${code}?k=${onServer.link_secret}`);
  await customerSide.page.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await customerSide.page.getByText('Orçamento aceito com sucesso!').first().waitFor();
  await row.getByText('Aceito', { exact: true }).waitFor({ timeout: 20_000 });

  // 'Lançar no caixa' on the accepted quotation: one pendente Entrada for its customer and total,
  // linked to it, and the action turns into 'Lançado no caixa'.
  await row.getByRole('button', { name: 'Lançar no caixa' }).click();
  await row.getByRole('button', { name: 'Lançado no caixa' }).waitFor();
  expect(await row.getByRole('button', { name: 'Lançado no caixa' }).isDisabled()).toBe(true);
  const entry = await waitFor(
    async () => (await pullAll<TransactionDoc>(server, staff, 'transactions')).find((t) => t.quotation_id === onServer.id),
    { timeout: 30_000, message: `the Entrada of ${code} on the server` },
  );
  expect(entry).toMatchObject({ type: 'entrada', customer_id: onServer.customer_id, amount: 1789.4, payment_status: 'pendente', description: `Orçamento ${code}` });

  // Editing the accepted quotation asks first, puts it back to Pendente and keeps the decision.
  await row.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Descrição *').fill(`${description} e pintura`);
  await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
  await page.getByRole('alertdialog').getByText(/já foi aceito pelo cliente/).waitFor();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByText('Orçamento atualizado com sucesso!').first().waitFor();
  await row.getByText('Pendente', { exact: true }).waitFor();
  await page.goto(`/adm/quotation/${code}`);
  const record = page.getByTestId('decision-record');
  await record.getByText('Decisões anteriores').waitFor();
  expect(await record.getByTestId('decision-history-entry').innerText()).toMatch(/^Aceito em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
  await page.getByText(`${description} e pintura`).waitFor();

  // 'Atualizar' resyncs and says how many quotations there are.
  await openQuotations(page);
  await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
  await page.getByText('Dados atualizados', { exact: true }).first().waitFor();
});

test('23 quotations page by 10 with search; at 390×844 cards with Mais/Menos', async () => {
  const customer = customerDoc({ name: 'Fazenda Lote Paginação' });
  await seed(server, staff, 'customers', [customer]);
  const now = Date.now();
  const docs = Array.from({ length: 23 }, (_, i) =>
    quotationDoc({
      customer_id: customer.id,
      description: `Lote paginação item ${String(i + 1).padStart(2, '0')}`,
      materials: [{ name: 'Chapa 3mm', quantity: 2, price: 150 }],
      created_at: new Date(now - (23 - i) * 1000).toISOString(),
    }),
  );
  await seed(server, staff, 'quotations', docs);

  const { page } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await openQuotations(page);
  await page.getByRole('searchbox').fill('lote PAGINACAO');
  const rows = page.getByTestId('quotation-row');
  await expect.poll(() => page.getByTestId('result-count').innerText()).toBe('23 orçamentos');
  await expect.poll(() => rows.count()).toBe(10);
  // Newest first.
  expect(await rows.first().innerText()).toContain('item 23');
  const nav = page.getByRole('navigation', { name: 'Paginação' });
  expect(await nav.getByRole('button', { name: /^Página \d+$/ }).count()).toBe(3);
  await nav.getByRole('button', { name: 'Página 3' }).click();
  await expect.poll(() => rows.count()).toBe(3);
  expect(await rows.last().innerText()).toContain('item 01');
  // One page or fewer: no pagination.
  await page.getByRole('searchbox').fill('item 07');
  await expect.poll(() => rows.count()).toBe(1);
  expect(await nav.count()).toBe(0);

  // Phone size: cards, 'Mais' reveals creator, date/time and materials.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId('quotation-card').first();
  await card.waitFor();
  expect(await page.getByTestId('quotations-table').count()).toBe(0);
  expect(await card.innerText()).toContain('Fazenda Lote Paginação');
  expect(await card.innerText()).toContain('Validade');
  expect(await card.getByText('Criado por').count()).toBe(0);
  await card.getByRole('button', { name: 'Mais' }).click();
  await card.getByText('Criado por').waitFor();
  await card.getByText(ADMIN_EMAIL).waitFor();
  expect(await card.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
  expect(await card.innerText()).toContain('Chapa 3mm — 2x R$ 150,00');
  await card.getByRole('button', { name: 'Menos' }).click();
  expect(await card.getByText('Criado por').count()).toBe(0);
  await page.getByRole('button', { name: 'Novo Orçamento' }).waitFor();
});
