/**
 * `npm run user:add -- <email> [--dono] [--nome "Nome"] [--novo-banco]`: adds an account with a
 * printed temporary password (the user must change it at first sign-in). The first account is an
 * owner; `--dono` makes any account an owner. For an e-mail that exists it is the rescue: a new
 * temporary password, the account reactivated, every session ended.
 * Uses the same database settings as the server; with the embedded database while the server
 * runs (./data is then the server's alone) it asks the running server (local-admin.ts).
 * It says which database it wrote to, and refuses to start a new one unless `--novo-banco` asks:
 * run from another folder (./data is relative to the working directory) it once made a second
 * database whose first account became an owner, and its password then failed on the real server.
 */
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db';
import { runMigrations } from '../migrations/runner';
import { normalizeEmail } from '../auth/users';
import { addOrRescueUser, type UserAddInput, type UserAddResult } from '../team/accounts-cli';
import { requestUserAdd } from '../local-admin';
import { usePrivateUmask } from '../private-files';
import { describeDatabase, hasForjaSchema, openOrHandToServer, pgliteExists, refusePglite, refuseWithoutSchema, type ToolNames } from './database';

const USAGE = 'Uso: npm run user:add -- <email> [--dono] [--nome "Nome da pessoa"] [--novo-banco]';

interface UserAddArgs {
  input: UserAddInput;
  /** --novo-banco: creating a database that is not there yet is what the person wants. */
  newDatabase: boolean;
}

function parseArgs(argv: string[]): UserAddArgs | null {
  let email = '';
  let name: string | undefined;
  let owner = false;
  let newDatabase = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dono' || a === '--owner') owner = true;
    else if (a === '--novo-banco') newDatabase = true;
    else if (a === '--nome' || a === '--name') name = argv[++i];
    else if (a.startsWith('--nome=') || a.startsWith('--name=')) name = a.slice(a.indexOf('=') + 1);
    else if (!a.startsWith('-') && !email) email = normalizeEmail(a);
    else return null;
  }
  return /^[^\s@]+@[^\s@]+$/.test(email) ? { input: { email, owner, name }, newDatabase } : null;
}

const TOOL: ToolNames = { command: 'user:add', exampleArgs: '<email>', canCreate: true };

function report(r: UserAddResult, database: string) {
  const role = r.role === 'owner' ? 'dono' : 'funcionário';
  console.log(`Banco de dados: ${database}`);
  console.log(r.created ? `Usuário criado: ${r.email} (${role})` : `Acesso recuperado: ${r.email} (${role}); as sessões abertas foram encerradas.`);
  console.log(`Senha temporária: ${r.temporaryPassword}`);
  console.log('No primeiro acesso será pedida uma nova senha.');
}

async function run() {
  // Without a running server it opens (and, with --novo-banco, creates) the embedded database itself.
  usePrivateUmask();
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    process.exit(2);
  }
  const { input, newDatabase } = args;
  const config = loadConfig();
  // Checked before opening: opening the embedded database creates its directory.
  const pgliteMissing = !config.databaseUrl && !pgliteExists(config);
  if (pgliteMissing && !newDatabase) throw refusePglite(config, TOOL);
  // The server holds ./data: it does the work.
  const db = await openOrHandToServer(config, async () =>
    report(await requestUserAdd(config.dataDir, input), `${describeDatabase(config)}, pelo servidor em execução`),
  );
  if (!db) return;
  try {
    const isNew = !(await hasForjaSchema(db));
    if (isNew && !newDatabase) throw refuseWithoutSchema(config, TOOL);
    await runMigrations(db);
    report(await addOrRescueUser(db, input), isNew ? `${describeDatabase(config)} — banco novo, criado agora (--novo-banco)` : describeDatabase(config));
  } finally {
    await db.close();
  }
}

run().catch((err) => {
  console.error(
    err instanceof ConfigError ? `Configuração inválida: ${err.message}` : err instanceof DataDirInUseError ? err.message : err instanceof Error ? err.message : err,
  );
  process.exit(1);
});
