/**
 * Issue 3, public quotation page (/quotation/{code}): what a customer opening the link sees and
 * does — the quotation, accept, reject with a reason, the not-found panel and a clean print.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PublicQuotation } from '../../schemas/api';
import {
  type ApiSession,
  artifactPath,
  companyDoc,
  customerDoc,
  newContext,
  pullAll,
  quotationDoc,
  seed,
  type RunningServer,
  waitFor,
  closeSuite,
  openSuite,
  isoDate,
} from '../support/e2e';
import type { QuotationDoc } from '../../schemas/collections';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

const company = companyDoc({ name: 'Forja Soldas Campestre' });
const customer = customerDoc({ name: 'Maria Aparecida Souza', phone: '(35) 99700-1122' });
const materials = [
  { name: 'Metalon 50x30 chapa 18', quantity: 6, price: 89.9 },
  { name: 'Eletrodo E6013 2,5 mm (kg)', quantity: 2, price: 42.5 },
];
const shown = quotationDoc({
  code: 'ORC-VIEW01',
  customer_id: customer.id,
  description: 'Portão de correr em metalon com pintura eletrostática',
  total_amount: 1234.5,
  discounts: 0,
  taxes: 0,
  materials,
  validity_date: '2031-03-09',
});
const discounted = quotationDoc({ code: 'ORC-DESC02', customer_id: customer.id, total_amount: 980, discounts: 57.25 });
const toAccept = quotationDoc({ code: 'ORC-ACEI03', customer_id: customer.id });
const toReject = quotationDoc({ code: 'ORC-RECU04', customer_id: customer.id });
const toPrint = quotationDoc({ code: 'ORC-IMPR05', customer_id: customer.id, materials });
// For the server-drawn page: 22:30 on the 20th in the shop's zone, already the 21st in Tokyo.
const drawn = quotationDoc({ code: 'ORC-SSR006', customer_id: customer.id, materials, validity_date: '2031-03-09', created_at: '2026-11-21T01:30:00.000Z' });
const drawnToAccept = quotationDoc({ code: 'ORC-SSR007', customer_id: customer.id });
const drawnEarlyClick = quotationDoc({ code: 'ORC-SSR008', customer_id: customer.id });
const drawnAgain = quotationDoc({ code: 'ORC-SSR009', customer_id: customer.id });
// Issue 17: past its validity date, and one the customer already decided.
const expired = quotationDoc({ code: 'ORC-VENC10', customer_id: customer.id, validity_date: isoDate(-3) });
const decidedTwice = quotationDoc({ code: 'ORC-DECI11', customer_id: customer.id });
const noScriptAccept = quotationDoc({ code: 'ORC-NOJS12', customer_id: customer.id });
const noScriptReject = quotationDoc({ code: 'ORC-NOJS13', customer_id: customer.id });
// Issue 30: opened by the bare code (typed, or an old link): the last 4 digits of the phone first.
const bareNoScript = quotationDoc({ code: 'ORC-BARE14', customer_id: customer.id });
const bareScript = quotationDoc({ code: 'ORC-BARE15', customer_id: customer.id });
const crossSite = quotationDoc({ code: 'ORC-XSIT16', customer_id: customer.id });
const PHONE_DIGITS = '1122';

/** The link staff send (issue 30): /quotation/{code}?k={link_secret}. */
const secrets = new Map<string, string>();
function link(code: string): string {
  return `/quotation/${code}?k=${secrets.get(code)}`;
}
function apiPath(code: string, action = ''): string {
  return `/api/public/quotations/${code}${action}?k=${secrets.get(code)}`;
}

const ACTIONS = ['Voltar', 'Atualizar', 'Aceitar', 'Recusar', 'Imprimir'];

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite());
  await seed(server, staff, 'company', [company]);
  await seed(server, staff, 'customers', [customer]);
  const all = [shown, discounted, toAccept, toReject, toPrint, drawn, drawnToAccept, drawnEarlyClick, drawnAgain, expired, decidedTwice, noScriptAccept, noScriptReject, bareNoScript, bareScript, crossSite];
  for (const q of all) secrets.set(q.code, q.link_secret!);
  await seed(server, staff, 'quotations', all);
});

afterAll(() => closeSuite({ server, browser }));

async function openQuotation(page: Page, code: string) {
  await page.goto(link(code));
  await page.getByText(`Orçamento ${code}`).first().waitFor({ state: 'visible', timeout: 20_000 });
}

async function publicView(code: string): Promise<PublicQuotation> {
  const res = await fetch(server.url + apiPath(code));
  expect(res.status).toBe(200);
  return (await res.json()) as PublicQuotation;
}

test('the public page shows the quotation, without a discount line when there is no discount', async () => {
  const { page } = await newContext(browser, server);
  await openQuotation(page, shown.code);
  const body = page.locator('body');
  for (const text of [
    company.name,
    customer.name,
    shown.description,
    'Materiais',
    'Metalon 50x30 chapa 18',
    'R$ 89,90',
    'R$ 1.234,50',
    'Valor Total',
    '09/03/2031',
    shown.execution_deadline,
    shown.payment_method,
  ]) {
    await body.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });
  }
  for (const name of ACTIONS) {
    expect(await page.getByRole('button', { name, exact: true }).isVisible(), `button ${name}`).toBe(true);
  }
  expect(await page.getByText(/desconto/i).count()).toBe(0);
  // The customer's phone is never public.
  expect(await page.getByText(customer.phone).count()).toBe(0);

  // The same page does show the line when there is a discount.
  await openQuotation(page, discounted.code);
  await page.getByText(/desconto/i).first().waitFor({ state: 'visible' });
  await page.getByText('R$ 57,25').first().waitFor({ state: 'visible' });
});

test('Aceitar accepts the quotation and it shows Aceito after a reload', async () => {
  const { page } = await newContext(browser, server);
  await openQuotation(page, toAccept.code);
  await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await page.getByText('Orçamento aceito com sucesso!').first().waitFor({ state: 'visible' });

  await page.reload();
  await page.getByText(`Orçamento ${toAccept.code}`).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.getByText('Aceito', { exact: true }).first().waitFor({ state: 'visible' });
  expect((await publicView(toAccept.code)).status).toBe('accepted');
});

test('Recusar asks for an optional reason and rejects the quotation', async () => {
  const { page } = await newContext(browser, server);
  const reason = 'Vou fazer com outro fornecedor mais perto';
  await openQuotation(page, toReject.code);
  await page.getByRole('button', { name: 'Recusar', exact: true }).click();

  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).first();
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('textbox').first().fill(reason);
  await dialog.getByRole('button', { name: /recusar|confirmar|enviar/i }).last().click();

  await page.getByText('Orçamento recusado').first().waitFor({ state: 'visible' });
  await page.getByText('Rejeitado', { exact: true }).first().waitFor({ state: 'visible' });
  const view = await publicView(toReject.code);
  expect(view.status).toBe('rejected');
  expect(view.decision_reason).toBe(reason);
});

test('an unknown code asks for the phone digits like any code typed without its link (issue 30: a guess learns nothing); wrong digits are refused', async () => {
  const { page } = await newContext(browser, server);
  await page.goto('/quotation/ORC-NAOEXISTE');
  await page.getByText('Para sua segurança, informe os 4 últimos dígitos do telefone cadastrado.').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.getByLabel('4 últimos dígitos do telefone').fill('1234');
  await page.getByRole('button', { name: 'Ver orçamento', exact: true }).click();
  await page.getByText(/O código ou os dígitos do telefone não conferem/).first().waitFor({ state: 'visible', timeout: 20_000 });
  expect(await page.getByRole('button', { name: 'Aceitar', exact: true }).count()).toBe(0);
  // A code no quotation can have still gets the not-found panel, without asking the server.
  await page.goto('/quotation/ORC%20X');
  await page.getByText('Orçamento não encontrado').first().waitFor({ state: 'visible', timeout: 20_000 });
  for (const name of ['Voltar', 'Tentar novamente']) {
    expect(await page.getByRole('button', { name, exact: true }).isVisible(), `button ${name}`).toBe(true);
  }
});

test('printing a quotation gives a page without buttons', async () => {
  const { page } = await newContext(browser, server);
  await openQuotation(page, toPrint.code);
  for (const name of ACTIONS) {
    expect(await page.getByRole('button', { name, exact: true }).isVisible(), `on screen: ${name}`).toBe(true);
  }

  await page.emulateMedia({ media: 'print' });
  await page.getByRole('button', { name: 'Imprimir', exact: true }).waitFor({ state: 'hidden' });
  for (const name of ACTIONS) {
    expect(await page.getByRole('button', { name, exact: true }).isVisible(), `printed: ${name}`).toBe(false);
  }
  expect(await page.getByRole('button').filter({ visible: true }).count(), 'any visible button').toBe(0);
  // What matters on paper stays: company header, title, total.
  expect(await page.getByText(company.name).first().isVisible()).toBe(true);
  expect(await page.getByText(`Orçamento ${toPrint.code}`).first().isVisible()).toBe(true);
  await page.screenshot({ path: artifactPath('quotation-print.png'), fullPage: true });
});

test('a customer opening the landing page and a quotation link downloads no admin code', async () => {
  const { context, page } = await newContext(browser, server);
  const scripts: { url: string; body: string }[] = [];
  context.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    void res.text().then(
      (body) => scripts.push({ url: res.url(), body }),
      () => {},
    );
  });
  await page.goto('/');
  await page.getByText('Especialistas em Soldagem Industrial').first().waitFor({ state: 'visible', timeout: 20_000 });
  await openQuotation(page, shown.code);
  // Give a late service-worker registration or prefetch time to happen.
  await page.waitForTimeout(2_000);

  expect(scripts.length).toBeGreaterThan(0);
  // RxDB (the admin's local database) is the heart of the admin bundle.
  const withRxdb = scripts.filter((s) => s.body.includes('addCollections')).map((s) => s.url);
  expect(withRxdb).toEqual([]);
  expect(scripts.map((s) => s.url).filter((u) => /\/assets\/(admin|CustomersPage)-/.test(u))).toEqual([]);
  // No service worker either: its precache would download the whole admin app.
  const registrations = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  expect(registrations).toBe(0);
});

// ---------------------------------------------------------------------------------------------
// The page drawn by the server (sync-server/src/ssr): shown before any script, then taken over.
// ---------------------------------------------------------------------------------------------

/** Runs in the page: true once React has attached itself to the Aceitar button (hydrated or drawn it). */
const aceitarIsLive = () => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Aceitar');
  return !!button && Object.keys(button).some((k) => k.startsWith('__reactProps'));
};

/** Records whether the server's markup is ever thrown away (React redraws it when hydration fails). */
async function watchForRedraw(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.removedNodes) {
          if (n instanceof Element && (n.matches('.pq-page, .pq-card') || n.querySelector('.pq-card'))) {
            (window as unknown as { __pqRedrawn: boolean }).__pqRedrawn = true;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function storedViewedAt(code: string): Promise<string | null | undefined> {
  const docs = await pullAll<QuotationDoc>(server, staff, 'quotations');
  return docs.find((d) => d.code === code)?.viewed_at;
}

test('the quotation is in the page before any script runs, without a spinner', async () => {
  const { page } = await newContext(browser, server, { javaScriptEnabled: false });
  await page.goto(link(drawn.code));
  for (const text of [`Orçamento ${drawn.code}`, 'R$ 1.234,50', 'Valor Total', customer.name, company.name, 'Metalon 50x30 chapa 18', '09/03/2031', 'Emitido em 20/11/2026']) {
    expect(await page.getByText(text, { exact: false }).first().isVisible(), text).toBe(true);
  }
  for (const name of ACTIONS) {
    expect(await page.getByRole('button', { name, exact: true }).isVisible(), `button ${name}`).toBe(true);
  }
  expect(await page.locator('.pq-loading').count()).toBe(0);
  // Fetching the page is not the customer viewing it (a link preview fetches it too).
  expect(await storedViewedAt(drawn.code)).toBeNull();
});

test('with JavaScript the page takes over the drawn markup (no hydration error) and Aceitar works', async () => {
  const { page, errors } = await newContext(browser, server);
  const messages: string[] = [];
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  await watchForRedraw(page);
  await page.goto(link(drawnToAccept.code));
  await page.waitForFunction(aceitarIsLive);
  // The page's own read marks the first view.
  await waitFor(async () => (await storedViewedAt(drawnToAccept.code)) != null, { message: 'viewed_at set by the page' });

  await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await page.getByText('Orçamento aceito com sucesso!').first().waitFor({ state: 'visible' });
  await page.getByText('Aceito', { exact: true }).first().waitFor({ state: 'visible' });
  expect((await publicView(drawnToAccept.code)).status).toBe('accepted');

  expect(await page.evaluate(() => (window as unknown as { __pqRedrawn?: boolean }).__pqRedrawn ?? false)).toBe(false);
  expect(messages.filter((m) => /hydrat|did not match|mismatch|#418|#423|#425|HydrateFallback/i.test(m))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a press on Aceitar before the page is taken over is not lost', async () => {
  const { page } = await newContext(browser, server);
  // The page's route module arrives late, as it can on a phone: its buttons show before they work.
  await page.route(/\/assets\/(site-)?public-quotation-[^/]*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 2_000));
    await route.continue();
  });
  await page.goto(link(drawnEarlyClick.code), { waitUntil: 'domcontentloaded' });
  await page.getByText(`Orçamento ${drawnEarlyClick.code}`).first().waitFor({ state: 'visible' });
  expect(await page.evaluate(aceitarIsLive)).toBe(false);
  await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await page.getByText('Orçamento aceito com sucesso!').first().waitFor({ state: 'visible', timeout: 20_000 });
  expect((await publicView(drawnEarlyClick.code)).status).toBe('accepted');
});

test('a customer in another time zone sees times in their own zone, with no hydration error', async () => {
  const { page, errors } = await newContext(browser, server, { timezoneId: 'Asia/Tokyo' });
  await watchForRedraw(page);
  await page.goto(link(drawn.code));
  await page.getByText('Emitido em 21/11/2026').first().waitFor({ state: 'visible' });
  expect(await page.getByText('Emitido em 20/11/2026').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pqRedrawn?: boolean }).__pqRedrawn ?? false)).toBe(false);
  expect(errors).toEqual([]);
});

test('the data in the page is used once: coming back to the quotation in the same tab reads it again', async () => {
  // Viewed already, so the drawn page has nothing to ask the API.
  await publicView(drawnAgain.code);
  const { page } = await newContext(browser, server);
  const reads: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/public/')) reads.push(pathname);
  });
  await page.goto(link(drawnAgain.code));
  await page.waitForFunction(aceitarIsLive);
  expect(reads).toEqual([]);
  await page.getByRole('button', { name: 'Voltar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // The landing is on screen and the quotation page gone (React Router keeps the old page up
  // while the landing's code loads: going back before then never left the quotation at all).
  await page.getByText('Especialistas em Soldagem Industrial').first().waitFor({ state: 'visible' });
  expect(await page.locator('.pq-page').count()).toBe(0);
  const read = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/public/quotations/${drawnAgain.code}`);
  await page.goBack();
  await read;
  await page.getByText(`Orçamento ${drawnAgain.code}`).first().waitFor({ state: 'visible' });
});

// ---------------------------------------------------------------------------------------------
// Issue 17: deciding once, in time.
// ---------------------------------------------------------------------------------------------

test('past its validity date the page (drawn by the server, then taken over) says Vencido and offers no Aceitar', async () => {
  const { page: bare } = await newContext(browser, server, { javaScriptEnabled: false });
  await bare.goto(link(expired.code));
  expect(await bare.getByText('Vencido', { exact: true }).first().isVisible()).toBe(true);
  expect(await bare.getByText(/A validade deste orçamento terminou em \d{2}\/\d{2}\/\d{4}\. Ele não pode mais ser aceito/).first().isVisible()).toBe(true);
  expect(await bare.getByRole('button', { name: 'Aceitar', exact: true }).count()).toBe(0);

  const { page, errors } = await newContext(browser, server);
  await watchForRedraw(page);
  await openQuotation(page, expired.code);
  await page.getByText('Vencido', { exact: true }).first().waitFor({ state: 'visible' });
  expect(await page.getByRole('button', { name: 'Aceitar', exact: true }).count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pqRedrawn?: boolean }).__pqRedrawn ?? false)).toBe(false);
  expect(errors).toEqual([]);
  // And the API refuses it, in pt-BR.
  const res = await fetch(server.url + apiPath(expired.code, '/accept'), { method: 'POST' });
  expect(res.status).toBe(409);
  expect(((await res.json()) as { message: string }).message).toContain('vencido');
});

test('once accepted the page shows the decision and no more Aceitar or Recusar; a second decision is refused', async () => {
  const { page } = await newContext(browser, server);
  await openQuotation(page, decidedTwice.code);
  await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await page.getByText('Orçamento aceito com sucesso!').first().waitFor({ state: 'visible' });
  await page.getByText('Este orçamento já foi aceito. Para mudar a decisão, fale conosco pelos contatos abaixo.').waitFor({ state: 'visible' });
  for (const name of ['Aceitar', 'Recusar']) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);

  const again = await fetch(server.url + apiPath(decidedTwice.code, '/reject'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(again.status).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe('Este orçamento já foi respondido. Para mudar a decisão, fale com a oficina.');
  expect((await publicView(decidedTwice.code)).status).toBe('accepted');
});

test('with no JavaScript at all, Aceitar and Recusar still decide: the forms post and the drawn page shows the decision', async () => {
  const { page } = await newContext(browser, server, { javaScriptEnabled: false });
  await page.goto(link(noScriptAccept.code));
  await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/quotation/${noScriptAccept.code}` && u.searchParams.get('k') === secrets.get(noScriptAccept.code));
  await page.getByText('Aceito', { exact: true }).first().waitFor();
  expect(await page.getByRole('button', { name: 'Aceitar', exact: true }).count()).toBe(0);
  expect((await publicView(noScriptAccept.code)).status).toBe('accepted');

  await page.goto(link(noScriptReject.code));
  await page.getByRole('button', { name: 'Recusar', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/quotation/${noScriptReject.code}` && u.searchParams.get('k') === secrets.get(noScriptReject.code));
  await page.getByText('Rejeitado', { exact: true }).first().waitFor();
  expect((await publicView(noScriptReject.code)).status).toBe('rejected');
});

// ---------------------------------------------------------------------------------------------
// Issue 30: the bare code asks for the phone's last 4 digits; decisions only from our own pages.
// ---------------------------------------------------------------------------------------------

test('with no JavaScript, a bare code asks for the digits: wrong ones are refused, the right ones show the quotation and its forms decide', async () => {
  const { page } = await newContext(browser, server, { javaScriptEnabled: false });
  await page.goto(`/quotation/${bareNoScript.code}`);
  expect(await page.getByText('Para sua segurança, informe os 4 últimos dígitos do telefone cadastrado.').first().isVisible()).toBe(true);
  expect(await page.getByText(bareNoScript.description).count()).toBe(0);
  expect(await page.getByText(customer.name).count()).toBe(0);
  await page.getByLabel('4 últimos dígitos do telefone').fill('9999');
  await page.getByRole('button', { name: 'Ver orçamento', exact: true }).click();
  await page.getByText(/O código ou os dígitos do telefone não conferem/).first().waitFor();
  await page.getByLabel('4 últimos dígitos do telefone').fill(PHONE_DIGITS);
  await page.getByRole('button', { name: 'Ver orçamento', exact: true }).click();
  await page.getByText(bareNoScript.description).first().waitFor();
  await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/quotation/${bareNoScript.code}` && u.searchParams.get('tel') === PHONE_DIGITS);
  await page.getByText('Aceito', { exact: true }).first().waitFor();
  expect((await publicView(bareNoScript.code)).status).toBe('accepted');
});

test('with JavaScript, the digits open the quotation and Aceitar works', async () => {
  const { page, errors } = await newContext(browser, server);
  await page.goto(`/quotation/${bareScript.code}`);
  await page.getByLabel('4 últimos dígitos do telefone').waitFor({ state: 'visible', timeout: 20_000 });
  await page.getByLabel('4 últimos dígitos do telefone').fill(PHONE_DIGITS);
  await page.getByRole('button', { name: 'Ver orçamento', exact: true }).click();
  await page.getByText(bareScript.description).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForFunction(aceitarIsLive);
  await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await page.getByText('Orçamento aceito com sucesso!').first().waitFor({ state: 'visible' });
  expect((await publicView(bareScript.code)).status).toBe('accepted');
  expect(errors).toEqual([]);
});

test('a decision form posted from another site decides nothing: a pt-BR page says to decide on the quotation’s own page', async () => {
  const { page } = await newContext(browser, server);
  // A page that is not ours (about:blank: the browser sends Origin: null), with the link's secret even.
  await page.setContent(
    `<form method="post" action="${server.url}/quotation/${crossSite.code}/aceitar"><input type="hidden" name="k" value="${secrets.get(crossSite.code)}"><button>Ganhe um brinde</button></form>`,
  );
  await page.getByRole('button', { name: 'Ganhe um brinde' }).click();
  await page.getByText('Decisão não registrada').first().waitFor({ state: 'visible', timeout: 20_000 });
  expect(await page.getByText(/a decisão só vale quando feita na própria página do orçamento/).first().isVisible()).toBe(true);
  expect((await publicView(crossSite.code)).status).toBe('pending');
});

