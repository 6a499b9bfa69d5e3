/** Builds the bench page with its own Vite config (output in node_modules/.cache, never dist/). */
import { build } from 'vite';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import path from 'node:path';

const CONFIG = fileURLToPath(new URL('../vite.config.ts', import.meta.url));

export async function buildBenchPage(repoRoot: string, reuse: boolean): Promise<{ dir: string; ms: number; reused: boolean }> {
  const dir = path.join(repoRoot, 'node_modules/.cache/forja-bench/web');
  if (reuse && existsSync(path.join(dir, 'index.html'))) return { dir, ms: 0, reused: true };
  const t0 = performance.now();
  await build({ configFile: CONFIG, logLevel: 'warn' });
  return { dir, ms: performance.now() - t0, reused: false };
}
