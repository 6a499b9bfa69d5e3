/**
 * `npm run bench:web` — the public pages' budget, printed, not asserted (issue 3 "Budget").
 *
 * For the landing page and a public quotation page, in Chromium (fresh cache each run):
 * - JS before interactive: every script response received until the page is usable (landing:
 *   the code-search box is visible; quotation: the Aceitar button is visible and React has
 *   taken it over — the server draws that page, so its buttons show before they work). Sizes are the
 *   raw bytes, the bytes on the wire (encodedBodySize; equals raw when the server does not
 *   compress) and the gzip -9 size (what a compressing server or CDN would send). Target ≤200 KB gzip.
 * - LCP from the Performance API (`largest-contentful-paint` observer), FCP, and time to
 *   interactive (the landing page is interactive only after its 3-second intro, spec §9).
 * Profiles: desktop (no throttling) and mobile-ish (CPU ×4 via CDP, 150 ms RTT, 1.6 Mbps down /
 * 750 kbps up — Lighthouse's mobile network, 390×844). Target LCP ≤1.2 s on mobile.
 *
 * Then Lighthouse (tests/bench/lighthouse.ts) on both pages, mobile and desktop: score, LCP, CLS,
 * TBT, FCP (BENCH_LIGHTHOUSE=0 skips it).
 *
 * Builds first when dist/ or dist-ssr/ is missing (FORJA_BENCH_BUILD=1 forces a build); FORJA_E2E_WEB_DIR measures a
 * build made elsewhere as it is (e.g. an older checkout, for a before/after).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { printLighthouse, runLighthouse } from './lighthouse';
import {
  DIST_DIR,
  ROOT,
  companyDoc,
  customerDoc,
  launchBrowser,
  prepareStaff,
  quotationDoc,
  seed,
  startServer,
} from '../support/e2e';

interface Profile {
  name: string;
  context: BrowserContextOptions;
  cpuRate: number;
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

const PROFILES: Profile[] = [
  { name: 'desktop', context: { viewport: { width: 1350, height: 940 } }, cpuRate: 1, network: null },
  {
    name: 'mobile (CPU×4, 1.6 Mbps, 150 ms)',
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    cpuRate: 4,
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  },
];

interface Result {
  page: string;
  profile: string;
  jsFiles: number;
  jsRawKB: number;
  jsWireKB: number;
  jsGzipKB: number;
  interactiveMs: number;
  lcpMs: number | null;
  fcpMs: number | null;
  compressed: boolean;
  /** What the LCP is and what arrived before it (ms from navigation start). */
  timeline: { lcpElement: string | null; htmlEnd: number; cssEnd: number | null; firstScriptEnd: number | null; lastScriptEnd: number | null };
  /** The largest scripts, for finding what to split. */
  biggest: { file: string; gzipKB: number }[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const LCP_OBSERVER = `
  window.__lcp = null;
  window.__lcpElement = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__lcp = e.startTime;
      const el = e.element;
      window.__lcpElement = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') : e.url || null;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function measure(
  browser: Browser,
  baseURL: string,
  label: string,
  urlPath: string,
  ready: (page: Page) => Promise<void>,
  profile: Profile,
): Promise<Result> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', serviceWorkers: 'block', ...profile.context });
  const page = await context.newPage();
  await page.addInitScript(LCP_OBSERVER);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });

  const scripts = new Map<string, { raw: number; gzip: number; encoding: string | null }>();
  let interactive = false;
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (interactive || res.request().resourceType() !== 'script') return;
    pending.push(
      res
        .body()
        .then((body) => {
          scripts.set(res.url(), {
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            encoding: res.headers()['content-encoding'] ?? null,
          });
        })
        .catch(() => {}),
    );
  });

  const started = Date.now();
  await page.goto(urlPath, { waitUntil: 'commit' });
  await ready(page);
  const interactiveMs = Date.now() - started;
  interactive = true;
  await Promise.all(pending);

  // Let the largest paint settle (no input happens, so the observer keeps reporting).
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(1500);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number | null }).__lcp);
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  );
  const timeline = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const css = res.filter((e) => e.name.endsWith('.css')).map((e) => Math.round(e.responseEnd));
    const js = res.filter((e) => e.name.endsWith('.js')).map((e) => Math.round(e.responseEnd));
    return {
      lcpElement: (window as unknown as { __lcpElement: string | null }).__lcpElement,
      htmlEnd: Math.round(nav.responseEnd),
      cssEnd: css.length ? Math.max(...css) : null,
      firstScriptEnd: js.length ? Math.min(...js) : null,
      lastScriptEnd: js.length ? Math.max(...js) : null,
    };
  });
  const wire = await page.evaluate((urls) => {
    let sum = 0;
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (urls.includes(e.name)) sum += e.encodedBodySize || e.transferSize;
    }
    return sum;
  }, [...scripts.keys()]);
  await context.close();

  const list = [...scripts.values()];
  return {
    page: label,
    profile: profile.name,
    jsFiles: list.length,
    jsRawKB: kb(list.reduce((s, x) => s + x.raw, 0)),
    jsWireKB: kb(wire),
    jsGzipKB: kb(list.reduce((s, x) => s + x.gzip, 0)),
    interactiveMs,
    lcpMs: lcp === null ? null : Math.round(lcp),
    fcpMs: fcp === null ? null : Math.round(fcp),
    compressed: list.some((x) => x.encoding !== null),
    timeline,
    biggest: [...scripts.entries()]
      .sort((a, b) => b[1].gzip - a[1].gzip)
      .slice(0, 5)
      .map(([url, x]) => ({ file: new URL(url).pathname, gzipKB: kb(x.gzip) })),
  };
}

async function main() {
  const built = existsSync(path.join(DIST_DIR, 'index.html')) && existsSync(path.join(`${DIST_DIR}-ssr`, 'entry-server.js'));
  if (process.env.FORJA_E2E_WEB_DIR) {
    // A build made elsewhere (another checkout, for a before/after): measured as it is.
    if (!built) console.log(`Note: no ${DIST_DIR}-ssr/entry-server.js — the quotation page is drawn by the browser alone.`);
  } else if (process.env.FORJA_BENCH_BUILD === '1' || !built) {
    console.log('Building the web app and its quotation page renderer (vite build, vite build --ssr)…');
    for (const args of [[], ['--ssr', 'src/ssr/entry-server.tsx', '--outDir', `${DIST_DIR}-ssr`]]) {
      const r = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', ...args, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
      if (r.status !== 0) process.exit(r.status ?? 1);
    }
  }

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const staff = await prepareStaff(server);
    const customer = customerDoc({ name: 'Maria Aparecida Souza' });
    const quotation = quotationDoc({
      code: 'ORC-BENCH1',
      customer_id: customer.id,
      materials: [
        { name: 'Metalon 50x30 chapa 18', quantity: 6, price: 89.9 },
        { name: 'Eletrodo E6013 2,5 mm (kg)', quantity: 2, price: 42.5 },
      ],
    });
    await seed(server, staff, 'company', [companyDoc()]);
    await seed(server, staff, 'customers', [customer]);
    await seed(server, staff, 'quotations', [quotation]);

    const pages: [string, string, (p: Page) => Promise<void>][] = [
      [
        'landing /',
        '/',
        (p) => p.locator('[data-testid=code-search-input]').waitFor({ state: 'visible', timeout: 60_000 }),
      ],
      [
        `quotation /quotation/${quotation.code}`,
        `/quotation/${quotation.code}?k=${quotation.link_secret}`,
        async (p) => {
          await p.getByRole('button', { name: 'Aceitar', exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
          // React sets its own properties on an element it has hydrated (or created).
          await p.waitForFunction(
            () => {
              const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Aceitar');
              return !!button && Object.keys(button).some((k) => k.startsWith('__reactProps'));
            },
            undefined,
            { timeout: 60_000 },
          );
        },
      ],
    ];

    const results: Result[] = [];
    for (const [label, urlPath, ready] of pages) {
      for (const profile of PROFILES) {
        try {
          results.push(await measure(browser, server.url, label, urlPath, ready, profile));
        } catch (e) {
          console.error(`${label} / ${profile.name}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    }

    console.log('\nPublic pages — JS before interactive and LCP (Chromium, cold cache)\n');
    console.table(
      results.map((r) => ({
        page: r.page,
        profile: r.profile,
        'JS files': r.jsFiles,
        'JS raw KB': r.jsRawKB,
        'JS on wire KB': r.jsWireKB,
        'JS gzip KB (target ≤200)': r.jsGzipKB,
        'interactive ms': r.interactiveMs,
        'FCP ms': r.fcpMs ?? 'n/a',
        'LCP ms (target ≤1200 mobile)': r.lcpMs ?? 'n/a',
      })),
    );
    console.log('Where the time goes (ms from navigation start; CSS and scripts: the last byte of the last file, after the paint too):');
    for (const r of results) {
      const t = r.timeline;
      console.log(
        `  ${r.page}, ${r.profile}: LCP element ${t.lcpElement ?? 'n/a'} at ${r.lcpMs ?? 'n/a'}; HTML in ${t.htmlEnd}, ` +
          `CSS files in ${t.cssEnd ?? '—'}, scripts in ${t.firstScriptEnd ?? '—'}–${t.lastScriptEnd ?? '—'}, interactive ${r.interactiveMs}`,
      );
    }
    for (const r of results.filter((x) => x.profile === PROFILES[0].name)) {
      console.log(`Largest scripts before interactive, ${r.page} (gzip KB):`);
      for (const b of r.biggest) console.log(`  ${String(b.gzipKB).padStart(7)}  ${b.file}`);
    }
    if (process.env.BENCH_LIGHTHOUSE !== '0') {
      printLighthouse(
        await runLighthouse(pages.map(([label, urlPath]) => ({ label, url: new URL(urlPath, server.url).href }))),
      );
    }
    const compressed = results.some((r) => r.compressed);
    console.log(
      compressed
        ? 'The server compresses scripts (Content-Encoding present): "on wire" is the compressed size.'
        : 'Note: the server sent scripts uncompressed (no Content-Encoding); "gzip" is computed locally with gzip -9.',
    );
  } finally {
    await browser.close();
    await server.dispose();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
