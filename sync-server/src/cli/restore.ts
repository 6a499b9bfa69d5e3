/**
 * `npm run restore -- FILE`: recreates the embedded database under FORJA_DATA_DIR from a file
 * written by `npm run backup`. Refuses to overwrite an existing database: move it aside (or point
 * FORJA_DATA_DIR at an empty directory) first, so a restore can never destroy data by accident.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError, pgliteDir } from '../db';
import { restorePgliteDir } from '../db/pglite';
import { repairDataDirModes, repairedModesMessage, usePrivateUmask } from '../private-files';

async function run() {
  usePrivateUmask();
  const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!file) {
    console.error('Uso: npm run restore -- <arquivo de backup>');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL aponta para um PostgreSQL: restaure com pg_restore (veja o README).');
    process.exit(2);
  }
  const dir = pgliteDir(config.dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    console.error(`Já existe um banco em ${dir}. Mova-o para outro lugar (ou use outro FORJA_DATA_DIR) e tente de novo.`);
    process.exit(1);
  }
  await restorePgliteDir(dir, new Uint8Array(readFileSync(path.resolve(file))));
  // The restored database is private already (restorePgliteDir); the data directory around it and
  // what else the server keeps there (tls/) may come from elsewhere.
  const repaired = repairDataDirModes(config.dataDir);
  if (repaired > 0) console.log(repairedModesMessage(config.dataDir, repaired));
  console.log(`Banco restaurado em ${dir}. Inicie o servidor com npm start.`);
}

run().catch((err) => {
  const known = err instanceof ConfigError || err instanceof DataDirInUseError;
  console.error(known ? err.message : err);
  process.exit(1);
});
