/**
 * `npm run import:legacy -- PASTA [--somente-novos] [--simular]` (issue 32 §4): imports the CSV
 * exports of the old system's tables (customers, quotations, transactions, optional users) from
 * PASTA into Forja — ids and quotation codes kept — and prints what it imported, skipped and why.
 * Everything or nothing: one transaction; a file that cannot be read changes nothing; run again
 * over the same records it refuses (--somente-novos imports only those not in Forja yet).
 *
 * The database is the server's, as with user:add (cli/database.ts): it says which one, and never
 * creates one. With the embedded database while the server runs, the CLI reads the files and the
 * running server imports them (local-admin.ts), so connected devices receive them at once.
 */
import { ConfigError, loadConfig } from '../config';
import { runMigrations } from '../migrations/runner';
import { requestImportLegacy } from '../local-admin';
import { usePrivateUmask } from '../private-files';
import { importLegacy, type LegacyImportReport } from '../legacy/import';
import { readExportFolder } from '../legacy/files';
import { encodingLines } from '../legacy/encoding';
import { formatLegacyReport } from '../legacy/report';
import { describeDatabase, hasForjaSchema, openOrHandToServer, pgliteExists, refusePglite, refuseWithoutSchema, type ToolNames } from './database';

const USAGE = [
  'Uso: npm run import:legacy -- PASTA [--somente-novos] [--simular]',
  '  PASTA: a pasta com os CSV exportados do sistema antigo: customers.csv, quotations.csv, transactions.csv',
  '         (ou customers_rows.csv etc., como o painel baixa) e, opcional, users.csv (id, email).',
  '  --somente-novos: importa só os registros que ainda não estão no Forja (os outros são pulados).',
  '  --simular: confere tudo e mostra o que seria importado, sem gravar nada.',
].join('\n');

const TOOL: ToolNames = { command: 'import:legacy', exampleArgs: 'PASTA', canCreate: false };

interface Args {
  dir: string;
  onlyNew: boolean;
  dryRun: boolean;
}

function parseArgs(argv: string[]): Args | null {
  let dir = '';
  let onlyNew = false;
  let dryRun = false;
  for (const a of argv) {
    if (a === '--somente-novos') onlyNew = true;
    else if (a === '--simular') dryRun = true;
    else if (!a.startsWith('-') && !dir) dir = a;
    else return null;
  }
  return dir ? { dir, onlyNew, dryRun } : null;
}

function print(report: LegacyImportReport, database: string) {
  console.log(`Banco de dados: ${database}`);
  for (const line of formatLegacyReport(report)) console.log(line);
}

async function run() {
  usePrivateUmask();
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  // Every file is read before the database is touched: one that cannot be read changes nothing.
  const files = readExportFolder(args.dir);
  // Which encoding each file was read in (issue 40 §6): a wrong guess garbles every accent.
  for (const line of encodingLines(Object.values(files))) console.log(line);
  if (!config.databaseUrl && !pgliteExists(config)) throw refusePglite(config, TOOL);
  const options = { onlyNew: args.onlyNew, dryRun: args.dryRun };
  // The server holds ./data: it imports.
  const db = await openOrHandToServer(config, async () =>
    print(await requestImportLegacy(config.dataDir, { files, ...options }), `${describeDatabase(config)}, pelo servidor em execução`),
  );
  if (!db) return;
  try {
    if (!(await hasForjaSchema(db))) throw refuseWithoutSchema(config, TOOL);
    await runMigrations(db);
    print(await importLegacy(db, files, options), describeDatabase(config));
  } finally {
    await db.close();
  }
}

run().catch((err) => {
  const message = err instanceof ConfigError ? `Configuração inválida: ${err.message}` : err instanceof Error ? err.message : String(err);
  // One transaction: whatever stopped the import, nothing of it was written.
  console.error(/nada foi (alterado|criado)/i.test(message) ? message : `${message}\nNada foi alterado.`);
  process.exit(1);
});
