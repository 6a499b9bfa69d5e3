/**
 * `npm start`: builds the web app (and the server's renderer of the quotation page, which must
 * come from the same code) when there is no build yet, then starts the server and
 * prints one summary (URL, database, admin account — its password only when just generated).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DataDirInUseError } from './db';
import { loadConfigOrExit, main } from './main';
import { RENDERER_FILE } from './ssr/quotation-page';

function viteBuild(args: string[]) {
  const res = spawnSync('npx', ['vite', 'build', ...args], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (res.status !== 0) {
    console.error('Falha ao gerar a build do aplicativo.');
    process.exit(res.status ?? 1);
  }
}

async function run() {
  const config = loadConfigOrExit();
  if (!existsSync(path.join(config.webDir, 'index.html')) || !existsSync(path.join(config.ssrDir, RENDERER_FILE))) {
    console.log(`Nenhuma build do aplicativo em ${config.webDir} (e ${config.ssrDir}); gerando com "vite build"…`);
    viteBuild(['--outDir', config.webDir]);
    viteBuild(['--ssr', 'src/ssr/entry-server.tsx', '--outDir', config.ssrDir]);
  }
  await main(config);
}

run().catch((err) => {
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
