/**
 * Chromium through playwright-core. Each bench client gets its own browser context, so its
 * IndexedDB (and its cookies, and its leader election) is separate — like two devices.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface BenchPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors seen so far (for failure reports). */
  errors: string[];
  close(): Promise<void>;
}

/**
 * The page runs under the server's real CSP (`script-src 'self'`, no eval), so the data layer
 * validates with z-schema exactly as in production. BENCH_BYPASS_CSP=1 lifts the CSP, letting
 * the data layer pick ajv (what Node tests use) — for comparing the two validators.
 */
export const BYPASS_CSP = process.env.BENCH_BYPASS_CSP === '1';

export async function openBenchPage(browser: Browser, baseUrl: string): Promise<BenchPage> {
  const context = await browser.newContext({ bypassCSP: BYPASS_CSP });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text().slice(0, 300));
  });
  page.on('pageerror', (e) => errors.push(String(e).slice(0, 300)));
  // Batch-size experiments: BENCH_PULL_BATCH / BENCH_PUSH_BATCH (default: the app's own).
  const q = new URLSearchParams();
  if (process.env.BENCH_PULL_BATCH) q.set('pull', process.env.BENCH_PULL_BATCH);
  if (process.env.BENCH_PUSH_BATCH) q.set('push', process.env.BENCH_PUSH_BATCH);
  if (process.env.BENCH_SNAPSHOT === '0') q.set('snapshot', '0');
  if (process.env.BENCH_DIRECT_LIVE === '0') q.set('direct', '0');
  if (process.env.BENCH_SEND_AHEAD === '0') q.set('ahead', '0');
  await page.goto(`${baseUrl}/index.html${q.size > 0 ? `?${q}` : ''}`);
  await page.waitForFunction(() => typeof window.forjaBench === 'object', null, { timeout: 30_000 });
  return {
    page,
    context,
    errors,
    async close() {
      await page.evaluate(() => window.forjaBench.close()).catch(() => {});
      await context.close().catch(() => {});
    },
  };
}
