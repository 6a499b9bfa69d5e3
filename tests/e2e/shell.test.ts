/**
 * Issue 3, staff shells and PWA: the app shell opens offline from the service worker, and the
 * mobile shell (390×844) has a working menu and bottom bar and a top bar that hides on scroll.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  launchBrowser,
  newContext,
  prepareStaff,
  signIn,
  startServer,
  waitForServiceWorkerControl,
  type RunningServer,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await prepareStaff(server, undefined, undefined, { keepSession: false });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

test('a signed-in user who goes offline and reloads still gets the shell', async () => {
  const { page, context } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await waitForServiceWorkerControl(page);
  await page.getByText('Fluxo de Caixa').first().waitFor({ state: 'visible' });

  await context.setOffline(true);
  await page.reload();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  for (const item of ['Fluxo de Caixa', 'Estoque', 'Orçamentos', 'Configurações']) {
    await page.getByText(item, { exact: true }).first().waitFor({ state: 'visible', timeout: 20_000 });
  }
  expect(new URL(page.url()).pathname).toBe('/adm/dashboard');
});

/** The top bar's position on screen: is any of it visible? */
async function topBarOnScreen(page: Page): Promise<boolean> {
  return page.locator('[data-testid=mobile-top-bar]').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.bottom > 1 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0.1;
  });
}

test('the mobile shell: menu, bottom bar, and a top bar that hides on scroll', async () => {
  const { page } = await newContext(browser, server, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  const topBar = page.locator('[data-testid=mobile-top-bar]');
  await topBar.getByText('Dashboard', { exact: true }).waitFor({ state: 'visible' });

  // Slide-in menu with the spec's entries; a choice navigates and closes it.
  await page.getByRole('button', { name: /menu/i }).first().click();
  const menu = page.getByRole('dialog');
  await menu.waitFor({ state: 'visible' });
  for (const entry of ['Fluxo de Caixa', 'Clientes', 'Estoque', 'Relatórios', 'Orçamentos', 'Serviços', 'Configurações', 'Sair']) {
    await menu.getByRole('button', { name: entry, exact: true }).waitFor({ state: 'visible' });
  }
  await menu.getByRole('button', { name: 'Relatórios', exact: true }).click();
  await page.waitForURL('**/adm/reports');
  await menu.waitFor({ state: 'hidden' });
  await topBar.getByText('Relatórios', { exact: true }).waitFor({ state: 'visible' });

  // Bottom bar.
  const bottom = page.getByRole('navigation').filter({ hasText: 'Perfil' }).last();
  // Five items, in the order of issue 31: Dashboard, Orçamentos, Serviços, Estoque, Perfil.
  expect(await bottom.getByRole('button').allInnerTexts()).toEqual(['Dashboard', 'Orçamentos', 'Serviços', 'Estoque', 'Perfil']);
  const tabs: [string, string, string][] = [
    ['Orçamentos', '/adm/quotations', 'Orçamentos'],
    ['Serviços', '/adm/services', 'Ordens de Serviço'],
    ['Estoque', '/adm/stock', 'Estoque'],
    ['Perfil', '/adm/settings?tab=conta', 'Configurações'],
    ['Dashboard', '/adm/dashboard', 'Dashboard'],
  ];
  for (const [label, path, title] of tabs) {
    await bottom.getByRole('button', { name: label }).or(bottom.getByRole('link', { name: label })).first().click();
    await page.waitForURL(`**${path}`);
    await topBar.getByText(title, { exact: true }).waitFor({ state: 'visible' });
    if (label === 'Perfil') {
      // The settings tabs scroll sideways here: Minha conta is in full view, and the strip fades
      // out at its left edge, where the tabs before it are cut (so a half word reads as "more").
      const tab = page.getByRole('tab', { name: 'Minha conta' });
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      const fit = await tab.evaluate((el) => {
        const strip = el.closest('[role="tablist"]')!.parentElement!;
        const s = strip.getBoundingClientRect();
        const t = el.getBoundingClientRect();
        return { inView: t.left >= s.left && t.right <= s.right, mask: getComputedStyle(strip).maskImage };
      });
      expect(fit.inView).toBe(true);
      // (Chromium writes `transparent` as rgba(0, 0, 0, 0).)
      expect(fit.mask).toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\) 0px, rgb\(0, 0, 0\) 32px, /);
    }
  }

  // A page long enough to scroll (the dashboard may still be a placeholder).
  await page.evaluate(() => {
    const tall = document.createElement('div');
    tall.style.height = '3000px';
    tall.setAttribute('data-e2e', 'tall');
    (document.querySelector('main') ?? document.body).appendChild(tall);
  });
  expect(await topBarOnScreen(page)).toBe(true);

  await page.mouse.move(195, 400);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeGreaterThan(50);
  await expect.poll(() => topBarOnScreen(page), { timeout: 5000 }).toBe(false);

  // Scrolling up brings it back.
  await page.mouse.wheel(0, -150);
  await expect.poll(() => topBarOnScreen(page), { timeout: 5000 }).toBe(true);
});

test('signing out in one tab sends the other open tabs to the sign-in page at once', async () => {
  const { page, context } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  const other = await context.newPage();
  await other.goto('/adm/settings');
  await other.getByText('Configurações').first().waitFor({ state: 'visible' });
  // The other tab learns nothing from the server (its requests fail, as a follower tab's or a
  // flaky connection's would): only the sign-out itself can tell it.
  await other.route('**/api/**', (route) => route.abort());

  await page.getByRole('button', { name: 'Sair' }).first().click();
  await page.waitForURL('**/auth');
  // No reload, no click: the other tab leaves the admin area by itself.
  await other.waitForURL('**/auth', { timeout: 5_000 });
  expect(new URL(other.url()).pathname).toBe('/auth');
});
