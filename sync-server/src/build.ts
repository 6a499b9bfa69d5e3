/**
 * The web app's build, made when `npm start` / `npm run lan` need it: when there is none, or when
 * it was made from other sources than the checkout's (after `git pull && npm install`) — the stamp
 * vite writes into each build holds a hash of the sources and the lockfile
 * (scripts/build-stamp.mjs). Phones then see the new service worker and get the update prompt.
 * The server's renderer of the public pages must come from the same code, so both are made.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { staleBuildReason } from '../../scripts/build-stamp.mjs';
import type { Config } from './config';
import { RENDERER_FILE } from './ssr/renderer';

function viteBuild(args: string[]) {
  const res = spawnSync('npx', ['vite', 'build', ...args], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (res.status !== 0) {
    console.error('Falha ao gerar a build do aplicativo.');
    process.exit(res.status ?? 1);
  }
}

export function ensureBuild(config: Pick<Config, 'webDir' | 'ssrDir'>, root = process.cwd()): void {
  const missing = !existsSync(path.join(config.webDir, 'index.html')) || !existsSync(path.join(config.ssrDir, RENDERER_FILE));
  const stale = missing ? null : staleBuildReason(root, [config.webDir, config.ssrDir]);
  if (!missing && !stale) return;
  console.log(
    missing
      ? `Nenhuma build do aplicativo em ${config.webDir} (e ${config.ssrDir}); gerando com "vite build"…`
      : `O código mudou desde a última build (${stale}); gerando de novo com "vite build"…`,
  );
  viteBuild(['--outDir', config.webDir]);
  viteBuild(['--ssr', 'src/ssr/entry-server.tsx', '--outDir', config.ssrDir]);
}
