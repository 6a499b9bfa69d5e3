/**
 * bench:ui — cash flow (issue 7): 20,000 transactions on the device. Measures, in Chromium,
 * after the local database is open:
 *   - first render: from clicking 'Fluxo de Caixa' in the sidebar (coming from another
 *     screen, database open) to the first page of rows painted;
 *   - applying a filter: from 'Aplicar Filtros' to the filtered rows painted;
 *   - totals: from 'Aplicar Filtros' to the new Entradas/Saídas/Saldo painted;
 * plus the pure filter + totals work in Node over the same 20,000 rows.
 * Target ≤ 100 ms each. Prints a table; never asserts. Needs `npm run build` (dist/).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, STAFF_PASSWORD, launchBrowser, prepareStaff, push, signIn, startServer } from '../../support/e2e';
import { fmt, percentile, table } from '../sync-client/node/stats';
import { applyFilters, EMPTY_FILTERS } from '../../../src/domain/transaction-filters';
import { totalsOf } from '../../../src/domain/transaction-rules';
import { shopDate } from '../../../src/domain/transaction-status';

const COUNT = Number(process.env.BENCH_CASHFLOW_COUNT ?? 20_000);
const RUNS = 5;

function transactions(n: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const now = Date.now();
  for (let i = 0; i < n; i++) {
    const type = i % 5 === 0 ? 'despesas' : i % 3 === 0 ? 'saida' : 'entrada';
    const at = new Date(now - i * 9 * 60_000).toISOString(); // ~4 months of entries
    out.push({
      id: randomUUID(),
      type,
      customer_id: null,
      name: type === 'entrada' ? null : `Fornecedor ${i % 40}`,
      category: type === 'despesas' ? 'luz' : type === 'saida' ? 'material' : null,
      description: `Lançamento ${i}`,
      amount: 10 + (i % 997) + (i % 100) / 100,
      payment_method: type === 'despesas' ? 'n/a' : ['pix', 'dinheiro', 'cartao', 'transferencia'][i % 4],
      payment_status: ['pago', 'pendente', 'parcial'][i % 3],
      due_date: i % 7 === 0 ? new Date(now - (i % 30) * 86_400_000).toISOString().slice(0, 10) : null,
      quotation_id: null,
      created_at: at,
      updated_at: at,
      client_updated_at: at,
      created_by: null,
      updated_by: null,
    });
  }
  return out;
}

/**
 * Runs `act` in the page and resolves with the ms until `done` holds (checked every frame),
 * plus the frame that paints it. Plain script text: tsx's helpers do not exist in the page.
 */
function timeInPage(page: Page, act: string, ...done: string[]): Promise<number[]> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const t0 = performance.now();
    const conds = [${done.map((d) => `() => (${d})`).join(', ')}];
    const times = conds.map(() => null);
    ${act}
    const check = () => {
      const now = performance.now();
      conds.forEach((c, i) => { if (times[i] === null && c()) times[i] = now; });
      if (times.every((t) => t !== null)) requestAnimationFrame(() => {
        const painted = performance.now();
        resolve(times.map((t) => t - t0 + (painted - now)));
      });
      else if (now - t0 > 30000) reject(new Error('timed out'));
      else requestAnimationFrame(check);
    };
    check();
  })`) as Promise<number[]>;
}

const setSelect = (label: string, value: string) => `
  const region = document.querySelector('[role=region][aria-label=Filtros]');
  const el = region.querySelector('select[aria-label="${label}"]');
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(el, '${value}');
  el.dispatchEvent(new Event('change', { bubbles: true }));`;
const clickButton = (name: string) => `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === '${name}').click();`;

export default async function run(): Promise<void> {
  const docs = transactions(COUNT);

  // Pure work in Node (what the page memoizes once per change).
  const today = shopDate(new Date());
  const node: Record<string, number[]> = { filter: [], totals: [] };
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const rows = applyFilters(docs as never[], { ...EMPTY_FILTERS, paymentStatus: 'atrasado', startDate: '2020-01-01' }, today);
    node.filter.push(performance.now() - t);
    t = performance.now();
    totalsOf(rows as { type: string; amount: number }[]);
    totalsOf(docs as { type: string; amount: number }[]);
    node.totals.push(performance.now() - t);
  }

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const staff = await prepareStaff(server);
    const t0 = performance.now();
    for (let i = 0; i < docs.length; i += 1000) {
      const r = await push(server, staff, 'transactions', docs.slice(i, i + 1000));
      if (r.rejections.length) throw new Error(`seed refused: ${JSON.stringify(r.rejections[0])}`);
    }
    const seedMs = performance.now() - t0;

    const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const t1 = performance.now();
    await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
    const countText = `${COUNT.toLocaleString('pt-BR')} transações`;
    await page.getByTestId('transactions-count').getByText(countText).waitFor({ timeout: 600_000 });
    const syncMs = performance.now() - t1;

    const first: number[] = [];
    const filter: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // In-app navigation away and back: the database stays open.
      await page.getByRole('button', { name: 'Configurações' }).first().click();
      await page.waitForURL('**/adm/settings');
      await page.getByRole('heading', { name: 'Fluxo de Caixa' }).waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      first.push(
        ...(await timeInPage(
          page,
          `[...document.querySelectorAll('button')].find((a) => a.textContent.trim() === 'Fluxo de Caixa').click();`,
          `document.querySelectorAll('[data-testid=transaction-row]').length === 20`,
        )),
      );
      await page.waitForTimeout(300);
      const before = await page.getByTestId('total-balance').textContent();
      await page.evaluate(setSelect('Status', 'atrasado'));
      const [f, t] = await timeInPage(
        page,
        clickButton('Aplicar Filtros'),
        `location.search.includes('atrasado') && !document.querySelector('[aria-busy=true]') && [...document.querySelectorAll('[data-testid=transaction-status]')].every((e) => e.textContent === 'Atrasado')`,
        `document.querySelector('[data-testid=total-balance]')?.textContent !== ${JSON.stringify(before)}`,
      );
      filter.push(f);
      totals.push(t);
      await page.evaluate(clickButton('Limpar Filtros'));
      await page.waitForURL((u) => !u.search.includes('atrasado'));
    }
    // A cold reload: from navigation start (the app's code, opening the database, the read) to the rows.
    const cold: number[] = [];
    const coldTotals: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.reload({ waitUntil: 'commit' });
      const [rows, all] = await timeInPage(
        page,
        '',
        `document.querySelectorAll('[data-testid=transaction-row]').length === 20`,
        `(document.querySelector('[data-testid=transactions-count]')?.textContent ?? '').includes(${JSON.stringify(countText)})`,
      ).then((t) => t.map((x) => x)); // relative to the call
      const sinceNav = await page.evaluate('performance.now()') as number;
      cold.push(sinceNav - all + rows);
      coldTotals.push(sinceNav);
    }
    await context.close();

    const row = (name: string, v: number[]) => [name, fmt.ms(percentile(v, 50)), fmt.ms(Math.max(...v)), '≤ 100 ms'];
    console.log(`${fmt.int(COUNT)} transactions; seeding the server ${fmt.s(seedMs)}; first sync into a new browser ${fmt.s(syncMs)}\n`);
    console.log(
      table([
        ['cash flow (Chromium)', 'median', 'max', 'target'],
        row('first render (page of 20 rows)', first),
        row('apply a filter (Atrasado)', filter),
        row('totals after the filter', totals),
        row('cold reload → first page (incl. opening the db)', cold),
        row('cold reload → all 20k read, totals shown', coldTotals),
        row('node: filter 20k rows', node.filter),
        row('node: totals (filtered + all)', node.totals),
      ]),
    );
  } finally {
    await browser.close();
    await server.dispose();
  }
}
