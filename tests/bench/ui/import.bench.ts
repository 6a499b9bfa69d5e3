/**
 * bench:ui — Importar planilha (issue 39 §2). In Chromium against a build and a real server, at
 * 1× and with the CPU throttled 4× (CDP Emulation.setCPUThrottlingRate, set before sign-in so the
 * first download runs throttled too), one new device (browser context) per rate:
 *   - first download: BENCH_IMPORT_SEED customers on the server; the dashboard reached after
 *     sign-in → the sync badge says everything is here ('ok'). docs/s = seeded ÷ that time (the
 *     database's opening included, so a little under the replication's own rate);
 *   - opening the dialog: click on 'Importar planilha' → the dialog (or its loading shell) on screen;
 *   - the import of a CSV of BENCH_IMPORT_ROWS new customers (Nome, Telefone, WhatsApp, Observação,
 *     CPF/CNPJ, Endereço, CEP, Cidade, UF): file chosen → preview with 'Importar N' (read + parse +
 *     plan), click → the summary (write, with every pending mark stored), and → the sync badge back
 *     to 'ok' (the server has them — shown, not part of the rate). rows/s = rows ÷ (read … summary);
 *   - responsiveness meanwhile: the longest gap between two animation frames and the longest task
 *     (PerformanceObserver 'longtask') from the file's choice to the summary.
 * Printed, never asserted. Uses dist/ (`npm run build`) or FORJA_E2E_WEB_DIR.
 */
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  customerDoc,
  launchBrowser,
  prepareStaff,
  push,
  signIn,
  startServer,
} from '../../support/e2e';
import type { CDPSession, Page } from 'playwright-core';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { startProfile, stopProfile } from './cpu-profile';

const SEED = Number(process.env.BENCH_IMPORT_SEED ?? 5_000);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const RATES = (process.env.BENCH_IMPORT_RATES ?? '1,4').split(',').map(Number);
const LIMIT_MS = 600_000;
/** How long to wait for the server to have the imported rows (shown only). */
const SENT_LIMIT_MS = 60_000;
const say = (what: string) => process.stderr.write(`  import bench: ${what}\n`);
/** BENCH_UI_PROFILE=1: read + plan and the write each under Chromium's sampling profiler, summarised (BENCH_UI_PROFILE_DIR: saved whole). */
const PROFILE = process.env.BENCH_UI_PROFILE === '1';
const PROFILE_DIR = process.env.BENCH_UI_PROFILE_DIR;
/** BENCH_IMPORT_TRACE=<file>: a Chromium trace (devtools.timeline) of the write, for DevTools' Performance panel. */
const TRACE = process.env.BENCH_IMPORT_TRACE;
/** BENCH_IMPORT_OFFLINE=1: the device offline from the file's choice to the summary (no sync beside the import), online again after. */
const OFFLINE = process.env.BENCH_IMPORT_OFFLINE === '1';

/** Resolves once the page has gone a second without a long task (at most 60 s). A string: tsx would wrap a function's inner names. */
const SETTLED = `new Promise((resolve) => {
  let last = performance.now();
  const observer = new PerformanceObserver(() => (last = performance.now()));
  observer.observe({ type: 'longtask' });
  const started = performance.now();
  const tick = () => {
    if (performance.now() - last > 1000 || performance.now() - started > 60000) {
      observer.disconnect();
      resolve();
    } else setTimeout(tick, 100);
  };
  tick();
})`;

/** Main-thread time (Performance.getMetrics): script, layout + style, all tasks, in ms. */
async function metrics(cdp: CDPSession): Promise<{ script: number; layout: number; task: number }> {
  const { metrics: m } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const v = (name: string) => (m.find((x) => x.name === name)?.value ?? 0) * 1000;
  return { script: v('ScriptDuration'), layout: v('LayoutDuration') + v('RecalcStyleDuration'), task: v('TaskDuration') };
}
const diff = (a: { script: number; layout: number; task: number }, b: { script: number; layout: number; task: number }) =>
  `main thread: script ${Math.round(b.script - a.script)} ms, layout+style ${Math.round(b.layout - a.layout)} ms, all tasks ${Math.round(b.task - a.task)} ms`;

/** `rows` new customers; `round` moves their phones (each rate's import is new to the server). */
function csv(rows: number, round: number): string {
  const lines = ['Nome;Telefone;WhatsApp;Observação;CPF/CNPJ;Endereço;CEP;Cidade;UF'];
  for (let i = 0; i < rows; i++) {
    const phone = `(31) 9${String(20000000 + round * 1_000_000 + i)}`;
    lines.push(`Cliente Importado ${String(i).padStart(5, '0')};${phone};${phone};Portão basculante ${i % 7};;Rua das Flores, ${i % 900};30130-000;Belo Horizonte;MG`);
  }
  return lines.join('\r\n');
}

/** Frames and long tasks from now until window.__imp.stop is set. */
const WATCH = `(() => {
  const w = { gap: 0, longest: 0, stop: false };
  window.__imp = w;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) w.longest = Math.max(w.longest, e.duration); }).observe({ type: 'longtask' });
  let last = performance.now();
  const tick = (t) => { w.gap = Math.max(w.gap, t - last); last = t; if (!w.stop) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;

async function until(page: Page, expr: string, limitMs = LIMIT_MS): Promise<void> {
  const limit = Date.now() + limitMs;
  while (!(await page.evaluate(`!!(${expr})`).catch(() => false))) {
    if (Date.now() > limit) throw new Error(`not done in ${LIMIT_MS} ms: ${expr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Result {
  rate: number;
  downloaded: number;
  downloadMs: number;
  openMs: number;
  readPlanMs: number;
  writeMs: number;
  sentMs: number;
  gap: number;
  longest: number;
}

export default async function run(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  const results: Result[] = [];
  try {
    const staff = await prepareStaff(server);
    const seeded = Array.from({ length: SEED }, (_, i) => customerDoc({ name: `Cliente ${String(i).padStart(5, '0')}`, phone: `(35) 9${String(10000000 + i)}` }));
    for (let i = 0; i < seeded.length; i += 500) {
      const r = await push(server, staff, 'customers', seeded.slice(i, i + 500));
      if (r.rejections.length) throw new Error(`seeding: ${JSON.stringify(r.rejections.slice(0, 3))}`);
    }
    say('seeded');
    for (const [round, rate] of RATES.entries()) {
      const file = Buffer.from(csv(ROWS, round), 'utf8');
      // The server has the seed and every earlier round's import: this device downloads them all.
      const downloaded = SEED + round * ROWS;
      const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      // Timed from the dashboard's landing (sign-in and the app's boot before it are not the download's).
      await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
      const t0 = Date.now();
      await page.locator('[data-testid=sync-badge][data-tone=ok]').first().waitFor({ timeout: LIMIT_MS });
      const downloadMs = Date.now() - t0;
      say(`${rate}×: first download ${downloadMs} ms`);
      await page.goto('/adm/customers');
      await page.locator('[data-testid=sync-badge][data-tone=ok]').first().waitFor({ timeout: LIMIT_MS });
      const button = page.getByRole('button', { name: 'Importar planilha' });
      await button.waitFor();
      // A person looks at the list before importing: the screen's own loading (every customer read
      // and sorted, their history counted) is over before the clock starts — it ran into read + plan
      // before (~1 s of 3.4 at 4× with 10,000 customers, CPU profile).
      await page.evaluate(SETTLED);
      const t1 = Date.now();
      await button.click();
      await page.locator('[data-testid=import-dialog], [data-testid=import-dialog-loading]').first().waitFor({ timeout: LIMIT_MS });
      const openMs = Date.now() - t1;
      const importN = `Importar ${new Intl.NumberFormat('pt-BR').format(ROWS)}`;
      // Wait for the real dialog (its file input) before choosing the file.
      await page.locator('[data-testid=import-file]').waitFor({ state: 'attached', timeout: LIMIT_MS });
      await page.getByRole('button', { name: 'Escolher arquivo' }).and(page.locator(':enabled')).waitFor({ timeout: LIMIT_MS });
      say(`${rate}×: dialog open ${openMs} ms`);
      // Choosing the file in the picker takes a person a moment (what the dialog prepares meanwhile
      // is ready when the file comes).
      await page.evaluate(SETTLED);
      await page.evaluate(WATCH);
      await cdp.send('Performance.enable');
      const m0 = await metrics(cdp);
      if (PROFILE) await startProfile(cdp);
      if (OFFLINE) await context.setOffline(true);
      const t2 = Date.now();
      await page.locator('[data-testid=import-file]').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: file });
      const go = page.getByRole('button', { name: /^Importar [\d.]+$/ });
      await go.waitFor({ timeout: LIMIT_MS });
      const label = await go.textContent();
      if (label?.trim() !== importN) say(`${rate}×: the preview offers '${label}', not '${importN}'`);
      const readPlanMs = Date.now() - t2;
      const m1 = await metrics(cdp);
      say(`${rate}×: read + plan ${readPlanMs} ms (${diff(m0, m1)})`);
      if (PROFILE) {
        console.log(`### ${rate}× read + plan, CPU profile`);
        console.log((await stopProfile(cdp, 25, PROFILE_DIR && path.join(PROFILE_DIR, `import-${rate}x-read.cpuprofile`))).join('\n'));
        await startProfile(cdp);
      }
      const traced: unknown[] = [];
      if (TRACE) {
        cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => traced.push(...e.value));
        await cdp.send('Tracing.start', {
          transferMode: 'ReportEvents',
          traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink', 'IndexedDB', '__metadata'] },
        });
      }
      const t3 = Date.now();
      await go.click();
      await page.locator('[data-testid=import-summary]').waitFor({ timeout: LIMIT_MS });
      const writeMs = Date.now() - t3;
      if (TRACE) {
        const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
        await cdp.send('Tracing.end');
        await complete;
        writeFileSync(TRACE.replace(/(\.json)?$/, `-${rate}x.json`), JSON.stringify({ traceEvents: traced }));
      }
      const m2 = await metrics(cdp);
      say(`${rate}×: write ${writeMs} ms (${diff(m1, m2)})`);
      if (PROFILE) {
        console.log(`### ${rate}× write, CPU profile`);
        console.log((await stopProfile(cdp, 25, PROFILE_DIR && path.join(PROFILE_DIR, `import-${rate}x-write.cpuprofile`))).join('\n'));
      }
      if (OFFLINE) await context.setOffline(false);
      const w = (await page.evaluate('(() => { window.__imp.stop = true; return { gap: window.__imp.gap, longest: window.__imp.longest }; })()')) as { gap: number; longest: number };
      const sent = await until(page, `(() => { const b = document.querySelector('[data-testid=sync-badge]'); return b && b.getAttribute('data-tone') === 'ok'; })()`, SENT_LIMIT_MS)
        .then(() => true)
        .catch(() => false);
      const sentMs = sent ? Date.now() - t3 : NaN;
      results.push({ rate, downloaded, downloadMs, openMs, readPlanMs, writeMs, sentMs, gap: w.gap, longest: w.longest });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.dispose();
  }
  const n = (x: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(x);
  console.log(`${ROWS} customers imported from a CSV on a new device per CPU rate, after its first download of the shop's customers\n`);
  console.log('| CPU | first download | docs/s | dialog open | read + plan | write (summary) | **import rows/s** | ÷ first-download rate | longest frame gap | longest task | until sent |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const dl = (r.downloaded * 1000) / r.downloadMs;
    const rate = (ROWS * 1000) / (r.readPlanMs + r.writeMs);
    console.log(
      `| ${r.rate}× | ${n(r.downloaded)} in ${n(r.downloadMs)} ms | ${n(dl)} | ${n(r.openMs)} ms | ${n(r.readPlanMs)} ms | ${n(r.writeMs)} ms | **${n(rate)}** | ×${(rate / dl).toFixed(2)} | ${n(r.gap)} ms | ${n(r.longest)} ms | ${Number.isNaN(r.sentMs) ? `> ${SENT_LIMIT_MS / 1000} s` : `${n(r.sentMs)} ms`} |`,
    );
  }
}
