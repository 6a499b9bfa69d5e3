/**
 * Issue 16, point 1: the app on plain http at a name that is not this machine (http://forja.lan,
 * like a shop's LAN address). No secure-context API is available there; the sign-in still works
 * online (it failed with 'Sem conexão com o servidor' although the server answered), and /auth and
 * /adm tell the user in pt-BR that the offline app needs HTTPS and where the fix is.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_INITIAL_PASSWORD, STAFF_PASSWORD, artifactPath, launchBrowser, startServer, type RunningServer } from '../support/e2e';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(['--host-resolver-rules=MAP forja.lan 127.0.0.1']);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

test('plain http on a LAN name: the notice, online sign-in works, no uncaught error', async () => {
  const origin = `http://forja.lan:${server.port}`;
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' });
  context.setDefaultTimeout(20_000);
  const errors: string[] = [];
  context.on('page', (p) => p.on('pageerror', (e) => errors.push(e.message)));
  const page = await context.newPage();
  try {
    await page.goto('/auth');
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID, 'serviceWorker' in navigator])).toEqual([false, 'undefined', false]);
    const notice = page.getByTestId('insecure-origin-notice');
    await notice.getByText('Sem HTTPS: o app não funciona offline neste endereço').waitFor();
    await notice.getByText('Dá para entrar e trabalhar enquanto o servidor responder.', { exact: false }).waitFor();
    expect(await notice.getByRole('link', { name: 'Ver como instalar o certificado' }).getAttribute('href')).toBe('/instalar-certificado');
    // No install button where no browser would install.
    expect(await page.getByRole('button', { name: 'Baixar Aplicativo' }).count()).toBe(0);
    await page.screenshot({ path: artifactPath('insecure-origin-auth-390.png'), fullPage: true });

    await page.locator('input[type=email]').fill(ADMIN_EMAIL);
    await page.locator('input[type=password]').first().fill(ADMIN_INITIAL_PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Defina uma nova senha' });
    await dialog.waitFor();
    expect(await page.getByText('Sem conexão com o servidor').count()).toBe(0);
    await dialog.locator('input[name=new-password]').fill(STAFF_PASSWORD);
    await dialog.locator('input[name=confirm-password]').fill(STAFF_PASSWORD);
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Alterar senha' }).click();
    await reloaded;
    await page.waitForURL('**/adm/dashboard');
    await page.getByText('Fluxo de Caixa').first().waitFor();

    // The staff screens say it in one line, with the same link; it can be closed for the visit.
    const short = page.getByTestId('insecure-origin-notice');
    await short.getByText('Sem HTTPS: não dá para instalar o app nem usar sem sinal neste endereço.', { exact: false }).waitFor();
    await page.screenshot({ path: artifactPath('insecure-origin-adm-390.png') });

    // The local database works here too: a customer made online reaches the server.
    await page.goto('/adm/customers');
    await page.getByRole('button', { name: 'Novo Cliente' }).click();
    const form = page.getByRole('dialog', { name: 'Cadastrar Novo Cliente' });
    await form.getByLabel(/^Nome/).fill('Cliente Sem HTTPS');
    await form.getByLabel(/^Telefone/).fill('(35) 99100-0003');
    await form.getByRole('button', { name: 'Salvar Cliente' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.locator('[data-testid=sync-badge][data-tone=ok]').first().waitFor({ timeout: 30_000 });

    await short.getByRole('button', { name: 'Fechar aviso' }).click();
    await short.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: 'Novo Cliente' }).waitFor();
    expect(await page.getByTestId('insecure-origin-notice').count()).toBe(0);

    // The install page it links to opens (also without the app's scripts).
    await page.goto('/instalar-certificado');
    await page.getByRole('heading', { name: 'Instalar o certificado da oficina no celular' }).waitFor();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
