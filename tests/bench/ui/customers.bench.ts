/**
 * bench:ui — customers screen. In Chromium against the built app and a real server, with 2,000
 * customers, 5,000 quotations and 3,000 transactions in the local database (counts per customer
 * come from all of them): time to the first page of the list after navigation (database already
 * downloaded), to the next page, to a search result, to open a customer's details and the form.
 * Printed, never asserted. The reload is timed from Node; the in-app steps inside the page, from
 * the click (or typing) until an animation frame shows the result.
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  customerDoc,
  launchBrowser,
  prepareStaff,
  push,
  quotationDoc,
  signIn,
  startServer,
} from '../../support/e2e';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2000);
const QUOTATIONS = Number(process.env.BENCH_QUOTATIONS ?? 5000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 3000);
const RUNS = 5;

async function pushAll(server: Parameters<typeof push>[0], session: Parameters<typeof push>[1], c: Parameters<typeof push>[2], docs: Record<string, unknown>[]) {
  for (let i = 0; i < docs.length; i += 500) {
    const r = await push(server, session, c, docs.slice(i, i + 500));
    if (r.rejections.length) throw new Error(`seeding ${c}: ${JSON.stringify(r.rejections.slice(0, 3))}`);
  }
}

interface Click {
  sel: string;
  text?: string;
  /** Type this into the element instead of clicking it. */
  type?: string;
}
interface Until {
  sel: string;
  text?: string;
  exact?: boolean;
  /** The first match's data-customer must differ from this. */
  notAttr?: string;
}

/**
 * Runs the action inside the page and resolves with the ms until a frame shows the result.
 * (Plain JavaScript source: tsx would wrap named functions in a helper the page does not have.)
 */
const TIMED_SRC = `({ click, until }) => new Promise((resolve, reject) => {
  function matches(e, text, exact) { return !text || (exact ? e.textContent.trim() === text : e.textContent.includes(text)); }
  function find(sel, text, exact) { return Array.from(document.querySelectorAll(sel)).find(function (e) { return matches(e, text, exact); }); }
  const target = find(click.sel, click.text);
  if (!target) { reject(new Error('not found: ' + click.sel)); return; }
  const t0 = performance.now();
  if (click.type !== undefined) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(target, click.type);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  } else {
    target.click();
  }
  function tick() {
    const all = Array.from(document.querySelectorAll(until.sel));
    const el = until.notAttr
      ? (all[0] && all[0].getAttribute('data-customer') !== until.notAttr ? all[0] : undefined)
      : all.find(function (e) { return matches(e, until.text, until.exact); });
    if (el) resolve(performance.now() - t0);
    else if (performance.now() - t0 > 30000) reject(new Error('timed out waiting for ' + until.sel));
    else requestAnimationFrame(tick);
  }
  tick();
})`;

function timed(page: import('playwright-core').Page, click: Click, until: Until): Promise<number> {
  return page.evaluate(`(${TIMED_SRC})(${JSON.stringify({ click, until })})`) as Promise<number>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function run(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const staff = await prepareStaff(server);
    const customers = Array.from({ length: CUSTOMERS }, (_, i) =>
      customerDoc({ name: `Cliente ${String(i).padStart(5, '0')} Serralheria`, phone: `(35) 9${String(10000000 + i)}`, description: i % 2 ? 'Portões e grades' : null }),
    );
    await pushAll(server, staff, 'customers', customers as unknown as Record<string, unknown>[]);
    const quotations = Array.from({ length: QUOTATIONS }, (_, i) =>
      quotationDoc({ customer_id: customers[i % CUSTOMERS].id, code: `ORC-B${String(i).padStart(6, '0')}` }),
    );
    await pushAll(server, staff, 'quotations', quotations as unknown as Record<string, unknown>[]);
    const t = new Date().toISOString();
    const transactions = Array.from({ length: TRANSACTIONS }, (_, i) => ({
      id: randomUUID(), type: 'entrada', customer_id: customers[(i * 7) % CUSTOMERS].id, name: null, category: null,
      description: 'Sinal', amount: 100 + i, payment_method: 'pix', payment_status: 'pago', due_date: null, quotation_id: null,
      created_at: t, updated_at: t, client_updated_at: t,
    }));
    await pushAll(server, staff, 'transactions', transactions);

    const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
    const syncStart = Date.now();
    await page.locator('[data-testid=sync-badge][data-tone=ok]').first().waitFor({ timeout: 300_000 });
    const syncMs = Date.now() - syncStart;

    const rows: Record<string, number[]> = {
      'reload → first page (opens the database)': [],
      'overlay → first page (in app)': [],
      'next page': [],
      search: [],
      'details dialog': [],
      'form dialog': [],
    };
    for (let i = 0; i < RUNS; i++) {
      const t0 = Date.now();
      await page.goto('/adm/customers');
      await page.locator('[data-customer]').first().waitFor({ timeout: 60_000 });
      rows['reload → first page (opens the database)'].push(Date.now() - t0);

      // In-app steps, timed inside the page: from the click until a frame shows the result.
      await page.goto('/adm/dashboard');
      await page.locator('[data-testid=sync-badge][data-tone=ok]').first().waitFor({ timeout: 60_000 });
      // A user opens the overlay a moment after the app is up (the admin area warms its data meanwhile).
      await page.waitForTimeout(3000);
      rows['overlay → first page (in app)'].push(await timed(page, { text: 'Clientes', sel: 'button' }, { sel: '[data-customer]' }));
      const first = await page.locator('[data-customer]').first().getAttribute('data-customer');
      rows['next page'].push(await timed(page, { sel: 'button[aria-label="Próxima página"]' }, { sel: '[data-customer]', notAttr: first ?? '' }));
      rows.search.push(await timed(page, { sel: 'input[type=search]', type: `cliente 0${1000 + i}` }, { sel: 'p', text: '1 cliente', exact: true }));
      rows['details dialog'].push(await timed(page, { sel: '[data-customer] td' }, { sel: '[data-testid=customer-details] table tbody tr' }));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: /^Detalhes de/ }).waitFor({ state: 'hidden' });
      rows['form dialog'].push(await timed(page, { sel: 'button', text: 'Novo Cliente' }, { sel: '[data-testid=customer-form-dialog] input' }));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Cadastrar Novo Cliente' }).waitFor({ state: 'hidden' });
    }

    console.log(`customers ${CUSTOMERS}, quotations ${QUOTATIONS}, transactions ${TRANSACTIONS}; first sync into the browser ${syncMs} ms\n`);
    console.log('| step | median ms | min | max |');
    console.log('|---|---|---|---|');
    for (const [name, xs] of Object.entries(rows)) {
      console.log(`| ${name} | ${Math.round(median(xs))} | ${Math.round(Math.min(...xs))} | ${Math.round(Math.max(...xs))} |`);
    }
    await context.close();
  } finally {
    await browser.close();
    await server.dispose();
  }
}
