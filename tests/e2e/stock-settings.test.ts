/**
 * Issue 8 in Chromium: catalogues in Configurações, an item registered and moved offline on the
 * movement ledger, the overview's status, count and chart, the company profile on the landing
 * page, ending another device's session from 'Minha conta' (also on a 390×844 phone), and
 * changing the password there, which asks for the current one (issue 30).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { StockMovementDoc } from '../../schemas/collections';
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  artifactPath,
  login,
  logout,
  newContext,
  pullAll,
  signIn,
  waitFor,
  waitForServiceWorkerControl,
  type ApiSession,
  type RunningServer,
  closeSuite,
  openSuite,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite({ keepSession: false }));
});

afterAll(() => closeSuite({ server, browser }));

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

async function quantityShown(page: Page): Promise<string> {
  return (await page.locator('[data-testid=stock-quantity]:visible').first().textContent())?.trim() ?? '';
}

test('catalogues, an item moved offline, the overview, and the company name on the landing page', async () => {
  const { page, context } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  staff = await login(server, ADMIN_EMAIL, STAFF_PASSWORD);

  // A category, a duplicate refused ignoring case and accents, and a type under the category.
  await page.goto('/adm/settings?tab=categorias');
  await page.getByText('Barras Metálicas').first().waitFor({ state: 'visible' }); // the server's default
  await page.getByLabel('Nova categoria').fill('Perfis Estruturais');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await toast(page, 'Categoria adicionada com sucesso.');
  await page.getByLabel('Nova categoria').fill('  perfis estruturáis ');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await toast(page, 'Já existe uma categoria com este nome.');
  await page.getByRole('tab', { name: 'Tipos' }).click();
  await page.waitForURL('**/adm/settings?tab=tipos');
  await page.getByLabel('Categoria do tipo').selectOption({ label: 'Perfis Estruturais' });
  await page.getByLabel('Novo tipo').fill('Perfil U');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await toast(page, 'Tipo adicionado com sucesso.');
  await page.locator('[data-entry="Perfil U"]').getByText('Perfis Estruturais').waitFor({ state: 'visible' });

  // Offline from here: register an item with opening stock 50, then +1, +1, −1.
  await waitForServiceWorkerControl(page);
  await page.goto('/adm/stock');
  await page.getByRole('heading', { name: 'Controle de Estoque' }).waitFor({ state: 'visible' });
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Novo Item' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Categoria é obrigatória').waitFor({ state: 'visible' });
  await page.locator('select[name=category_id]').selectOption({ label: 'Perfis Estruturais' });
  await page.locator('select[name=type_id]').selectOption({ label: 'Perfil U' });
  await page.locator('select[name=material_id]').selectOption({ label: 'Aço Carbono' });
  await page.locator('select[name=thickness_id]').selectOption({ label: '3 mm' });
  await page.locator('input[name=dimension]').fill('6000 mm');
  await page.locator('input[name=quantity]').fill('50');
  await page.locator('input[name=minimum_quantity]').fill('10');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Item cadastrado com sucesso!');
  const label = 'Perfil U Aço Carbono 3 mm 6000 mm';
  await page.locator(`[data-item="${label}"]`).waitFor({ state: 'visible' });
  expect(await quantityShown(page)).toBe('50');
  await page.getByRole('button', { name: `Adicionar 1: ${label}` }).click();
  await page.getByRole('button', { name: `Adicionar 1: ${label}` }).click();
  await page.getByRole('button', { name: `Retirar 1: ${label}` }).click();
  await waitFor(async () => ((await quantityShown(page)) === '51' ? true : null), { timeout: 10_000, message: 'quantity 51' });

  // Reload while still offline: the ledger is on the device.
  await page.reload();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await page.locator(`[data-item="${label}"]`).waitFor({ state: 'visible', timeout: 20_000 });
  expect(await quantityShown(page)).toBe('51');

  // Online again: the server's ledger agrees.
  await context.setOffline(false);
  const movements = await waitFor(
    async () => {
      const all = await pullAll<StockMovementDoc>(server, staff, 'stock_movements');
      return all.length === 4 ? all : null;
    },
    { timeout: 30_000, message: 'four movements on the server' },
  );
  expect(movements.reduce((s, m) => s + m.delta, 0)).toBe(51);
  await logout(server, staff); // frees the API session's device slot (3 per user)

  // The item view lists the movements newest first with the running balance; raise the minimum to 60.
  await page.getByRole('button', { name: `Ver / editar: ${label}` }).click();
  const view = page.getByRole('dialog');
  await view.locator('[data-movement]').first().waitFor({ state: 'visible' });
  expect(await view.locator('[data-movement]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-movement')))).toEqual(['-1', '1', '1', '50']);
  await view.getByRole('button', { name: 'Editar' }).click();
  await page.locator('input[name=minimum_quantity]').fill('60');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Item atualizado com sucesso.');

  // The overview: Crítico (51 ≤ 60), this month's 4 movements and this month's bars.
  await page.getByRole('tab', { name: 'Visão geral' }).click();
  const row = page.locator(`[data-overview="${label}"]`);
  await row.locator('[data-status="Crítico"]').waitFor({ state: 'visible' });
  expect(await page.getByTestId('critical-items').textContent()).toBe('1');
  expect(await page.getByTestId('month-movements').textContent()).toBe('4');
  expect(await page.getByTestId('total-stock').textContent()).toBe('51');
  const months = JSON.parse((await page.getByTestId('movement-chart').getAttribute('data-months')) ?? '[]') as [string, number, number][];
  expect(months).toHaveLength(6);
  expect(months[5].slice(1)).toEqual([52, 1]);
  await page.locator('[data-testid=movement-chart] canvas').waitFor({ state: 'visible' });
  await page.screenshot({ path: artifactPath('stock-overview-1280.png'), fullPage: true });

  // A category in use cannot be deleted; the message says how many items use it.
  await page.goto('/adm/settings?tab=materiais');
  await page.getByRole('button', { name: 'Excluir Aço Carbono' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await toast(page, 'Não é possível excluir: 1 item do estoque usa este cadastro.');

  // Company: an invalid PIX key is refused with a clear message; a new name reaches the landing page.
  await page.goto('/adm/settings?tab=empresa');
  await page.locator('select[name=pixType]').selectOption({ label: 'CPF' });
  await page.locator('input[name=pixKey]').fill('123.456.789-00');
  await page.getByRole('button', { name: 'Salvar dados da empresa' }).click();
  await page.getByText('Chave PIX inválida: o CPF deve ter 11 dígitos válidos', { exact: false }).first().waitFor({ state: 'visible' });
  await page.locator('input[name=pixKey]').fill('529.982.247-25');
  await page.locator('input[name=name]').fill('Serralheria Ferro Forte');
  await page.getByRole('button', { name: 'Salvar dados da empresa' }).click();
  await toast(page, 'Dados da empresa atualizados com sucesso.');
  const landing = await context.newPage();
  await waitFor(
    async () => {
      await landing.goto('/');
      return (await landing.getByText('Serralheria Ferro Forte').count()) > 0 ? true : null;
    },
    { timeout: 30_000, interval: 1000, message: 'company name on the landing page' },
  );
});

test('on a phone, Perfil opens Minha conta, where another device’s session is ended', async () => {
  // Another device of the same user (a lost phone), signed in through the API.
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: STAFF_PASSWORD, device_id: 'lost-phone', device_name: 'Celular perdido' }),
  });
  expect(res.status).toBe(200);
  const lost = (await res.json()) as { access_token: string };

  const { page } = await newContext(browser, server, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  const bottom = page.getByRole('navigation').filter({ hasText: 'Perfil' }).last();
  await bottom.getByRole('link', { name: 'Perfil' }).or(bottom.getByRole('button', { name: 'Perfil' })).first().click();
  await page.waitForURL('**/adm/settings?tab=conta');
  await page.getByTestId('account-email').getByText(ADMIN_EMAIL).waitFor({ state: 'visible' });
  const lostRow = page.locator('[data-session="Celular perdido"]');
  await lostRow.waitFor({ state: 'visible' });
  await page.locator('[data-current=true]').getByText('Este dispositivo').waitFor({ state: 'visible' });
  await page.screenshot({ path: artifactPath('minha-conta-390.png'), fullPage: true });
  await lostRow.getByRole('button', { name: 'Encerrar sessão' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Encerrar sessão' }).click();
  await toast(page, 'Sessão encerrada.');
  await lostRow.waitFor({ state: 'detached' });

  // The lost phone is signed out: its token no longer opens the API.
  const after = await fetch(`${server.url}/api/auth/sessions`, { headers: { authorization: `Bearer ${lost.access_token}` } });
  expect(after.status).toBe(401);

  // The stock list fits the phone: the item is a card with its quantity.
  await page.goto('/adm/stock');
  await page.locator('[data-item-card]').first().waitFor({ state: 'visible' });
  expect(await quantityShown(page)).toBe('51');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

test("Minha conta: a new password needs the current one (a wrong one is refused and the user stays signed in)", async () => {
  const { page } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.goto('/adm/settings?tab=conta');
  const form = page.locator('form').filter({ has: page.locator('input[name=current-password]') });
  await form.getByLabel('Senha atual').fill('Errada#Senha1');
  await form.locator('input[name=new-password]').fill('Nova#Senha2025');
  await form.locator('input[name=confirm-password]').fill('Nova#Senha2025');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await toast(page, 'A senha atual está incorreta.');
  await page.getByTestId('account-email').getByText(ADMIN_EMAIL).waitFor({ state: 'visible' });

  await form.getByLabel('Senha atual').fill(STAFF_PASSWORD);
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await toast(page, 'Sua nova senha foi configurada');
  expect(await form.getByLabel('Senha atual').inputValue()).toBe('');
  // The old password no longer signs in; the new one does.
  const sign = (password: string) =>
    fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password, device_id: 'e2e-check' }),
    });
  expect((await sign(STAFF_PASSWORD)).status).toBe(401);
  expect((await sign('Nova#Senha2025')).status).toBe(200);
});
