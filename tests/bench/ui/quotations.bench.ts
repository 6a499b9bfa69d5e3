/**
 * Quotations screen in Chromium with 5,000 quotations and 2,000 customers in the local database
 * (the built app, served by the real sync-server on PGlite). Times, measured in the page from the
 * action to the frame showing its result (median of several runs):
 *   - full load of /adm/quotations to its first page (includes opening the database);
 *   - in-app navigation to the list (database already open);
 *   - next page; a search result; opening the 'Novo Orçamento' form.
 * Needs `npm run build` (dist/). Prints a table; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { Api } from '../sync-client/node/api';
import { launchBrowser } from '../sync-client/node/browser';
import { BENCH_ADMIN, startBenchServer } from '../sync-client/node/server';
import { fmt, percentile, table, withTimeout } from '../sync-client/node/stats';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const QUOTATIONS = Number(process.env.BENCH_QUOTATIONS ?? 5000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const FIRST = ['José', 'Maria', 'João', 'Ana', 'Antônio', 'Francisca', 'Carlos', 'Paulo', 'Lúcia', 'Sebastião'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Lima', 'Carvalho', 'Ferreira', 'Rodrigues', 'Almeida', 'Gonçalves'];
const JOBS = ['Portão basculante', 'Mezanino metálico', 'Cobertura em estrutura metálica', 'Mandrilhamento de braço', 'Solda TIG em inox', 'Eixo torneado'];

function seedDocs() {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    id: randomUUID(),
    name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i}`,
    phone: `(35) 9${String(10000000 + i).padStart(8, '0')}`,
    whatsapp: null,
    description: null,
    created_at: iso(now - i * 1000),
    updated_at: iso(now),
    client_updated_at: iso(now),
  }));
  const quotations = Array.from({ length: QUOTATIONS }, (_, i) => ({
    id: randomUUID(),
    code: `ORC-B${String(i).padStart(5, '0')}`,
    customer_id: customers[i % CUSTOMERS].id,
    description: `${JOBS[i % JOBS.length]} nº ${i}`,
    status: (['pending', 'accepted', 'rejected'] as const)[i % 3],
    total_amount: 100 + (i % 900) + 0.5,
    discounts: 0,
    taxes: 0,
    payment_method: 'PIX',
    validity_date: iso(now + 15 * 86_400_000).slice(0, 10),
    execution_deadline: '10 dias',
    materials: [{ name: 'Chapa 3mm', quantity: 2, price: 50.25 }],
    viewed_at: null,
    decided_at: null,
    decision_reason: null,
    created_at: iso(now - i * 60_000),
    updated_at: iso(now),
    client_updated_at: iso(now),
  }));
  return { customers, quotations };
}

async function pushAll(api: Api, collection: string, docs: object[]) {
  for (let i = 0; i < docs.length; i += 500) {
    const r = await api.pushNew(collection, docs.slice(i, i + 500));
    if (r.rejections.length || r.conflicts) throw new Error(`seeding ${collection}: ${JSON.stringify(r.rejections.slice(0, 3))}`);
  }
}

/** Runs `act` in the page and resolves with ms until a frame where `done` holds. */
async function timed(page: Page, act: string, done: string): Promise<number> {
  // A plain script string: tsx's helpers (e.g. __name) do not exist inside the page.
  return page.evaluate(`new Promise((resolve, reject) => {
    const t0 = performance.now();
    ${act};
    const limit = t0 + 20000;
    const tick = () => {
      if (${done}) return resolve(performance.now() - t0);
      if (performance.now() > limit) return reject(new Error('not done: ' + ${JSON.stringify(done)}));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`) as Promise<number>;
}

const firstCode = `document.querySelector('[data-testid=quotation-row]')?.getAttribute('data-code')`;

export default async function run(): Promise<void> {
  const webDir = path.join(REPO, 'dist');
  if (!existsSync(path.join(webDir, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const server = await startBenchServer({ repoRoot: REPO, webDir, databaseUrl: null, timeoutMs: 60_000 });
  const browser = await launchBrowser();
  try {
    const api = new Api(server.url);
    const user = await api.login(BENCH_ADMIN.email, BENCH_ADMIN.initialPassword, 'bench-seed');
    if (user.first_access) {
      await api.changePassword(BENCH_ADMIN.password);
      await api.logout();
      await api.login(BENCH_ADMIN.email, BENCH_ADMIN.password, 'bench-seed');
    }
    const { customers, quotations } = seedDocs();
    const seedStart = Date.now();
    await pushAll(api, 'customers', customers);
    await pushAll(api, 'quotations', quotations);
    const seedMs = Date.now() - seedStart;
    await api.logout();

    // The app's CSP is the production one (z-schema validation, as on a real device).
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.locator('input[type=email]').fill(BENCH_ADMIN.email);
    await page.locator('input[type=password]').first().fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL('**/adm/dashboard', { timeout: 60_000 });
    const syncStart = Date.now();
    await withTimeout('initial sync', 300_000, page.getByText(/Sincronizado/).first().waitFor({ state: 'visible', timeout: 300_000 }));
    const syncMs = Date.now() - syncStart;

    // 1. Full load of the list (opens the database, reads the first page).
    const fullLoad: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 4); i++) {
      await page.goto('/adm/quotations');
      await page.waitForSelector('[data-testid=quotation-row]', { timeout: 60_000 });
      fullLoad.push((await page.evaluate('performance.now()')) as number);
    }

    // 2. In-app navigation (database open): dashboard → Orçamentos.
    const nav: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.getByText('Fluxo de Caixa', { exact: true }).first().click();
      await page.waitForURL('**/adm/dashboard');
      await page.waitForTimeout(200);
      nav.push(
        await timed(
          page,
          `[...document.querySelectorAll('a,button')].find((e) => e.textContent.trim() === 'Orçamentos').click()`,
          `document.querySelector('[data-testid=quotation-row]')`,
        ),
      );
    }

    // 3. Next page.
    const next: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const before = await page.evaluate(firstCode);
      await page.waitForTimeout(100);
      next.push(
        await timed(page, `document.querySelector('[aria-label="Próxima página"]').click()`, `${firstCode} !== ${JSON.stringify(before)}`),
      );
    }

    // 4. A search result (typed into the search box; customer names and descriptions).
    const search: number[] = [];
    const terms = ['goncalves 1', 'mezanino', 'ORC-B0042', 'sebastiao', 'torneado nº 9', 'joao silva'];
    for (let i = 0; i < RUNS; i++) {
      const term = terms[i % terms.length];
      await page.evaluate(`(() => {
        const input = document.querySelector('input[type=search]');
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      })()`);
      await page.waitForTimeout(150);
      const countBefore = await page.evaluate(`document.querySelector('[data-testid=result-count]')?.textContent`);
      search.push(
        await timed(
          page,
          `const input = document.querySelector('input[type=search]');
           Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, ${JSON.stringify(term)});
           input.dispatchEvent(new Event('input', { bubbles: true }));`,
          `document.querySelector('[data-testid=result-count]')?.textContent !== ${JSON.stringify(countBefore)}`,
        ),
      );
    }

    // 5. Opening the form.
    const form: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      form.push(
        await timed(
          page,
          `[...document.querySelectorAll('button')].find((e) => e.textContent.trim() === 'Novo Orçamento').click()`,
          `document.querySelector('form[aria-label="Novo Orçamento"] input')`,
        ),
      );
      await page.keyboard.press('Escape');
      await page.waitForSelector('form[aria-label="Novo Orçamento"]', { state: 'detached' });
      await page.waitForTimeout(100);
    }

    const row = (what: string, v: number[]) => [what, fmt.ms(percentile(v, 50)), fmt.ms(Math.min(...v)), fmt.ms(Math.max(...v)), String(v.length)];
    console.log(`Seed: ${fmt.int(QUOTATIONS)} quotations + ${fmt.int(CUSTOMERS)} customers pushed in ${fmt.s(seedMs)}; initial sync into the browser ${fmt.s(syncMs)}.\n`);
    console.log(
      table([
        ['quotations screen (Chromium, 1280×800)', 'median', 'min', 'max', 'runs'],
        row('full load → first page (incl. DB open)', fullLoad),
        row('navigation → first page (DB open)', nav),
        row('next page', next),
        row('search result', search),
        row('open the form', form),
      ]),
    );
    console.log('\nTarget: ≤ 100 ms each after the database is open.');
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
