/**
 * Reports bench (issue 9): 50,000 transactions, 2,000 customers, 500 stock items (2,500 movements).
 * 1. The pure report maths in Node (src/domain/reports), median of 7 runs. Target ≤ 50 ms each.
 * 2. In Chromium against the real server and built app: the data synced into the local RxDB, then
 *    each tab from click to its numbers on screen, and to its charts drawn. Target ≤ 200 ms.
 * BENCH_REPORTS_BROWSER=0 skips part 2.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import {
  criticalItems,
  customerPaymentMethods,
  customerRows,
  customerSummary,
  dailySeries,
  debtors,
  detailRows,
  expensesByCategory,
  financialExport,
  financialInsights,
  financialSummary,
  frequencyDistribution,
  inPeriod,
  incomeByMethod,
  prepareTransactions,
  quantityByCategory,
  recommendedActions,
  resolveRange,
  DEFAULT_FILTER,
  stockRows,
  stockSummary,
  topCustomers,
  type TransactionInput,
  type CustomerInput,
  type StockItemInput,
  type StockMovementInput,
  type CatalogInput,
} from '../../../src/domain/reports';
import { formatCentsBRL } from '../../../src/domain/money';
import { shopDate } from '../../../src/domain/transaction-status';
import { Api } from '../sync-client/node/api';
import { launchBrowser } from '../sync-client/node/browser';
import { BENCH_ADMIN, startBenchServer } from '../sync-client/node/server';
import { fmt, percentile, table } from '../sync-client/node/stats';
import { makeShop, type BenchShop } from './reports-data';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Median and minimum of `runs` timings (the minimum is what a machine not shared with other work gets). */
function median(fn: () => unknown, runs = 9): { p50: number; min: number } {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), min: Math.min(...times) };
}

function maths(shop: BenchShop) {
  const today = shopDate(new Date());
  const txDocs = shop.transactions as unknown as TransactionInput[];
  const customers = shop.customers as unknown as CustomerInput[];
  const range = resolveRange(DEFAULT_FILTER, today);
  const all = prepareTransactions(txDocs, today);
  const prepare = () => prepareTransactions(txDocs, today);
  const financialOf = (r: typeof range) => () => {
    const txs = inPeriod(all, r);
    financialSummary(txs);
    detailRows(txs, 'income');
    detailRows(txs, 'expense');
    dailySeries(txs, r);
    expensesByCategory(txs);
    incomeByMethod(txs);
    financialInsights(all);
  };
  const financial = financialOf(range);
  const financialYear = financialOf(resolveRange({ ...DEFAULT_FILTER, period: 'year' }, today));
  const customersReport = () => {
    const txs = all;
    const rows = customerRows(customers, txs, today);
    customerSummary(rows);
    debtors(rows);
    topCustomers(rows);
    frequencyDistribution(rows);
    customerPaymentMethods(txs);
    recommendedActions(rows);
  };
  const stock = () => {
    const rows = stockRows(shop.items as unknown as StockItemInput[], shop.movements as unknown as StockMovementInput[], shop.catalog as unknown as CatalogInput[]);
    stockSummary(rows);
    quantityByCategory(rows);
    criticalItems(rows);
  };
  const exportRows = () => financialExport(all, today);
  // Warm the JIT once.
  financial();
  customersReport();
  stock();
  const fin = median(financial);
  const cust = median(customersReport);
  const prep = median(prepare);
  return [
    ['Preparo das 50.000 transações (1× por mudança, compartilhado pelas abas)', prep],
    ['Financeiro (mês atual + insights)', fin],
    ['Financeiro (ano atual + insights)', median(financialYear)],
    ['Clientes (2.000 clientes)', cust],
    ['Estoque (500 itens, 2.500 movimentações)', median(stock)],
    ['Tabela de exportação (50.000 linhas)', median(exportRows, 3)],
    ['Primeira abertura: preparo + financeiro', { p50: prep.p50 + fin.p50, min: prep.min + fin.min }],
    ['Primeira abertura: preparo + clientes', { p50: prep.p50 + cust.p50, min: prep.min + cust.min }],
  ] as const;
}

/** In the page: click the tab, then wait (rAF) for the numbers, then for a drawn canvas. */
async function timeTab(page: Page, tab: string, testId: string, expected: string): Promise<{ numbers: number; charts: number }> {
  return page.evaluate(
    async ({ tab, testId, expected }) => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const t0 = performance.now();
      const trigger = [...document.querySelectorAll('[role=tab]')].find((t) => t.getAttribute('aria-label') === tab) as HTMLElement;
      trigger.click();
      const deadline = t0 + 60_000;
      let numbers = NaN;
      while (performance.now() < deadline) {
        const el = document.querySelector(`[data-testid="${testId}"] [data-value]`);
        if (el && el.textContent === expected) {
          numbers = performance.now() - t0;
          break;
        }
        await frame();
      }
      while (performance.now() < deadline) {
        const panel = document.querySelector('[role=tabpanel]:not([hidden])');
        if (panel?.querySelector('canvas')) break;
        await frame();
      }
      await frame();
      return { numbers, charts: performance.now() - t0 };
    },
    { tab, testId, expected },
  );
}

async function browserPart(shop: BenchShop): Promise<string[][]> {
  if (!existsSync(path.join(REPO, 'dist/index.html'))) {
    spawnSync(path.join(REPO, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: REPO, stdio: 'inherit' });
  }
  const server = await startBenchServer({ repoRoot: REPO, webDir: path.join(REPO, 'dist'), databaseUrl: null, timeoutMs: 60_000 });
  const browser = await launchBrowser();
  try {
    const api = new Api(server.url);
    const user = await api.login(BENCH_ADMIN.email, BENCH_ADMIN.initialPassword, 'bench-reports-seed');
    if (user.first_access) await api.changePassword(BENCH_ADMIN.password);
    await api.login(BENCH_ADMIN.email, BENCH_ADMIN.password, 'bench-reports-seed');
    const tSeed = performance.now();
    for (const [collection, docs] of [
      ['customers', shop.customers],
      ['catalog_items', shop.catalog],
      ['stock_items', shop.items],
      ['stock_movements', shop.movements],
      ['transactions', shop.transactions],
    ] as const) {
      for (let i = 0; i < docs.length; i += 1000) {
        const r = await api.pushNew(collection, docs.slice(i, i + 1000));
        if (r.conflicts || r.rejections.length) throw new Error(`seeding ${collection} refused: ${JSON.stringify(r.rejections.slice(0, 2))}`);
      }
    }
    const seedMs = performance.now() - tSeed;

    const today = shopDate(new Date());
    const all = prepareTransactions(shop.transactions as unknown as TransactionInput[], today);
    const income = formatCentsBRL(financialSummary(inPeriod(all, resolveRange(DEFAULT_FILTER, today))).incomeCents);
    const stockItems = String(shop.items.length);
    const customers = shop.customers.length.toLocaleString('pt-BR');

    const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 800 } });
    // tsx keeps function names with a `__name` helper that page.evaluate'd code lacks.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await page.goto(`${server.url}/auth`);
    await page.locator('input[type=email]').fill(BENCH_ADMIN.email);
    await page.locator('input[type=password]').first().fill(BENCH_ADMIN.password);
    const tSync = performance.now();
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL('**/adm/dashboard', { timeout: 60_000 });
    await page.goto(`${server.url}/adm/reports`);
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid="total-income"] [data-value]')?.textContent === v,
      income,
      { timeout: 600_000, polling: 500 },
    );
    const syncMs = performance.now() - tSync;

    const runs: Record<string, { numbers: number[]; charts: number[] }> = {};
    const tabs = [
      ['Relatório de Estoque', 'stock-items', stockItems],
      ['Relatório de Clientes', 'customers-total', customers],
      ['Relatório Financeiro', 'total-income', income],
    ] as const;
    for (let i = 0; i < 5; i++) {
      for (const [tab, id, expected] of tabs) {
        const r = await timeTab(page, tab, id, expected);
        (runs[tab] ??= { numbers: [], charts: [] }).numbers.push(r.numbers);
        runs[tab].charts.push(r.charts);
      }
    }
    await context.close();
    return [
      ['Envio dos dados ao servidor (API, 55.000+ docs)', fmt.s(seedMs), ''],
      ['Entrar → dados no aparelho → relatório com números', fmt.s(syncMs), ''],
      ...tabs.map(([tab]) => [`Aba ${tab}: números na tela / gráficos (mediana de 5)`, fmt.ms(percentile(runs[tab].numbers, 50)), fmt.ms(percentile(runs[tab].charts, 50))]),
    ];
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
}

export default async function run(): Promise<void> {
  const shop = makeShop();
  const m = maths(shop);
  console.log(table([['Cálculo (Node, puro)', 'mediana', 'mínimo'], ...m.map(([k, v]) => [k, fmt.ms(v.p50), fmt.ms(v.min)])]));
  if (process.env.BENCH_REPORTS_BROWSER === '0') return;
  console.log('');
  console.log(table([['Chromium (app construído, servidor real)', 'tempo', 'gráficos'], ...(await browserPart(shop))]));
}

// Run directly: npx tsx tests/bench/ui/reports.bench.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await run();
}
