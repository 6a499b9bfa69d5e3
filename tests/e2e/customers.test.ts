/**
 * Customers (issue 6): the overlay/page with table and cards, search, details, form, delete rule;
 * live updates with toasts for other users' changes and customers' decisions on the public page;
 * the duplicate-phone refusal from two offline devices, shown and fixed with 'Corrigir'.
 * One server for the whole file.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CustomerDoc, QuotationDoc } from '../../schemas/collections';
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  addUser,
  artifactPath,
  customerDoc,
  launchBrowser,
  newContext,
  prepareStaff,
  pullAll,
  push,
  quotationDoc,
  queryPglite,
  seed,
  signIn,
  startServer,
  waitFor,
  type ApiSession,
  type RunningServer,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;
const MARIA = 'maria@forja.test';
const JOAO = 'joao@forja.test';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // Each user may hold 3 device sessions: the contexts below are spread over three users.
  const mariaTemp = await addUser(server, MARIA);
  const joaoTemp = await addUser(server, JOAO);
  staff = await prepareStaff(server);
  await prepareStaff(server, MARIA, mariaTemp, { keepSession: false });
  await prepareStaff(server, JOAO, joaoTemp, { keepSession: false });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const stamps = () => {
  const t = new Date().toISOString();
  return { created_at: t, updated_at: t, client_updated_at: t };
};
const transactionDoc = (customerId: string, fields: Record<string, unknown> = {}) => ({
  id: randomUUID(), type: 'entrada', customer_id: customerId, name: null, category: null, description: 'Sinal do portão',
  amount: 600, payment_method: 'pix', payment_status: 'pago', due_date: null, quotation_id: null, ...stamps(), ...fields,
});

const toast = (page: Page, text: string | RegExp) => page.locator('[data-testid=toast]').filter({ hasText: text });
const synced = (page: Page) => page.locator('[data-testid=sync-badge][data-tone=ok]').first().waitFor({ timeout: 30_000 });
const row = (scope: Page | ReturnType<Page['locator']>, name: string) => scope.locator('[data-customer]').filter({ hasText: name });

test('desktop overlay: create, search, edit, details, delete refused with counts, delete', async () => {
  const withHistory = customerDoc({ name: 'Metalúrgica São João', phone: '(35) 3743-0001' });
  const noHistory = customerDoc({ name: 'Fazenda Santa Rita', phone: '(35) 3743-0002' });
  await seed(server, staff, 'customers', [withHistory, noHistory]);
  await seed(server, staff, 'quotations', [
    quotationDoc({ customer_id: withHistory.id, code: 'ORC-2026-0101', total_amount: 1500 }),
    quotationDoc({ customer_id: withHistory.id, code: 'ORC-2026-0102', status: 'accepted', decided_at: new Date().toISOString() }),
  ]);
  await seed(server, staff, 'transactions', [transactionDoc(withHistory.id, { payment_status: 'pendente', due_date: '2026-01-05', description: 'Parcela vencida' })]);

  const { page } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Clientes', exact: true }).first().click();
  const overlay = page.getByRole('dialog', { name: 'Gerenciamento de Clientes' });
  await row(overlay, 'Metalúrgica São João').waitFor();
  // Table with the spec's columns and the counts.
  const headers = await overlay.locator('th').allInnerTexts();
  expect(headers.map((h) => h.trim())).toEqual(['Nome', 'Telefone', 'WhatsApp', 'Descrição', 'Transações', 'Orçamentos', 'Ações']);
  const cells = await row(overlay, 'Metalúrgica São João').locator('td').allInnerTexts();
  expect(cells.slice(0, 6).map((c) => c.trim())).toEqual(['Metalúrgica São João', '(35) 3743-0001', '—', '—', '1', '2']);

  // Create.
  await overlay.getByRole('button', { name: 'Novo Cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Cadastrar Novo Cliente' });
  await form.getByRole('button', { name: 'Salvar Cliente' }).click();
  await form.getByText('Nome é obrigatório').waitFor();
  await form.getByText('Telefone é obrigatório').waitFor();
  await form.getByLabel(/^Nome/).fill('Serralheria Boa Vista');
  await form.getByLabel(/^Telefone/).fill('(35) 3743-0001');
  await form.getByRole('button', { name: 'Salvar Cliente' }).click();
  await form.getByText('Este telefone já está cadastrado para outro cliente').waitFor();
  await form.getByLabel(/^Telefone/).fill('(35) 99811-2233');
  await form.getByRole('button', { name: 'Salvar Cliente' }).click();
  await toast(page, 'Serralheria Boa Vista foi cadastrado com sucesso!').waitFor();
  await form.waitFor({ state: 'hidden' });
  await row(overlay, 'Serralheria Boa Vista').waitFor();

  // Search: accent- and case-insensitive.
  await overlay.getByRole('searchbox', { name: 'Buscar cliente' }).fill('serralheria boa');
  await overlay.getByText('1 cliente', { exact: true }).waitFor();
  expect(await overlay.locator('[data-customer]').count()).toBe(1);

  // Edit with the phone unchanged.
  await overlay.getByRole('button', { name: 'Editar: Serralheria Boa Vista' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Cliente' });
  await edit.getByLabel(/^Nome/).fill('Serralheria Boa Vista Ltda');
  await edit.getByLabel('WhatsApp').fill('(35) 99811-2233');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await toast(page, 'Serralheria Boa Vista Ltda foi atualizado com sucesso!').waitFor();
  await row(overlay, 'Serralheria Boa Vista Ltda').getByText('(35) 99811-2233').first().waitFor();
  await overlay.getByRole('searchbox', { name: 'Buscar cliente' }).fill('METALURGICA');
  await overlay.getByText('1 cliente', { exact: true }).waitFor();

  // Details: a row click opens them; the overdue transaction shows as Atrasado.
  await row(overlay, 'Metalúrgica São João').locator('td').first().click();
  const details = page.getByRole('dialog', { name: 'Detalhes de Metalúrgica São João' });
  await details.getByText('Parcela vencida').waitFor();
  await details.getByText('Atrasado').waitFor();
  await details.getByText('R$ 600,00').waitFor();
  await details.getByRole('tab', { name: /Orçamentos/ }).click();
  await details.getByText('ORC-2026-0101').waitFor();
  await details.getByText('Aceito').waitFor();
  await details.getByRole('button', { name: 'Fechar' }).click();
  await details.waitFor({ state: 'hidden' });

  // Delete refused with counts.
  await overlay.getByRole('button', { name: 'Excluir: Metalúrgica São João' }).click();
  await toast(page, 'Este cliente não pode ser excluído: possui 2 orçamentos e 1 transação.').waitFor();
  expect(await page.getByRole('alertdialog').count()).toBe(0);

  // Delete a customer without history, after the confirmation.
  await overlay.getByRole('searchbox', { name: 'Buscar cliente' }).fill('');
  await overlay.getByRole('button', { name: 'Excluir: Fazenda Santa Rita' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('Tem certeza que deseja excluir este cliente? Esta ação não pode ser desfeita.').waitFor();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await toast(page, 'Cliente excluído com sucesso!').waitFor();
  await row(overlay, 'Fazenda Santa Rita').waitFor({ state: 'detached' });
  await waitFor(async () => !(await pullAll<CustomerDoc>(server, staff, 'customers')).some((c) => c.id === noHistory.id), {
    timeout: 20_000,
    message: 'the deletion on the server',
  });
  const edited = await waitFor(
    async () => (await pullAll<CustomerDoc>(server, staff, 'customers')).find((c) => c.name === 'Serralheria Boa Vista Ltda'),
    { timeout: 20_000, message: 'the edited customer on the server' },
  );
  expect(edited).toMatchObject({ whatsapp: '(35) 99811-2233', description: null });
});

test('mobile: cards at 390×844, the form, toasts at the bottom centre', async () => {
  const mobileCustomer = customerDoc({ name: 'Caldeiraria Celular', phone: '(35) 3743-0555' });
  await seed(server, staff, 'customers', [mobileCustomer]);
  await seed(server, staff, 'quotations', [quotationDoc({ customer_id: mobileCustomer.id, code: 'ORC-2026-0555' })]);
  await seed(server, staff, 'transactions', [transactionDoc(mobileCustomer.id), transactionDoc(mobileCustomer.id)]);
  const { page } = await newContext(browser, server, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signIn(page, MARIA, STAFF_PASSWORD);
  await page.goto('/adm/customers');
  await page.getByRole('heading', { name: 'Clientes' }).waitFor();
  await row(page, 'Caldeiraria Celular').waitFor();
  expect(await page.locator('table').count()).toBe(0);
  const card = row(page, 'Caldeiraria Celular');
  await card.getByText('Transações: 2').waitFor();
  await card.getByText('Orçamentos: 1').waitFor();

  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Cadastrar Novo Cliente' });
  await form.getByLabel(/^Nome/).fill('Tornearia Campestre');
  await form.getByLabel(/^Telefone/).fill('(35) 99700-1000');
  await form.getByRole('button', { name: 'Salvar Cliente' }).click();
  const created = toast(page, 'Tornearia Campestre foi cadastrado com sucesso!');
  await created.waitFor();
  const box = (await created.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - 195)).toBeLessThan(30);
  expect(box.y).toBeGreaterThan(844 / 2);
  // Above the tab bar once its entrance animation is over.
  await expect.poll(async () => { const b = (await created.boundingBox())!; return b.y + b.height; }, { timeout: 1500 }).toBeLessThanOrEqual(844 - 64);
  await page.screenshot({ path: artifactPath('customers-mobile-toast-390.png') });
  await row(page, 'Tornearia Campestre').waitFor();
  // Success toasts last 2 s on small screens.
  await created.waitFor({ state: 'detached', timeout: 4000 });
});

test("another user's customer and quotation arrive live with a toast; a customer's accept too", async () => {
  const a = await newContext(browser, server);
  const b = await newContext(browser, server);
  await signIn(a.page, ADMIN_EMAIL, STAFF_PASSWORD);
  await signIn(b.page, MARIA, STAFF_PASSWORD);
  await b.page.goto('/adm/customers');
  await a.page.goto('/adm/customers');
  await synced(a.page);
  await synced(b.page);
  await row(b.page, 'Metalúrgica São João').waitFor();
  // Maria's first download brought the admin's customers: no flood of toasts for them.
  expect(await b.page.locator('[data-testid=toast]').filter({ hasText: /Cliente adicionado|Novo orçamento/ }).count()).toBe(0);

  // The admin adds a customer in the app: Maria sees it live, with the other-user toast.
  await a.page.getByRole('button', { name: 'Novo Cliente' }).click();
  const form = a.page.getByRole('dialog', { name: 'Cadastrar Novo Cliente' });
  await form.getByLabel(/^Nome/).fill('Oficina Ao Vivo');
  await form.getByLabel(/^Telefone/).fill('(35) 99555-7777');
  await form.getByRole('button', { name: 'Salvar Cliente' }).click();
  await row(b.page, 'Oficina Ao Vivo').waitFor({ timeout: 20_000 });
  await toast(b.page, 'Cliente adicionado').waitFor();
  await toast(b.page, 'Um cliente foi adicionado com sucesso!').waitFor();
  // …and the admin, who made it, gets no such toast.
  expect(await toast(a.page, 'Cliente adicionado').count()).toBe(0);

  // A quotation the admin creates (pushed through the sync API as the admin's device).
  const customer = await waitFor(
    async () => (await pullAll<CustomerDoc>(server, staff, 'customers')).find((c) => c.name === 'Oficina Ao Vivo'),
    { timeout: 20_000, message: 'the live customer on the server' },
  );
  const quotation = quotationDoc({ customer_id: customer.id, code: 'ORC-2026-0777' });
  const pushed = await push(server, staff, 'quotations', [quotation as unknown as Record<string, unknown>]);
  expect(pushed.rejections).toEqual([]);
  await toast(b.page, 'Novo orçamento adicionado').waitFor({ timeout: 20_000 });
  await row(b.page, 'Oficina Ao Vivo').getByText('1', { exact: true }).first().waitFor();
  expect(await toast(a.page, 'Novo orçamento adicionado').count()).toBe(0); // the admin's own, from another device

  // The customer accepts on the public page: both see a toast naming the quotation.
  const res = await fetch(`${server.url}/api/public/quotations/ORC-2026-0777/accept?k=${quotation.link_secret}`, { method: 'POST' });
  expect(res.ok).toBe(true);
  await toast(b.page, 'O cliente aceitou o orçamento ORC-2026-0777.').waitFor({ timeout: 20_000 });
  await toast(a.page, 'O cliente aceitou o orçamento ORC-2026-0777.').waitFor({ timeout: 20_000 });
  const q = (await pullAll<QuotationDoc>(server, staff, 'quotations')).find((d) => d.id === quotation.id);
  expect(q?.status).toBe('accepted');
});

test('the same phone registered on two offline devices: the refusal is shown and fixed with Corrigir', async () => {
  const one = await newContext(browser, server);
  const two = await newContext(browser, server);
  await signIn(one.page, JOAO, STAFF_PASSWORD);
  await signIn(two.page, JOAO, STAFF_PASSWORD);
  for (const p of [one.page, two.page]) {
    await p.goto('/adm/customers');
    await synced(p);
  }
  await one.context.setOffline(true);
  await two.context.setOffline(true);

  const add = async (page: Page, name: string) => {
    await page.getByRole('button', { name: 'Novo Cliente' }).click();
    const form = page.getByRole('dialog', { name: 'Cadastrar Novo Cliente' });
    await form.getByLabel(/^Nome/).fill(name);
    await form.getByLabel(/^Telefone/).fill('(35) 98888-4321');
    await form.getByRole('button', { name: 'Salvar Cliente' }).click();
    await form.waitFor({ state: 'hidden' });
    await row(page, name).waitFor();
  };
  await add(one.page, 'Primeiro Aparelho');
  await add(two.page, 'Segundo Aparelho');

  await one.context.setOffline(false);
  await waitFor(async () => (await pullAll<CustomerDoc>(server, staff, 'customers')).some((c) => c.name === 'Primeiro Aparelho'), {
    timeout: 30_000,
    message: 'the first device\'s customer on the server',
  });
  await two.context.setOffline(false);

  // The refused customer stays listed, marked with the reason, with 'Corrigir'.
  const refused = row(two.page, 'Segundo Aparelho');
  await refused.getByText('Recusado pelo servidor').waitFor({ timeout: 30_000 });
  await refused.getByText('Este telefone já está cadastrado para outro cliente').waitFor();
  await two.page.screenshot({ path: artifactPath('customers-refused-1280.png') });
  await two.page.getByRole('button', { name: '1 documento recusado' }).or(two.page.locator('[data-testid=sync-badge] button')).first().waitFor();

  // The sync badge's list offers the same fix.
  await two.page.locator('[data-testid=sync-badge] button').first().click();
  const panel = two.page.getByRole('dialog').filter({ hasText: 'Segundo Aparelho' });
  await panel.getByRole('button', { name: 'Corrigir' }).click();
  const edit = two.page.getByRole('dialog', { name: 'Editar Cliente' });
  await expect.poll(() => edit.getByLabel(/^Nome/).inputValue()).toBe('Segundo Aparelho');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await edit.getByText('Este telefone já está cadastrado para outro cliente').waitFor();
  await edit.getByLabel(/^Telefone/).fill('(35) 98888-9999');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await edit.waitFor({ state: 'hidden' });
  await refused.getByText('Recusado pelo servidor').waitFor({ state: 'detached', timeout: 20_000 });

  const onServer = await waitFor(
    async () => (await pullAll<CustomerDoc>(server, staff, 'customers')).find((c) => c.name === 'Segundo Aparelho'),
    { timeout: 30_000, message: 'the fixed customer on the server' },
  );
  expect(onServer.phone).toBe('(35) 98888-9999');

  // Plain SQL sees both customers, each with its own phone.
  await server.stop();
  const rows = await queryPglite<{ name: string; phone: string }>(
    server,
    "SELECT name, phone FROM customers WHERE name IN ('Primeiro Aparelho', 'Segundo Aparelho') AND NOT _deleted ORDER BY name",
  );
  expect(rows).toEqual([
    { name: 'Primeiro Aparelho', phone: '(35) 98888-4321' },
    { name: 'Segundo Aparelho', phone: '(35) 98888-9999' },
  ]);
  await server.restart();
});
