/**
 * bench:ui — cold open of each main screen (issue 33 §1). A big shop's database already on the
 * device (5,000 quotations, 2,000 customers, 20,000 transactions, 500 stock items, 5,000 movements,
 * stored by the app's own first sync from a seeded server), the service worker in control; each
 * open is a new tab. Measured from navigation start (performance.timeOrigin) to the first frame
 * (requestAnimationFrame timestamp) whose DOM holds the screen's marker: its first data row/card,
 * or, on an empty shop, its empty state. Beside it, in the same run, the floors:
 *   - empty: the same build on a device whose shop has no data (its own server), to its empty state;
 *   - raw IndexedDB: a plain page on the same origin that opens the RxDB Dexie database of the
 *     screen's collection with indexedDB.open, reads the first page through the created_at index
 *     (the one the screens sort by) and paints it as a plain list;
 *   - JS eval: a blank page that imports the same script chunks the empty open loaded, without
 *     rendering (no #root): what evaluating the app's JavaScript costs by itself.
 * All at 1× and with the CPU throttled 4× (CDP Emulation.setCPUThrottlingRate on the tab), median
 * of BENCH_UI_RUNS opens. Then the JS heap after visiting every screen, and where the time of an
 * open with data goes (User Timing marks from src/data/db + CDP Performance.getMetrics).
 * Prints tables; asserts nothing. Needs `npm run build`.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import {
  ADMIN_EMAIL,
  DIST_DIR,
  STAFF_PASSWORD,
  launchBrowser,
  prepareStaff,
  push,
  signIn,
  startServer,
  waitForServiceWorkerControl,
  type ApiSession,
  type RunningServer,
} from '../../support/e2e';
import { fmt, percentile, table } from '../sync-client/node/stats';
import { makeShop } from './reports-data';
import { startProfile, stopProfile } from './cpu-profile';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';

/** 0 skips the opens (the heap alone). */
const RUNS = Math.max(0, Number(process.env.BENCH_UI_RUNS ?? 3));
const QUOTATIONS = 5000;
const RAW_PAGE = 20;
const CPU_RATES = [1, 4];
const LIMIT_MS = 120_000;
/** BENCH_UI_PROFILE=1: one open with data per screen and CPU rate under the sampling profiler, summarised. */
const PROFILE = process.env.BENCH_UI_PROFILE === '1';
/** Serve another build (e.g. unminified, for the profile's names) instead of dist/. */
const WEB_DIR = process.env.FORJA_BENCH_WEB_DIR;
/** BENCH_UI_SHOTS=<dir>: screenshots of each screen with the big shop, 1280×800 and 390×844 (then the opens). */
const SHOTS_DIR = process.env.BENCH_UI_SHOTS;
/** With BENCH_UI_PROFILE=1: where to write each profile whole (.cpuprofile), the empty opens' too. */
const PROFILE_DIR = process.env.BENCH_UI_PROFILE_DIR;

interface Screen {
  name: string;
  path: string;
  /** Collection the screen's first page comes from (for the raw IndexedDB floor). */
  collection: string;
  /** DOM predicate (script text) of the first data row/card painted. */
  data: string;
  /** DOM predicate of the empty state painted. */
  empty: string;
}

const text = (s: string) => `document.body.textContent.includes(${JSON.stringify(s)})`;
const ALL_SCREENS: Screen[] = [
  {
    name: 'Fluxo de Caixa',
    path: '/adm/dashboard',
    collection: 'transactions',
    data: `document.querySelector('[data-testid=transaction-row],[data-testid=transaction-card]')`,
    empty: text('Nenhuma transação encontrada'),
  },
  {
    name: 'Orçamentos',
    path: '/adm/quotations',
    collection: 'quotations',
    data: `document.querySelector('[data-testid=quotation-row],[data-testid=quotation-card]')`,
    empty: `(${text('Não foram encontrados orçamentos')} || ${text('Nenhum orçamento encontrado')})`,
  },
  {
    name: 'Estoque',
    path: '/adm/stock',
    collection: 'stock_items',
    data: `document.querySelector('[data-testid=stock-quantity]')`,
    empty: text('Nenhum item no estoque.'),
  },
  {
    // The first card of the financial report: its summary with the values in (its skeletons gone;
    // the insights further down, which compare with the whole history, may still be loading).
    name: 'Relatórios',
    path: '/adm/reports',
    collection: 'transactions',
    data: `(document.querySelector('[data-testid=financial-summary]') && !document.querySelector('[data-testid=financial-summary] [data-testid=summary-skeleton]'))`,
    empty: `(document.querySelector('[data-testid=financial-summary]') && !document.querySelector('[data-testid=financial-summary] [data-testid=summary-skeleton]'))`,
  },
  {
    name: 'Clientes',
    path: '/adm/customers',
    collection: 'customers',
    data: `document.querySelector('[data-customer]')`,
    empty: text('Nenhum cliente cadastrado.'),
  },
];

/** BENCH_COLD_SCREENS=/adm/quotations,/adm/stock picks some (by path). */
const pickedPaths = process.env.BENCH_COLD_SCREENS?.split(',').map((x) => x.trim()).filter(Boolean);
const SCREENS = pickedPaths ? ALL_SCREENS.filter((s) => pickedPaths.includes(s.path)) : ALL_SCREENS;

/** Before any page script: checks `pred` every frame, keeps the first frame's timestamp where it holds. */
function markerScript(pred: string): string {
  return `(() => {
    window.__bench = { t: 0 };
    const check = (ts) => {
      let ok = false;
      try { ok = !!document.body && !!(${pred}); } catch {}
      if (ok) { window.__bench.t = ts; return; }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;
}

/** The raw IndexedDB floor: a plain page, no app code. */
function rawPage(collection: string): string {
  return `<!doctype html><html><body><ul id="list"></ul><script>
  (async () => {
    const dbs = await indexedDB.databases();
    const info = dbs.find((d) => d.name.startsWith('rxdb-dexie-') && d.name.endsWith('--' + ${JSON.stringify(collection)}));
    if (!info) { window.__bench = { error: 'no database for ${collection}: ' + dbs.map((d) => d.name).join(', ') }; return; }
    const db = await new Promise((res, rej) => { const r = indexedDB.open(info.name); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
    const tx = db.transaction(db.objectStoreNames[0], 'readonly');
    const store = tx.objectStore(db.objectStoreNames[0]);
    const indexName = [...store.indexNames].find((n) => n.includes('created_at'));
    const rows = [];
    await new Promise((res, rej) => {
      const source = indexName ? store.index(indexName) : store;
      const c = source.openCursor(null, 'prev');
      c.onsuccess = () => {
        const cur = c.result;
        if (!cur || rows.length >= ${RAW_PAGE}) return res();
        if (!cur.value._deleted) rows.push(cur.value);
        cur.continue();
      };
      c.onerror = () => rej(c.error);
    });
    const list = document.getElementById('list');
    for (const r of rows) { const li = document.createElement('li'); li.textContent = (r.code || r.name || r.description || r.id) + ' — ' + r.created_at; list.appendChild(li); }
    requestAnimationFrame((ts) => { window.__bench = { t: ts, rows: rows.length, index: indexName || '(primary)' }; });
  })().catch((e) => { window.__bench = { error: String(e) }; });
  </script></body></html>`;
}

/** The JS-eval floor: the same chunks the empty open loaded, imported on a page with no #root (nothing renders). */
function evalPage(scripts: string[]): string {
  return `<!doctype html><html><body><script type="module">
    const urls = ${JSON.stringify(scripts)};
    const results = await Promise.allSettled(urls.map((u) => import(u)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    requestAnimationFrame((ts) => { window.__bench = { t: ts, failed }; });
  </script></body></html>`;
}

/**
 * Polls `expr` (script text) every 100 ms. Not waitForFunction: with a string it evaluates it through
 * `new Function`, which the app's CSP (no 'unsafe-eval') refuses; page.evaluate's text is not subject to it.
 */
async function waitInPage(page: Page, expr: string): Promise<void> {
  const limit = Date.now() + LIMIT_MS;
  while (!(await page.evaluate(`!!(${expr})`).catch(() => false))) {
    if (Date.now() > limit) throw new Error(`not done in ${LIMIT_MS} ms: ${expr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface OpenResult {
  ms: number;
  marks: Record<string, number>;
  metrics: Record<string, number>;
  scripts: string[];
}

/** One cold open: a new tab, CPU rate set, navigation to `url`, until window.__bench.t is set. */
async function coldOpen(context: BrowserContext, url: string, rate: number, pred: string | null, profile?: string[], profileFile?: string): Promise<OpenResult> {
  const page: Page = await context.newPage();
  try {
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (pred) await page.addInitScript(markerScript(pred));
    if (profile) await startProfile(cdp);
    await page.goto(url, { waitUntil: 'commit', timeout: LIMIT_MS });
    await waitInPage(page, 'window.__bench && (window.__bench.t > 0 || window.__bench.error)');
    if (profile) profile.push(...(await stopProfile(cdp, 30, profileFile)));
    const out = (await page.evaluate(`(() => ({
      b: window.__bench,
      marks: Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('forja:')).map((m) => [m.name, m.startTime])),
      nav: performance.getEntriesByType('navigation')[0]?.toJSON(),
      scripts: performance.getEntriesByType('resource').filter((r) => /\\.js(\\?|$)/.test(r.name) && new URL(r.name).origin === location.origin).map((r) => new URL(r.name).pathname),
      lastScriptEnd: Math.max(0, ...performance.getEntriesByType('resource').filter((r) => /\\.js(\\?|$)/.test(r.name)).map((r) => r.responseEnd)),
    }))()`)) as {
      b: { t: number; error?: string };
      marks: Record<string, number>;
      nav?: { responseEnd: number; domContentLoadedEventEnd: number };
      scripts: string[];
      lastScriptEnd: number;
    };
    if (out.b.error) throw new Error(`${url}: ${out.b.error}`);
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    await cdp.detach().catch(() => {});
    return {
      ms: out.b.t,
      marks: { ...out.marks, 'html received': out.nav?.responseEnd ?? 0, 'scripts downloaded': out.lastScriptEnd, painted: out.b.t },
      metrics: {
        script: (m.ScriptDuration ?? 0) * 1000,
        layout: ((m.LayoutDuration ?? 0) + (m.RecalcStyleDuration ?? 0)) * 1000,
        task: (m.TaskDuration ?? 0) * 1000,
      },
      scripts: out.scripts,
    };
  } finally {
    await page.close().catch(() => {});
  }
}

function shopDocs() {
  const shop = makeShop({ transactions: 20_000, customers: 2_000, items: 500 });
  // makeShop gives 5 movements per item; the shop has 10 (5,000).
  const now = Date.now();
  const more = shop.items.flatMap((it) =>
    Array.from({ length: 5 }, (_, k) => {
      const at = new Date(now - (k + 1) * 3_600_000).toISOString();
      return { id: randomUUID(), stock_item_id: it.id, delta: (k % 3) - 1, reason: null, created_at: at, updated_at: at, client_updated_at: at, created_by: null };
    }),
  );
  const JOBS = ['Portão basculante', 'Mezanino metálico', 'Cobertura metálica', 'Solda TIG em inox', 'Eixo torneado'];
  const quotations = Array.from({ length: QUOTATIONS }, (_, i) => {
    const at = new Date(now - i * 60_000).toISOString();
    return {
      id: randomUUID(),
      code: `ORC-C${String(i).padStart(5, '0')}`,
      customer_id: (shop.customers[i % shop.customers.length] as { id: string }).id,
      description: `${JOBS[i % JOBS.length]} nº ${i}`,
      status: (['pending', 'accepted', 'rejected'] as const)[i % 3],
      total_amount: 100 + (i % 900) + 0.5,
      discounts: 0,
      taxes: 0,
      payment_method: 'PIX',
      validity_date: new Date(now + 15 * 86_400_000).toISOString().slice(0, 10),
      execution_deadline: '10 dias',
      materials: [{ name: 'Chapa 3mm', quantity: 2, price: 50.25 }],
      viewed_at: null,
      decided_at: null,
      decision_reason: null,
      created_at: at,
      updated_at: at,
      client_updated_at: at,
    };
  });
  return { ...shop, movements: [...shop.movements, ...more], quotations };
}

async function pushAll(server: RunningServer, session: ApiSession, collection: Parameters<typeof push>[2], docs: Record<string, unknown>[]) {
  for (let i = 0; i < docs.length; i += 500) {
    // One retry on a dropped connection (seen once on the loaded 2-core VM); a refusal still fails.
    const batch = docs.slice(i, i + 500);
    const r = await push(server, session, collection, batch).catch(async (e: Error) => {
      if (!/fetch failed/.test(e.message)) throw e;
      await new Promise((res) => setTimeout(res, 2000));
      return push(server, session, collection, batch);
    });
    if (r.rejections.length || r.conflicts.length) throw new Error(`seeding ${collection}: ${JSON.stringify(r.rejections.slice(0, 3))}`);
  }
}

/** A device signed in, its first sync done, the service worker in control; the sign-in tab closed. */
async function device(browser: Awaited<ReturnType<typeof launchBrowser>>, server: RunningServer): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await waitForServiceWorkerControl(page, 60_000);
  await page.getByText(/Sincronizado/).first().waitFor({ state: 'visible', timeout: 600_000 });
  // The raw floors are pages of our own on the app's origin (no app code): under /api/, which the
  // service worker's navigation route leaves to the network.
  await context.route('**/api/__bench/**', async (route) => {
    const u = new URL(route.request().url());
    const body = u.pathname.endsWith('/raw') ? rawPage(u.searchParams.get('c')!) : evalPage(JSON.parse(u.searchParams.get('s')!) as string[]);
    await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
  });
  await page.close();
  return context;
}

const med = (v: number[]) => percentile(v, 50);
const ms = (v: number) => fmt.ms(v);
const ratio = (a: number, b: number) => (b > 0 ? `×${(a / b).toFixed(2)}` : '—');

export default async function run(): Promise<void> {
  const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, load average ${load}; runs per cell ${RUNS}.`);
  readFileSync(path.join(DIST_DIR, 'index.html'));
  const web = WEB_DIR ? { env: { FORJA_WEB_DIR: WEB_DIR } } : {};
  const full = await startServer(web);
  const empty = await startServer(web);
  const browser = await launchBrowser();
  try {
    const shop = shopDocs();
    const fullSession = await prepareStaff(full);
    await prepareStaff(empty);
    const t0 = Date.now();
    await pushAll(full, fullSession, 'customers', shop.customers);
    await pushAll(full, fullSession, 'catalog_items', shop.catalog);
    await pushAll(full, fullSession, 'stock_items', shop.items);
    await pushAll(full, fullSession, 'stock_movements', shop.movements);
    await pushAll(full, fullSession, 'transactions', shop.transactions);
    await pushAll(full, fullSession, 'quotations', shop.quotations);
    const seedMs = Date.now() - t0;
    const t1 = Date.now();
    const withData = await device(browser, full);
    const syncMs = Date.now() - t1;
    const noData = await device(browser, empty);
    console.log(
      `Seeded ${fmt.int(shop.quotations.length)} quotations, ${fmt.int(shop.customers.length)} customers, ${fmt.int(shop.transactions.length)} transactions, ` +
        `${fmt.int(shop.items.length)} stock items, ${fmt.int(shop.movements.length)} movements in ${fmt.s(seedMs)}; the app's first sync stored them in ${fmt.s(syncMs)}.\n`,
    );

    if (SHOTS_DIR) {
      for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
        for (const s of SCREENS) {
          const page = await withData.newPage();
          await page.setViewportSize(viewport);
          await page.goto(s.path);
          await waitInPage(page, s.data);
          await new Promise((r) => setTimeout(r, 1500));
          const file = path.join(SHOTS_DIR, `${s.path.split('/').pop()}-${viewport.width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(`screenshot: ${file}`);
          await page.close();
        }
      }
    }

    if (PROFILE) {
      for (const rate of CPU_RATES) {
        for (const s of SCREENS) {
          await coldOpen(withData, s.path, rate, s.data); // the service worker's caches warm, as in the runs
          const file = (kind: string) => (PROFILE_DIR ? path.join(PROFILE_DIR, `${s.path.split('/').pop()}-${rate}x-${kind}.cpuprofile`) : undefined);
          const lines: string[] = [];
          const r = await coldOpen(withData, s.path, rate, s.data, lines, file('data'));
          console.log(`\nProfile of ${s.name} at ${rate}×, with data: painted at ${ms(r.ms)}`);
          console.log(lines.join('\n'));
          if (PROFILE_DIR) {
            await coldOpen(noData, s.path, rate, s.empty);
            const e = await coldOpen(noData, s.path, rate, s.empty, [], file('empty'));
            console.log(`(empty open profiled too: painted at ${ms(e.ms)}; ${file('empty')})`);
          }
        }
      }
    }

    type Cell = { data: number[]; empty: number[]; raw: number[]; evalJs: number[]; dataRuns: OpenResult[] };
    const cells = new Map<string, Cell>();
    for (const rate of CPU_RATES) {
      for (const s of SCREENS) {
        const cell: Cell = { data: [], empty: [], raw: [], evalJs: [], dataRuns: [] };
        let scripts: string[] = [];
        // Interleaved, so a burst of load on the shared machine hits every column alike.
        for (let i = 0; i < RUNS; i++) {
          const d = await coldOpen(withData, s.path, rate, s.data);
          cell.data.push(d.ms);
          cell.dataRuns.push(d);
          const e = await coldOpen(noData, s.path, rate, s.empty);
          cell.empty.push(e.ms);
          scripts = e.scripts;
          cell.raw.push((await coldOpen(withData, `/api/__bench/raw?c=${s.collection}`, rate, null)).ms);
          cell.evalJs.push((await coldOpen(noData, `/api/__bench/eval?s=${encodeURIComponent(JSON.stringify(scripts))}`, rate, null)).ms);
        }
        cells.set(`${s.name}@${rate}`, cell);
        console.log(`  ${s.name} ${rate}×: data ${cell.data.map(ms).join(', ')}; empty ${cell.empty.map(ms).join(', ')}; raw ${cell.raw.map(ms).join(', ')}; JS eval ${cell.evalJs.map(ms).join(', ')}`);
      }
    }

    console.log('\nCold open, navigation start → first page painted (median; new tab each time, service worker in control):\n');
    const rows: string[][] = [['screen', 'CPU', 'with data', 'empty', 'raw IndexedDB', 'JS eval, blank page', 'data ÷ empty (goal ≤ 1.3)', 'empty ÷ JS eval (goal ≤ 1.5)', 'data ÷ raw']];
    for (const rate of CPU_RATES) {
      for (const s of SCREENS) {
        const c = cells.get(`${s.name}@${rate}`)!;
        const [d, e, r, j] = [med(c.data), med(c.empty), med(c.raw), med(c.evalJs)];
        rows.push([s.name, `${rate}×`, ms(d), ms(e), ms(r), ms(j), ratio(d, e), ratio(e, j), ratio(d, r)]);
      }
    }
    console.log(table(rows));

    // Where an open with data spends its time: the medians of its marks (ms from navigation start)
    // and of the main thread's script / layout+style / all-task time up to the paint (CDP).
    console.log('\nWhere the time goes, open with data (median ms from navigation start; main-thread time up to the paint):\n');
    const markNames = ['html received', 'scripts downloaded', 'forja:db-open-start', 'forja:db-created', 'forja:collections-added', 'forja:first-query', 'painted'];
    const br: string[][] = [['screen', 'CPU', 'HTML', 'scripts in', 'DB open starts', 'RxDB created', 'collections added', 'first query', 'painted', 'script', 'layout+style', 'all tasks', 'idle (waiting)']];
    for (const rate of CPU_RATES) {
      for (const s of SCREENS) {
        const c = cells.get(`${s.name}@${rate}`)!;
        const pick = (k: string) => {
          const v = c.dataRuns.map((r) => r.marks[k]).filter((x) => typeof x === 'number');
          return v.length ? ms(med(v)) : '—';
        };
        const metric = (k: string) => med(c.dataRuns.map((r) => r.metrics[k]));
        const painted = med(c.data);
        br.push([s.name, `${rate}×`, ...markNames.map(pick), ms(metric('script')), ms(metric('layout')), ms(metric('task')), ms(Math.max(0, painted - metric('task')))]);
      }
    }
    console.log(table(br));

    // JS heap after visiting every screen (one tab, in-app navigation through the sidebar links).
    const page = await withData.newPage();
    await page.goto(SCREENS[0].path);
    for (const s of SCREENS) {
      // The sidebar (its entries by label) renders after the shell: wait for the entry before clicking it.
      const link = `[...document.querySelectorAll('a,button')].find((e) => e.textContent.trim() === ${JSON.stringify(s.name)})`;
      await waitInPage(page, link);
      await page.evaluate(`${link}.click()`);
      // Clientes opens as an overlay over the current screen (the address stays): the screen's own
      // marker says it is drawn.
      await waitInPage(page, s.data);
    }
    const cdp = await withData.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    console.log(`\nJS heap after visiting every screen (with data, after a GC): ${fmt.int(Math.round(heap.usedSize / 1024 / 1024))} MB used of ${fmt.int(Math.round(heap.totalSize / 1024 / 1024))} MB.`);
    console.log(`Load average at the end: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}.`);
    await page.close();
    await withData.close();
    await noData.close();
  } finally {
    await browser.close();
    await full.dispose();
    await empty.dispose();
  }
}
