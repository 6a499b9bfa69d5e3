/**
 * Lighthouse (the npm package, v12: v13 needs Node 22) with Debian's Chromium, for bench:web.
 * Performance category only; mobile = Lighthouse's default (Moto G-class emulation, simulated
 * slow 4G + CPU×4), desktop = its desktop preset. One run per page and profile, cold cache.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export interface LighthouseRow {
  page: string;
  profile: 'mobile' | 'desktop';
  score: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  error?: string;
}

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export async function runLighthouse(pages: { label: string; url: string }[]): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const p of pages) {
      for (const profile of ['mobile', 'desktop'] as const) {
        try {
          const once = () =>
            lighthouse(
              p.url,
              { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
              profile === 'desktop' ? desktopConfig : undefined,
            );
          // Lighthouse itself asks to be run again when its trace misses the navigation (NO_NAVSTART).
          let result = await once();
          if (result?.lhr.runtimeError) result = await once();
          const lhr = result?.lhr;
          const num = (id: string) => {
            const v = lhr?.audits[id]?.numericValue;
            return typeof v === 'number' ? v : null;
          };
          const score = lhr?.categories.performance?.score;
          rows.push({
            page: p.label,
            profile,
            score: typeof score === 'number' ? Math.round(score * 100) : null,
            lcpMs: num('largest-contentful-paint'),
            cls: num('cumulative-layout-shift'),
            tbtMs: num('total-blocking-time'),
            fcpMs: num('first-contentful-paint'),
            error: lhr?.runtimeError?.message,
          });
        } catch (e) {
          rows.push({ page: p.label, profile, score: null, lcpMs: null, cls: null, tbtMs: null, fcpMs: null, error: (e as Error).message.split('\n')[0] });
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

export function printLighthouse(rows: LighthouseRow[]): void {
  const ms = (v: number | null) => (v === null ? 'n/a' : Math.round(v));
  console.log('\nLighthouse (performance category; mobile = simulated slow 4G + CPU×4)\n');
  console.table(
    rows.map((r) => ({
      page: r.page,
      profile: r.profile,
      'score (0–100)': r.score ?? 'n/a',
      'LCP ms (≤1200)': ms(r.lcpMs),
      'CLS (≤0.1)': r.cls === null ? 'n/a' : Number(r.cls.toFixed(3)),
      'TBT ms': ms(r.tbtMs),
      'FCP ms': ms(r.fcpMs),
      ...(r.error ? { error: r.error } : {}),
    })),
  );
}
