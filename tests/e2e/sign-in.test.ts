/**
 * Issue 3, sign-in (/auth): wrong password, the 3-device session limit, and the forced password
 * change on first access.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { ERROR_MESSAGES } from '../../schemas/errors';
import { PASSWORD_RULES } from '../../schemas/rules';
import {
  ADMIN_EMAIL,
  ADMIN_INITIAL_PASSWORD,
  STAFF_PASSWORD,
  addUser,
  launchBrowser,
  login,
  newContext,
  prepareStaff,
  signIn,
  signInThroughForm,
  startServer,
  type RunningServer,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

test('a wrong password shows "Email ou senha incorretos"', async () => {
  const { page } = await newContext(browser, server);
  await page.goto('/auth');
  await page.getByText('Área Administrativa').first().waitFor({ state: 'visible' });
  await signInThroughForm(page, ADMIN_EMAIL, 'Errada#123');
  await page.getByText('Email ou senha incorretos').first().waitFor({ state: 'visible' });
  expect(new URL(page.url()).pathname).toBe('/auth');
});

test('a 4th device is refused with the session-limit text', async () => {
  const email = 'limite@forja.test';
  const temporary = await addUser(server, email);
  await prepareStaff(server, email, temporary, { keepSession: false });

  for (let device = 1; device <= 3; device++) {
    const { page } = await newContext(browser, server);
    await signIn(page, email, STAFF_PASSWORD);
  }
  // The 4th is a phone: the refusal is said once, above the fields, and leaves Entrar free to tap
  // (as a bottom toast too it covered the button while it lasted).
  const { page } = await newContext(browser, server, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signInThroughForm(page, email, STAFF_PASSWORD);
  await page.getByRole('alert').getByText(ERROR_MESSAGES.session_limit).waitFor({ state: 'visible' });
  expect(await page.getByText(ERROR_MESSAGES.session_limit).count()).toBe(1);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click({ trial: true, timeout: 3_000 });
  expect(new URL(page.url()).pathname).toBe('/auth');
});

test('first access forces a password change that cannot be dismissed', async () => {
  const { page } = await newContext(browser, server);
  const newPassword = 'Oficina@2025';
  await signInThroughForm(page, ADMIN_EMAIL, ADMIN_INITIAL_PASSWORD);

  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  for (const rule of PASSWORD_RULES) {
    await dialog.getByText(rule.label).first().waitFor({ state: 'visible' });
  }

  // Not dismissible: Escape and a click outside leave it open.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await page.waitForTimeout(500);
  expect(await dialog.isVisible()).toBe(true);

  const [first, second] = [dialog.locator('input[type=password]').nth(0), dialog.locator('input[type=password]').nth(1)];
  const submit = dialog.getByRole('button', { name: /alterar|salvar|confirmar|definir/i }).first();

  await first.fill('fraca');
  await second.fill('fraca');
  expect(await submit.isEnabled()).toBe(false);

  await first.fill(newPassword);
  await second.fill(`${newPassword}x`);
  await dialog.getByText('As senhas não coincidem').first().waitFor({ state: 'visible' });
  expect(await submit.isEnabled()).toBe(false);

  await second.fill(newPassword);
  await dialog.getByText('As senhas não coincidem').waitFor({ state: 'hidden' });
  expect(await submit.isEnabled()).toBe(true);
  await submit.click();
  await page.getByText('Senha alterada com sucesso').first().waitFor({ state: 'visible' });

  // After the reload the user is in the app, and the dialog is gone for good.
  await page.waitForURL('**/adm/dashboard', { timeout: 30_000 });
  await page.waitForLoadState('load');
  await page.waitForTimeout(1000);
  expect(await page.getByRole('alertdialog').or(page.getByRole('dialog')).count()).toBe(0);
  const session = await login(server, ADMIN_EMAIL, newPassword);
  expect(session.user.first_access).toBe(false);
});
