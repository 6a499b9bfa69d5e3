/**
 * The phone flow every engine must pass (issue 29), the way a person uses the app: sign in with
 * the forced password change, a customer, a quotation with a material, a cash-flow entry — each
 * field clicked into and typed key by key, money too — every staff screen opened without 'NaN',
 * 'undefined', 'Invalid Date' or the error page, a customer saved while the server is gone
 * (stopped: no signal), the page reloaded under the service worker, still there, then on the
 * server once it is back; and the customer's quotation page with Aceitar.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, onTestFailed, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_INITIAL_PASSWORD, STAFF_PASSWORD, artifactPath, httpsRequest, sleep, startServer, type RunningServer } from '../support/e2e';
import { ENGINE_HOST, type EngineName, type EnginePage } from '../support/engines';
import { makeTestCertificates, type TestCertificates } from '../support/tls';
import type { CustomerDoc, QuotationDoc, TransactionDoc } from '../../schemas/collections';

export interface FlowServer {
  server: RunningServer;
  /** https://forja.test:<port> — what the engine opens. */
  origin: string;
  /** The test CA (PEM), to check the server from Node. */
  ca: string;
}

/** Text no screen may ever show a person. */
const BROKEN = [/\bNaN\b/, /\bundefined\b/, /Invalid Date/, /Unexpected Application Error/, /Ocorreu um erro inesperado/];

export function assertNothingBroken(screen: string, text: string): void {
  for (const bad of BROKEN) expect(text, `${screen} shows ${bad}`).not.toMatch(bad);
}

/** The staff screens and a text each shows once drawn. */
export const STAFF_SCREENS: [path: string, ready: string | RegExp][] = [
  ['/adm/dashboard', 'Fluxo de Caixa'],
  ['/adm/customers', 'Novo Cliente'],
  ['/adm/quotations', /\d+ orçamentos?\b|Não foram encontrados orçamentos/],
  ['/adm/stock', 'Controle de Estoque'],
  ['/adm/reports', /(Janeiro|Fevereiro|Março|Abril|Maio|Junho|Julho|Agosto|Setembro|Outubro|Novembro|Dezembro) de \d{4}/],
  ['/adm/settings', 'Configurações'],
];

async function apiSession(s: FlowServer): Promise<string> {
  const res = await httpsRequest(`${s.server.url}/api/auth/login`, s.ca, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: STAFF_PASSWORD, device_id: `engines-check-${Date.now()}`, device_name: 'engines check' }),
  });
  if (res.status !== 200) throw new Error(`login for the check: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { access_token: string }).access_token;
}

/** Every live document of a collection on the server (one page is plenty here). */
export async function onServer<T>(s: FlowServer, collection: string): Promise<T[]> {
  const token = await apiSession(s);
  const res = await httpsRequest(`${s.server.url}/api/sync/${collection}/pull?limit=500`, s.ca, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`pull ${collection}: ${res.status}`);
  await httpsRequest(`${s.server.url}/api/auth/logout`, s.ca, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  return ((res.body as { documents: (T & { _deleted: boolean })[] }).documents ?? []).filter((d) => !d._deleted);
}

async function waitUntil<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await check().catch(() => undefined);
    if (r) return r;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(500);
  }
}

export async function signInFirstTime(p: EnginePage): Promise<void> {
  await p.goto('/auth');
  expect(await p.run<boolean>('return window.isSecureContext')).toBe(true);
  await p.typeInto(/^Email/, ADMIN_EMAIL);
  await p.typeInto(/^Senha/, ADMIN_INITIAL_PASSWORD);
  await p.press('Entrar');
  await p.waitForText('Defina uma nova senha');
  await p.typeInto(/^Nova senha/, STAFF_PASSWORD, '[role=alertdialog]');
  await p.typeInto(/^Confirme a nova senha/, STAFF_PASSWORD, '[role=alertdialog]');
  await p.press('Alterar senha');
  await p.waitForText('Fluxo de Caixa', 40_000);
  expect(await p.url()).toMatch(/\/adm\/dashboard$/);
}

export async function waitForServiceWorker(p: EnginePage): Promise<void> {
  await waitUntil('the service worker controls the page', 60_000, async () => (await p.run<boolean>('return !!(navigator.serviceWorker && navigator.serviceWorker.controller)')) || undefined);
}

export async function addCustomer(p: EnginePage, name: string, phone: string): Promise<void> {
  await p.goto('/adm/customers');
  await p.press('Novo Cliente');
  await p.waitForText('Cadastrar Novo Cliente');
  await p.typeInto(/^Nome/, name, '[role=dialog]');
  await p.typeInto(/^Telefone/, phone, '[role=dialog]');
  await p.press('Salvar Cliente', '[role=dialog]');
  await waitUntil(`the dialog closes and ${name} is listed`, 30_000, async () => {
    const dialogShown = await p.run<boolean>(`return [...document.querySelectorAll('[role=dialog]')].some((d) => d.getClientRects().length > 0 && getComputedStyle(d).visibility !== 'hidden' && d.innerText.includes('Cadastrar Novo Cliente'))`);
    return (!dialogShown && (await p.text()).includes(name)) || undefined;
  });
}

/** A quotation for `customer` with one material typed in; answers its code. */
export async function addQuotation(p: EnginePage, customer: string, description: string): Promise<string> {
  await p.goto('/adm/quotations');
  await p.press('Novo Orçamento');
  await p.waitForText('Cliente *');
  await p.typeInto('Digite ao menos 2 letras do nome', customer.slice(0, 8));
  await p.press(new RegExp(customer));
  await p.typeInto('Descrição *', description);
  await p.typeInto('Material 1', 'Metalon 50x30');
  await p.typeInto('Qtd. 1', '6');
  await p.typeInto('Preço unitário 1', '89,90');
  // 6 × 89,90 = 539,40 — the total follows the price typed key by key.
  await waitUntil('Valor Total 539,40', 10_000, async () => (await p.run<string>(`return [...document.querySelectorAll('label')].filter((l) => l.innerText.trim().startsWith('Valor Total')).map((l) => document.getElementById(l.htmlFor)?.value).join()`)) === '539,40' || undefined);
  await p.typeInto('Método de Pagamento *', 'PIX à vista');
  await p.typeInto('Prazo de Execução', '10 dias úteis');
  await p.press('Salvar');
  await p.waitForText('Orçamento criado com sucesso!');
  return waitUntil('the new quotation in the list', 20_000, async () =>
    (await p.run<string | null>(`const el = [...document.querySelectorAll('[data-code]')].find((e) => e.innerText.includes(arguments[0])); return el ? el.getAttribute('data-code') : null`, description)) ?? undefined,
  );
}

/** An Entrada for `customer`, the amount typed after a tap. */
export async function addIncome(p: EnginePage, customer: string, description: string): Promise<void> {
  await p.goto('/adm/dashboard');
  await p.waitForText('Nova Transação');
  // A phone opens the form from its button; a desktop shows it on the page.
  if (!(await p.text()).includes('Registrar Transação')) await p.press('Nova Transação');
  await p.waitForText('Registrar Transação');
  await p.typeInto('Digite o nome do cliente', customer.slice(0, 8));
  await p.press(new RegExp(customer));
  await p.typeInto(/^Valor/, '1250,75');
  await p.typeInto('Descrição', description);
  await p.press('Registrar Transação');
  await p.waitForText(`Transação registrada com sucesso por ${ADMIN_EMAIL}`);
  await p.waitForText(description);
  await p.waitForText('R$ 1.250,75');
}

/** Opens every staff screen, waits for it to be drawn, and checks its text. */
export async function openEveryScreen(p: EnginePage): Promise<void> {
  for (const [path, ready] of STAFF_SCREENS) {
    await p.goto(path);
    await p.waitForText(ready);
    await sleep(500);
    assertNothingBroken(path, await p.text());
  }
}

export async function screenshots(p: EnginePage, label: string, quotationCode: string): Promise<void> {
  for (const [path, ready, name] of [
    ['/adm/customers', /\d+ clientes?\b/, 'customers'],
    [`/adm/quotation/${quotationCode}`, quotationCode, 'quotation'],
    ['/adm/reports', STAFF_SCREENS[4][1], 'reports'],
  ] as const) {
    await p.goto(path);
    await p.waitForText(ready);
    // The customers' history counts fill in after the list ('…' until then).
    if (name === 'customers') {
      await waitUntil('the customers’ counts', 30_000, async () =>
        !(await p.run<boolean>(`return [...document.body.querySelectorAll('*')].some((e) => e.childElementCount === 0 && /(^|: )…$/.test(e.textContent.trim()))`)) || undefined,
      );
    }
    await sleep(800);
    await p.screenshot(artifactPath(`engines-${p.engine}-${label}-${name}.png`));
  }
}

/**
 * No signal (the server is stopped): a new customer is saved, the page reloaded — the service
 * worker serves the app and the customer is still there — and once the server is back the
 * customer reaches it.
 */
export async function offlineCustomer(p: EnginePage, s: FlowServer, name: string, phone: string): Promise<void> {
  await p.goto('/adm/customers');
  await p.waitForText('Novo Cliente');
  await s.server.stop();
  try {
    await addCustomer(p, name, phone);
    await p.reload();
    await p.waitForText(name, 30_000);
  } finally {
    await s.server.restart();
  }
  const stored = await waitUntil(`${name} on the server`, 60_000, async () =>
    (await onServer<CustomerDoc>(s, 'customers')).find((c) => c.name === name),
  );
  expect(stored.phone.replace(/\D/g, '')).toBe(phone.replace(/\D/g, ''));
}

/** The customer's page of `code`, opened from the link staff send (with its secret): Aceitar, and the server has it accepted. */
export async function acceptAsCustomer(p: EnginePage, s: FlowServer, code: string): Promise<void> {
  const sent = await waitUntil(`${code} on the server`, 30_000, async () => (await onServer<QuotationDoc>(s, 'quotations')).find((d) => d.code === code));
  expect(sent.link_secret).toBeTruthy();
  await p.goto(`/quotation/${code}?k=${sent.link_secret}`);
  await p.waitForText(`Orçamento ${code}`);
  assertNothingBroken(`/quotation/${code}`, await p.text());
  await p.press('Aceitar');
  await p.waitForText('Orçamento aceito com sucesso!');
  const q = await waitUntil(`${code} accepted on the server`, 30_000, async () =>
    (await onServer<QuotationDoc>(s, 'quotations')).find((d) => d.code === code && d.status === 'accepted'),
  );
  expect(q.status).toBe('accepted');
}

export async function incomeOnServer(s: FlowServer, description: string): Promise<TransactionDoc> {
  return waitUntil(`${description} on the server`, 30_000, async () =>
    (await onServer<TransactionDoc>(s, 'transactions')).find((t) => t.description === description),
  );
}

/**
 * The machine that runs Forja opening `npm start`'s plain http://127.0.0.1:<port> (issue 39 §1),
 * the same device on another server: sign in, a customer saved from its dialog, Relatórios past
 * its first download. Each address is a full navigation, and over http WebKit keeps the page left
 * in its back/forward cache (it honours the shell's no-store only over https): that frozen page
 * held its IndexedDB connections and RxDB's leader lock, and the dialog stayed on 'Salvando...',
 * Relatórios on 'Baixando dados da oficina…' (src/app/frozen-page.ts).
 */
/** What the page knows of the network (a failure's report): online, /api/health from it, its API requests. */
async function networkSeen(p: EnginePage): Promise<string> {
  return p
    .run<string>(
      `return (async () => {
        let health;
        try { const r = await fetch('/api/health'); health = r.status + ' ' + (await r.text()); } catch (e) { health = 'failed: ' + e; }
        const requests = performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/'))
          .map((r) => r.name.replace(location.origin, '') + ' at ' + Math.round(r.startTime) + ' ms, ' + Math.round(r.duration) + ' ms, ' + r.responseStatus);
        return JSON.stringify({ onLine: navigator.onLine, health, serviceWorker: !!navigator.serviceWorker.controller, requests });
      })()`,
    )
    .catch((e: Error) => e.message);
}

export async function plainHttpFlow(p: EnginePage, customer: string): Promise<void> {
  const plain = await startServer();
  try {
    p.setOrigin(plain.url);
    await signInFirstTime(p);
    await waitForServiceWorker(p);
    await addCustomer(p, customer, '(35) 97777-1234');
    await p.goto('/adm/reports');
    await p.waitForText(STAFF_SCREENS[4][1]).catch(async (err) => {
      console.log(`[${p.engine}] over http the page sees: ${await networkSeen(p)}`);
      throw err;
    });
    expect(await p.text()).not.toContain('Baixando dados da oficina');
    assertNothingBroken('/adm/reports (http)', await p.text());
  } finally {
    await plain.dispose();
  }
}

export interface EngineUnderTest {
  engine: EngineName;
  /** The people in this engine's flow (their names tell the screenshots apart). */
  customer: string;
  offlineCustomer: string;
  /** Opens the engine's page on the flow's origin; `close` ends everything it started. */
  open(flow: FlowServer, certs: TestCertificates): Promise<{ page: EnginePage; close(): Promise<void> }>;
  /** The phone width asked for; the engine may give more (WebKitGTK's window: 447 px). */
  phoneWidth(given: number): void;
  /** Also the flow over plain http on 127.0.0.1 (plainHttpFlow), with this customer. */
  plainHttpCustomer?: string;
}

/**
 * One engine's suite: a server over HTTPS on forja.test, the phone flow at the smallest width the
 * engine allows, then 1280×800. A failed step leaves a screenshot, the page's text and the
 * server's log.
 */
export function engineSuite(e: EngineUnderTest): void {
  let certs: TestCertificates;
  let server: RunningServer;
  let flow: FlowServer;
  let opened: { page: EnginePage; close(): Promise<void> } | undefined;
  const page = () => opened!.page;

  beforeAll(async () => {
    certs = makeTestCertificates([ENGINE_HOST, 'localhost'], ['127.0.0.1']);
    server = await startServer({ env: { FORJA_TLS_CERT: certs.certFile, FORJA_TLS_KEY: certs.keyFile }, https: { ca: certs.caPem } });
    flow = { server, origin: `https://${ENGINE_HOST}:${server.port}`, ca: certs.caPem };
    opened = await e.open(flow, certs);
  });

  afterAll(async () => {
    await opened?.close();
    await server?.dispose();
    certs?.dispose();
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await opened?.page.screenshot(artifactPath(`engines-${e.engine}-failure.png`)).catch(() => undefined);
      console.log(`[${e.engine}] at ${await opened?.page.url().catch(() => '?')}:\n${(await opened?.page.text().catch(() => '')) ?? ''}\n--- server ---\n${server?.logs() ?? ''}`);
    });
  });

  describe(e.engine, () => {
    let code = '';

    test('a phone: sign in, customer, quotation, cash flow, every screen, offline customer, Aceitar', async () => {
      const width = await page().setWidth(390, 844);
      e.phoneWidth(width);
      console.log(`[${e.engine}] phone width: ${width}px`);
      const income = `Sinal — ${e.customer}`;
      await signInFirstTime(page());
      await waitForServiceWorker(page());
      await addCustomer(page(), e.customer, '(35) 99123-4567');
      code = await addQuotation(page(), e.customer, 'Portão de correr em metalon');
      await addIncome(page(), e.customer, income);
      expect((await incomeOnServer(flow, income)).amount).toBe(1250.75);
      await openEveryScreen(page());
      await offlineCustomer(page(), flow, e.offlineCustomer, '(35) 98888-1234');
      await screenshots(page(), 'phone', code);
      await acceptAsCustomer(page(), flow, code);
    });

    test('a desktop at 1280×800: every screen, screenshots', async () => {
      expect(code).not.toBe('');
      expect(await page().setWidth(1280, 800)).toBe(1280);
      await openEveryScreen(page());
      await screenshots(page(), 'desktop', code);
    });

    if (e.plainHttpCustomer) {
      const customer = e.plainHttpCustomer;
      // Over plain http WebKit keeps every page left in its back/forward cache (issue 39 §1):
      // frozen-page.ts lets go of its databases and locks, the sync engine of its change stream.
      test('the machine itself over plain http on 127.0.0.1 (npm start): sign in, a customer, Relatórios', async () => {
        try {
          await plainHttpFlow(page(), customer);
        } finally {
          page().setOrigin(flow.origin);
        }
      });
    }
  });
}
