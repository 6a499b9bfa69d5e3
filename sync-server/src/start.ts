/**
 * `npm start`: builds the web app when there is no build yet, then starts the server and
 * prints one summary (URL, database, admin account — its password only when just generated).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DataDirInUseError } from './db';
import { loadConfigOrExit, main } from './main';

async function run() {
  const config = loadConfigOrExit();
  if (!existsSync(path.join(config.webDir, 'index.html'))) {
    console.log(`Nenhuma build do aplicativo em ${config.webDir}; gerando com "vite build"…`);
    const res = spawnSync('npx', ['vite', 'build', '--outDir', config.webDir], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (res.status !== 0) {
      console.error('Falha ao gerar a build do aplicativo.');
      process.exit(res.status ?? 1);
    }
  }
  await main(config);
}

run().catch((err) => {
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
