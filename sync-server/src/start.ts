/**
 * `npm start`: builds the web app when there is no build yet, then starts the server and
 * prints one summary (URL, database, admin account — its password only when just generated).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db';
import { handleSignals, startServer, summary } from './main';

async function run() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuração inválida: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  if (!existsSync(path.join(config.webDir, 'index.html'))) {
    console.log(`Nenhuma build do aplicativo em ${config.webDir}; gerando com "vite build"…`);
    const res = spawnSync('npx', ['vite', 'build', '--outDir', config.webDir], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (res.status !== 0) {
      console.error('Falha ao gerar a build do aplicativo.');
      process.exit(res.status ?? 1);
    }
  }
  // Only warnings and errors: the summary is the one thing a person starting it should read.
  const server = await startServer(config, { logger: { level: 'warn' } });
  handleSignals(server);
  console.log(summary(server));
}

run().catch((err) => {
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
