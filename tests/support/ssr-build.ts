/**
 * The server's renderer built for a test (vite build --ssr of src/ssr/entry-server.tsx), shared by
 * the SSR server tests. Built inside the repo so its imports (react, react-dom/server…) resolve
 * from node_modules; remove it with removeRendererBuild().
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the renderer into node_modules/.cache/<tag>-…; returns its directory. */
export function buildRendererForTest(tag: string): string {
  const dir = path.join(ROOT, 'node_modules', '.cache', `${tag}-${process.pid}-${Date.now()}`);
  const vite = path.join(ROOT, 'node_modules', '.bin', 'vite');
  const build = spawnSync(vite, ['build', '--ssr', 'src/ssr/entry-server.tsx', '--outDir', dir, '--logLevel', 'error'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`vite build --ssr failed:\n${build.stdout}\n${build.stderr}`);
  return dir;
}

export function removeRendererBuild(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
