/**
 * Issue 16: the app on a phone over HTTPS, on a non-localhost name (forja.test mapped to
 * 127.0.0.1), through the server's own TLS and through Debian's caddy (`tls internal`) as the
 * reverse proxy. Phone-size sign-in (with the first-access password change), the service worker
 * controls /adm, an offline reload keeps the data, and a customer made offline reaches a second
 * device after reconnecting. The flow's timings are printed (not asserted) for the closing note.
 * Each phone's traffic goes through a proxy that cuts it while offline (support/offline-proxy.ts):
 * DevTools' offline emulation alone once let a push through around the offline reload.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ADMIN_EMAIL,
  ADMIN_INITIAL_PASSWORD,
  STAFF_PASSWORD,
  artifactPath,
  freePort,
  launchBrowser,
  startServer,
  waitForServiceWorkerControl,
  type RunningServer,
} from '../support/e2e';
import { PROXY_LOOPBACK_ARG, startOfflineProxy, type OfflineProxy } from '../support/offline-proxy';
import { makeTestCertificates, servedCertificate, spkiHashOf, startCaddy, type RunningCaddy, type TestCertificates } from '../support/tls';

const NAME = 'forja.test';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' };

const customerRow = (page: Page, name: string) => page.locator('[data-customer]').filter({ hasText: name });
const synced = (page: Page) => page.locator('[data-testid=sync-badge][data-tone=ok]').first().waitFor({ timeout: 30_000 });

function browserFor(spki: string): Promise<Browser> {
  return launchBrowser([`--host-resolver-rules=MAP ${NAME} 127.0.0.1`, `--ignore-certificate-errors-spki-list=${spki}`, PROXY_LOOPBACK_ARG]);
}

type Phone = { context: BrowserContext; page: Page; errors: string[]; network: OfflineProxy };

async function phoneContext(browser: Browser, origin: string): Promise<Phone> {
  const network = await startOfflineProxy();
  const context = await browser.newContext({ baseURL: origin, ...PHONE, proxy: { server: network.server } });
  context.setDefaultTimeout(20_000);
  const errors: string[] = [];
  context.on('page', (p) => p.on('pageerror', (e) => errors.push(e.message)));
  const page = await context.newPage();
  return { context, page, errors, network };
}

/** No signal: the phone's connections are cut and it knows it is offline (navigator.onLine). */
async function loseSignal(phone: Phone) {
  phone.network.setOffline(true);
  await phone.context.setOffline(true);
}

async function regainSignal(phone: Phone) {
  phone.network.setOffline(false);
  await phone.context.setOffline(false);
}

async function signInAt(page: Page, password: string) {
  await page.goto('/auth');
  await page.locator('input[type=email]').fill(ADMIN_EMAIL);
  await page.locator('input[type=password]').first().fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function addCustomer(page: Page, name: string, phone: string) {
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Cadastrar Novo Cliente' });
  await form.getByLabel(/^Nome/).fill(name);
  await form.getByLabel(/^Telefone/).fill(phone);
  await form.getByRole('button', { name: 'Salvar Cliente' }).click();
  await form.waitFor({ state: 'hidden' });
  await customerRow(page, name).waitFor();
}

/** The phone flow; returns its timings in ms. */
async function phoneFlow(browser: Browser, origin: string, label: string): Promise<Record<string, number>> {
  const step = (what: string) => process.env.FORJA_E2E_STEPS && console.log(`[${label}] ${new Date().toISOString()} ${what}`);
  const one = await phoneContext(browser, origin);
  const two = await phoneContext(browser, origin);
  try {
    const { page } = one;
    await page.goto('/auth');
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID, 'serviceWorker' in navigator])).toEqual([true, 'function', true]);
    expect(await page.getByTestId('insecure-origin-notice').count()).toBe(0);

    // First sign-in of the seeded admin: the forced password change, then the dashboard.
    step('let t = Date.now();');
    let t = Date.now();
    await signInAt(page, ADMIN_INITIAL_PASSWORD);
    const dialog = page.getByRole('alertdialog', { name: 'Defina uma nova senha' });
    await dialog.locator('input[name=new-password]').fill(STAFF_PASSWORD);
    await dialog.locator('input[name=confirm-password]').fill(STAFF_PASSWORD);
    // After the change the app reloads itself: wait for that reload, not just the URL.
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Alterar senha' }).click();
    await reloaded;
    await page.waitForURL('**/adm/dashboard', { timeout: 30_000 });
    await page.getByText('Fluxo de Caixa').first().waitFor();
    const firstSignIn = Date.now() - t;

    step('await waitForServiceWorkerControl(page);');
    await waitForServiceWorkerControl(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);

    // Sign in again on the same phone (the usual daily sign-in), timed.
    step("await page.goto('/adm/settings');");
    await page.goto('/adm/settings');
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }));
    t = Date.now();
    await signInAt(page, STAFF_PASSWORD);
    await page.waitForURL('**/adm/dashboard', { timeout: 30_000 });
    await page.getByText('Fluxo de Caixa').first().waitFor();
    const signIn = Date.now() - t;

    step("await page.goto('/adm/customers');");
    await page.goto('/adm/customers');
    await synced(page);
    await loseSignal(one);
    await addCustomer(page, `Cliente Offline ${label}`, label === 'tls' ? '(35) 99100-0001' : '(35) 99100-0002');

    step('t = Date.now();\n    await page.reload();');
    t = Date.now();
    await page.reload();
    await customerRow(page, `Cliente Offline ${label}`).waitFor({ timeout: 30_000 });
    const offlineReload = Date.now() - t;
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.screenshot({ path: artifactPath(`https-${label}-offline-390.png`) });

    // A second device, online, does not have it until the first reconnects.
    step('await signInAt(two.page, STAFF_PASSWORD)');
    await signInAt(two.page, STAFF_PASSWORD);
    await two.page.waitForURL('**/adm/dashboard', { timeout: 30_000 });
    await two.page.goto('/adm/customers');
    await synced(two.page);
    expect(await customerRow(two.page, `Cliente Offline ${label}`).count()).toBe(0);
    t = Date.now();
    step('await regainSignal(one);');
    await regainSignal(one);
    await customerRow(two.page, `Cliente Offline ${label}`).waitFor({ timeout: 30_000 });
    const reachedSecondDevice = Date.now() - t;

    expect(one.errors).toEqual([]);
    expect(two.errors).toEqual([]);
    return { firstSignIn, signIn, offlineReload, reachedSecondDevice };
  } finally {
    await one.context.close();
    await two.context.close();
    await one.network.close();
    await two.network.close();
  }
}

function report(label: string, timings: Record<string, number>) {
  console.log(`[https e2e] ${label}: ${Object.entries(timings).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
}

describe('built-in TLS (FORJA_TLS_CERT / FORJA_TLS_KEY)', () => {
  let certs: TestCertificates;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    certs = makeTestCertificates();
    server = await startServer({ env: { FORJA_TLS_CERT: certs.certFile, FORJA_TLS_KEY: certs.keyFile }, https: { ca: certs.caPem } });
    browser = await browserFor(certs.spki);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    certs?.dispose();
  });

  test('phone-size sign-in, service worker, offline reload, offline change reaches a second device', async () => {
    const timings = await phoneFlow(browser, `https://${NAME}:${server.port}`, 'tls');
    report(`https://${NAME} (built-in TLS, HTTP/2)`, timings);
  });
});

describe('behind caddy (tls internal) with FORJA_TRUST_PROXY=loopback', () => {
  let server: RunningServer;
  let caddy: RunningCaddy;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ env: { FORJA_TRUST_PROXY: 'loopback' } });
    caddy = await startCaddy({ name: NAME, port: await freePort(), backendPort: server.port });
    browser = await browserFor(spkiHashOf(await servedCertificate(caddy.port, NAME)));
  });
  afterAll(async () => {
    await browser?.close();
    await caddy?.stop();
    await server?.dispose();
  });

  test('phone-size sign-in, service worker, offline reload, offline change reaches a second device', async () => {
    const timings = await phoneFlow(browser, `https://${NAME}:${caddy.port}`, 'caddy');
    report(`https://${NAME} via caddy`, timings);
  });
});

describe('plain http on localhost, for comparison', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser([PROXY_LOOPBACK_ARG]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test('the same flow on http://localhost (a secure context too)', async () => {
    const timings = await phoneFlow(browser, `http://localhost:${server.port}`, 'localhost');
    report('http://localhost', timings);
  });
});
