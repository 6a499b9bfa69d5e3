/**
 * `npm run backup [-- FILE]`: a backup now, verified by a test restore (backup/service.ts), into
 * FORJA_BACKUP_DIR (with its second copy and pruning) or into FILE.
 * - Embedded database, server running: the server makes it (local admin socket, as user:add):
 *   its writers wait only for the file copy.
 * - Embedded database, server stopped: this process opens the database and does the same.
 * - PostgreSQL (DATABASE_URL): pg_dump, from a snapshot; says what to install without it.
 * Restore with `npm run restore -- FILE` (sync-server/src/cli/restore.ts).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db';
import { BackupService, type BackupOutcome } from '../backup/service';
import { requestBackup } from '../local-admin';
import { usePrivateUmask } from '../private-files';
import { describeDatabase, hasForjaSchema, openOrHandToServer, pgliteExists, refusePglite, refuseWithoutSchema, type ToolNames } from './database';

const TOOL: ToolNames = { command: 'backup', exampleArgs: '', canCreate: false };

function report(r: BackupOutcome, database: string): void {
  console.log(`Banco de dados: ${database}`);
  if (!r.ok) {
    console.error(`O backup FALHOU: ${r.reason}`);
    process.exitCode = 1;
    return;
  }
  console.log(`Backup gravado em ${r.file} (${(r.size / 1024).toFixed(0)} KiB).`);
  console.log(`Conferido: restaurado numa pasta temporária, ${r.tables} tabelas e ${r.rows} linhas iguais às copiadas, fotos presentes.`);
  if (r.copy) console.log(r.copy.ok ? `Cópia gravada em ${r.copy.dir}.` : r.copy.reason);
  if (r.copy && !r.copy.ok) process.exitCode = 1;
  console.log(`Para restaurar: npm run restore -- ${r.file}`);
}

async function run() {
  // The file holds the token-signing secret, password hashes and sessions: only this user reads it.
  usePrivateUmask();
  const config = loadConfig();
  const arg = process.argv.slice(2).find((a) => !a.startsWith('-'));
  const file = arg ? path.resolve(arg) : null;
  if (!config.databaseUrl && !pgliteExists(config)) throw refusePglite(config, TOOL);
  const db = await openOrHandToServer(config, async () => {
    console.log('O servidor está em execução: ele mesmo faz o backup (as gravações esperam só um instante).');
    report(await requestBackup(config.dataDir, { file }), `${describeDatabase(config)}, pelo servidor em execução`);
  });
  if (!db) return;
  try {
    if (!(await hasForjaSchema(db))) throw refuseWithoutSchema(config, TOOL);
    report(await new BackupService({ config, db }).run(file ?? undefined), describeDatabase(config));
  } finally {
    await db.close();
  }
}

run().catch((err) => {
  const known = err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof Error;
  console.error(known ? err.message : err);
  process.exit(1);
});
