/**
 * axe-core in the real page. The source is evaluated through the browser driver (DevTools'
 * Runtime.evaluate), which the page's Content-Security-Policy does not govern — so the app runs
 * with exactly its production CSP, and nothing is injected as a <script>.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Serious and critical violations on the page as it is now (the open dialog included). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.html.slice(0, 180)}  ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`),
      }));
  });
}

/** Readable list for an assertion message. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations.map((v) => `${where}: [${v.impact}] ${v.id} — ${v.help}\n    ${v.nodes.join('\n    ')}`).join('\n');
}
