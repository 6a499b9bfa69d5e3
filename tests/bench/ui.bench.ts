/**
 * npm run bench:ui — staff-screen timings in Chromium, printed, never asserted.
 *
 * Each screen's bench lives in its own module under tests/bench/ui/ and default-exports
 * `run(): Promise<void>` (it sets up its own server, data and browser, prints its own table).
 * This runner runs them one after another; BENCH_UI=quotations,cashflow picks some.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const dir = fileURLToPath(new URL('./ui/', import.meta.url));
const only = process.env.BENCH_UI?.split(',').map((s) => s.trim()).filter(Boolean);
const modules = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .filter((name) => !only || only.includes(name))
  .sort();

let failed = false;
for (const name of modules) {
  console.log(`\n## bench:ui — ${name}\n`);
  try {
    const mod = (await import(pathToFileURL(path.join(dir, `${name}.bench.ts`)).href)) as { default: () => Promise<void> };
    await mod.default();
  } catch (err) {
    failed = true;
    console.error(`${name}: ${(err as Error).stack ?? err}`);
  }
}
process.exit(failed ? 1 : 0);
