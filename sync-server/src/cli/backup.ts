/**
 * `npm run backup [-- FILE]`: a complete copy of the shop's embedded database (PGlite under
 * FORJA_DATA_DIR) in one file, `forja-backup-YYYY-MM-DD-HHmmss.tar.gz` by default. Stop the
 * server first (the embedded database cannot be open twice). With DATABASE_URL, use pg_dump.
 * Restore with `npm run restore -- FILE` (sync-server/src/cli/restore.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError, pgliteDir } from '../db';
import { dumpPgliteDir } from '../db/pglite';
import { PRIVATE_FILE_MODE, usePrivateUmask } from '../private-files';

export function defaultBackupName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `forja-backup-${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}.tar.gz`;
}

async function run() {
  // The file holds the token-signing secret, password hashes and sessions: only this user reads it.
  usePrivateUmask();
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL aponta para um PostgreSQL: faça o backup com pg_dump, por exemplo');
    console.error('  pg_dump --format=custom --file=forja.dump "$DATABASE_URL"');
    console.error('e restaure com: pg_restore --clean --if-exists --dbname="$DATABASE_URL" forja.dump');
    process.exit(2);
  }
  const file = path.resolve(process.argv.slice(2).find((a) => !a.startsWith('-')) ?? defaultBackupName());
  const dump = await dumpPgliteDir(pgliteDir(config.dataDir));
  writeFileSync(file, dump, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  console.log(`Backup gravado em ${file} (${(dump.length / 1024).toFixed(0)} KiB).`);
  console.log(`Para restaurar: npm run restore -- ${path.basename(file)}`);
}

run().catch((err) => {
  const known = err instanceof ConfigError || err instanceof DataDirInUseError;
  const exists = (err as NodeJS.ErrnoException)?.code === 'EEXIST';
  console.error(exists ? 'Esse arquivo já existe: escolha outro nome.' : known ? err.message : err);
  process.exit(1);
});
