/**
 * Issue 7, the cash book in a browser: offline entries (an Entrada for a new customer through
 * the dialog, a Saída, a Despesa Fixa) survive a reload and reach the server; filters live in
 * the address; overdue shows as Atrasado; the double-entry guard; edit and delete; another
 * device sees a new entry live, on a phone as cards.
 *
 * One server; the user's three device slots: the API session (seeding), a desktop and a phone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CustomerDoc, TransactionDoc } from '../../schemas/collections';
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  customerDoc,
  launchBrowser,
  prepareStaff,
  pullAll,
  seed,
  signIn,
  startServer,
  waitFor,
  waitForServiceWorkerControl,
  type ApiSession,
  type RunningServer,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;
let desk: { context: BrowserContext; page: Page };
const errors: string[] = [];

async function device(viewport: { width: number; height: number }, mobile = false) {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page };
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  staff = await prepareStaff(server);
  desk = await device({ width: 1280, height: 800 });
  await signIn(desk.page, ADMIN_EMAIL, STAFF_PASSWORD);
});

afterAll(async () => {
  if (errors.length) console.error(errors.join('\n'));
  await browser?.close();
  await server?.dispose();
});

const uniq = () => String(Date.now() % 1_000_000);
const toast = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible' });
const form = (page: Page) => page.getByRole('form', { name: 'Nova Transação' });

async function fillAmount(page: Page, text: string) {
  const input = form(page).getByLabel('Valor');
  await input.fill(text);
  await input.blur();
}

async function chooseType(page: Page, label: 'Entrada' | 'Saída' | 'Despesa Fixa') {
  await form(page).getByText(label, { exact: true }).click();
}

test('offline: an Entrada for a new customer, a Saída and a Despesa Fixa survive a reload and reach the server', async () => {
  const { page, context } = desk;
  await waitForServiceWorkerControl(page);
  await page.getByRole('heading', { name: 'Fluxo de Caixa' }).waitFor();
  const n = uniq();
  const customerName = `Oficina Nova Esperança ${n}`;

  await context.setOffline(true);

  // Entrada: a name nobody has opens the new-customer dialog and the submission stops.
  await form(page).getByPlaceholder('Digite o nome do cliente').fill(customerName);
  await fillAmount(page, '1.250,75');
  await form(page).getByLabel('Descrição').fill(`Portão ${n}`);
  await form(page).getByRole('button', { name: 'Registrar Transação' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Cadastrar Novo Cliente').first().waitFor();
  await dialog.getByLabel(/^Nome/).fill(customerName);
  await dialog.getByLabel(/^Telefone/).fill(`(35) 9${n.padStart(4, '0').slice(0, 4)}-${n.slice(-4).padStart(4, '0')}`);
  await dialog.getByRole('button', { name: 'Salvar Cliente' }).click();
  await form(page).getByTestId('selected-customer').getByText(customerName).waitFor();
  await form(page).getByRole('button', { name: 'Registrar Transação' }).click();
  await toast(page, `Transação registrada com sucesso por ${ADMIN_EMAIL}`);
  await page.getByRole('table').getByText(`Portão ${n}`).waitFor();

  // Saída: serviço, kept in category.
  await chooseType(page, 'Saída');
  await form(page).getByLabel('Tipo de saída').selectOption('servico');
  await form(page).getByLabel('Nome (opcional)').fill('Tornearia Central');
  await fillAmount(page, '320');
  await form(page).getByLabel('Descrição').fill(`Usinagem ${n}`);
  await form(page).getByLabel('Status do pagamento').selectOption('pago');
  await form(page).getByRole('button', { name: 'Registrar Transação' }).click();
  await page.getByRole('table').getByText(`Usinagem ${n}`).waitFor();

  // Despesa Fixa: the nine categories, no payment method, no 'Pago Parcial'.
  await chooseType(page, 'Despesa Fixa');
  const categories = await form(page).getByLabel('Categoria').locator('option').allTextContents();
  expect(categories).toHaveLength(9);
  expect(categories).toContain('Equipamentos Pesados');
  expect(await form(page).getByLabel('Forma de pagamento').count()).toBe(0);
  expect(await form(page).getByLabel('Status do pagamento').locator('option').allTextContents()).toEqual(['Pago', 'Pendente']);
  await form(page).getByLabel('Categoria').selectOption('equipamentos');
  await fillAmount(page, '89,90');
  await form(page).getByLabel('Descrição').fill(`Aluguel da máquina ${n}`);
  await form(page).getByRole('button', { name: 'Registrar Transação' }).click();
  await page.getByRole('table').getByText(`Aluguel da máquina ${n}`).waitFor();

  // Reload without signal: all three are there.
  await page.reload();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  for (const text of [`Portão ${n}`, `Usinagem ${n}`, `Aluguel da máquina ${n}`]) {
    await page.getByRole('table').getByText(text).waitFor({ timeout: 20_000 });
  }

  // Back online, they reach the server as the spec stores them.
  await context.setOffline(false);
  const onServer = await waitFor(
    async () => {
      const all = await pullAll<TransactionDoc>(server, staff, 'transactions');
      const mine = all.filter((t) => t.description.endsWith(n) && !t._deleted);
      return mine.length === 3 ? mine : null;
    },
    { timeout: 30_000, message: 'the three transactions on the server' },
  );
  const customers = await pullAll<CustomerDoc>(server, staff, 'customers');
  const customer = customers.find((c) => c.name === customerName)!;
  expect(customer).toBeDefined();
  const by = (d: string) => onServer.find((t) => t.description === d)!;
  expect(by(`Portão ${n}`)).toMatchObject({ type: 'entrada', customer_id: customer.id, name: null, amount: 1250.75, payment_method: 'pix', payment_status: 'pendente' });
  expect(by(`Usinagem ${n}`)).toMatchObject({ type: 'saida', category: 'servico', name: 'Tornearia Central', amount: 320, payment_status: 'pago' });
  expect(by(`Aluguel da máquina ${n}`)).toMatchObject({ type: 'despesas', category: 'equipamentos', payment_method: 'n/a', amount: 89.9 });
  expect(by(`Portão ${n}`).created_by).toBe(staff.user.id);
});

test('filters go in the address and survive a reload; overdue shows as Atrasado', async () => {
  const { page } = desk;
  const n = uniq();
  const now = new Date().toISOString();
  const base = { customer_id: null, name: null, category: 'material', payment_method: 'pix', quotation_id: null, created_at: now, updated_at: now, client_updated_at: now, created_by: null, updated_by: null };
  const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  await seed(server, staff, 'transactions', [
    { ...base, id: randomUUID(), type: 'saida', description: `Vencida ${n}`, amount: 10, payment_status: 'pendente', due_date: yesterday },
    { ...base, id: randomUUID(), type: 'saida', description: `Paga ${n}`, amount: 11, payment_status: 'pago', due_date: yesterday },
  ]);
  await page.goto('/adm/dashboard');
  const table = page.getByRole('table');
  await table.getByText(`Vencida ${n}`).waitFor({ timeout: 20_000 });
  const overdueRow = table.getByRole('row').filter({ hasText: `Vencida ${n}` });
  await overdueRow.getByText('Atrasado', { exact: true }).waitFor();

  const filters = page.getByRole('region', { name: 'Filtros' });
  await filters.getByLabel('Status').selectOption('atrasado');
  await filters.getByLabel('Tipo').selectOption('saida');
  await filters.getByRole('button', { name: 'Aplicar Filtros' }).click();
  await page.waitForURL(/paymentStatus=atrasado/);
  expect(new URL(page.url()).searchParams.get('type')).toBe('saida');
  await table.getByText(`Paga ${n}`).waitFor({ state: 'detached' });
  expect(await table.getByTestId('transaction-status').allTextContents()).toEqual(expect.arrayContaining(['Atrasado']));
  expect(new Set(await table.getByTestId('transaction-status').allTextContents())).toEqual(new Set(['Atrasado']));

  await page.reload();
  await table.getByText(`Vencida ${n}`).waitFor({ timeout: 20_000 });
  expect(await filters.getByLabel('Status').inputValue()).toBe('atrasado');
  expect(await table.getByText(`Paga ${n}`).count()).toBe(0);

  await filters.getByRole('button', { name: 'Limpar Filtros' }).click();
  await table.getByText(`Paga ${n}`).waitFor();
  expect(new URL(page.url()).search).toBe('');

  // 'Atualizar dados' resyncs now; a second press within 2 s is ignored with the spec's message.
  // Both presses from the keyboard, one right after the other: waiting for the first to finish
  // let the resync's own time (over 2 s on a loaded machine) decide whether the second fell
  // inside the window. The first still ends with its own message.
  await page.getByRole('button', { name: 'Atualizar dados' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toast(page, 'Por favor, aguarde antes de atualizar novamente');
  await toast(page, 'Dados atualizados com sucesso');
  await page.getByRole('button', { name: 'Atualizar dados' }).waitFor();
});

test('a duplicate is refused, a similar one asks first; edit and delete', async () => {
  const { page } = desk;
  const n = uniq();
  await page.goto('/adm/dashboard');
  await chooseType(page, 'Saída');
  const register = async (description: string) => {
    await form(page).getByLabel('Descrição').fill(description);
    await fillAmount(page, '77,70');
    await form(page).getByRole('button', { name: 'Registrar Transação' }).click();
  };
  await register(`Solda ${n}`);
  await page.getByRole('table').getByText(`Solda ${n}`).waitFor();
  await register(`Solda ${n}`);
  await toast(page, 'Transação idêntica enviada recentemente. Evitando duplicação.');

  await register(`Eletrodos ${n}`);
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('Uma transação similar foi registrada recentemente. Verifique sua lista de transações.', { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Registrar mesmo assim' }).click();
  await page.getByRole('table').getByText(`Eletrodos ${n}`).waitFor();
  expect(await page.getByRole('table').getByText(`Solda ${n}`).count()).toBe(1);

  // An Entrada whose typed name (any case, no accents) matches a customer offers that customer.
  await seed(server, staff, 'customers', [customerDoc({ name: `Metalúrgica São Jorge ${n}` })]);
  await chooseType(page, 'Entrada');
  await form(page).getByPlaceholder('Digite o nome do cliente').fill(`metalurgica sao jorge ${n}`);
  await fillAmount(page, '55');
  await form(page).getByLabel('Descrição').fill(`Sinal ${n}`);
  await form(page).getByRole('button', { name: 'Registrar Transação' }).click();
  await form(page).getByText(`Cliente encontrado: Metalúrgica São Jorge ${n}`, { exact: false }).waitFor();
  expect(await page.getByRole('table').getByText(`Sinal ${n}`).count()).toBe(0);
  await form(page).getByRole('button', { name: 'Usar este cliente' }).click();
  await form(page).getByRole('button', { name: 'Registrar Transação' }).click();
  await page.getByRole('table').getByText(`Sinal ${n}`).waitFor();

  // Edit: same form, the type cannot change.
  await page.getByRole('button', { name: `Editar Eletrodos ${n}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Transação' });
  await edit.waitFor();
  expect(await edit.locator('input[type=radio][value=entrada]').isDisabled()).toBe(true);
  await edit.getByLabel('Descrição').fill(`Eletrodos 2,5mm ${n}`);
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await toast(page, 'Transação atualizada com sucesso!');
  await page.getByRole('table').getByText(`Eletrodos 2,5mm ${n}`).waitFor();

  // Delete after 'Confirmar Exclusão'.
  await page.getByRole('button', { name: `Excluir Solda ${n}` }).click();
  const del = page.getByRole('alertdialog');
  await del.getByText('Confirmar Exclusão').waitFor();
  await del.getByRole('button', { name: 'Excluir' }).click();
  await toast(page, 'Transação excluída com sucesso');
  await page.getByRole('table').getByText(`Solda ${n}`).waitFor({ state: 'detached' });
});

test('on a phone (390×844) the list is cards, and a transaction from another device appears live', async () => {
  const phone = await device({ width: 390, height: 844 }, true);
  await signIn(phone.page, ADMIN_EMAIL, STAFF_PASSWORD);
  const cards = phone.page.getByTestId('transaction-card');
  await cards.first().waitFor({ timeout: 20_000 });
  expect(await phone.page.getByRole('table').count()).toBe(0);

  // 'Mais' shows Registrado por and Data e hora.
  await cards.first().getByRole('button', { name: 'Mais' }).click();
  await cards.first().getByText('Registrado por:').waitFor();
  await cards.first().getByText(ADMIN_EMAIL).waitFor();
  await cards.first().getByRole('button', { name: 'Menos' }).click();

  // The desktop registers one; the phone shows it without reloading.
  const n = uniq();
  await desk.page.goto('/adm/dashboard');
  await chooseType(desk.page, 'Despesa Fixa');
  await form(desk.page).getByLabel('Descrição').fill(`Conta de luz ${n}`);
  await fillAmount(desk.page, '412,33');
  await form(desk.page).getByRole('button', { name: 'Registrar Transação' }).click();
  await cards.filter({ hasText: `Conta de luz ${n}` }).waitFor({ timeout: 20_000 });

  // Nothing is wider than the screen.
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.context.close();
});
