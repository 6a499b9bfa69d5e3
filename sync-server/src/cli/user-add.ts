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
import { statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { DataDirInUseError, createDatabase, pgliteDir, type Database } from '../db';
import { runMigrations } from '../migrations/runner';
import { normalizeEmail } from '../auth/users';
import { addOrRescueUser, type UserAddInput, type UserAddResult } from '../team/accounts-cli';
import { requestUserAdd } from '../local-admin';
import { usePrivateUmask } from '../private-files';

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

/** The database refused as new (no --novo-banco): nothing was created. */
class NewDatabaseRefused extends Error {}

/** DATABASE_URL in words, without its password. */
function describePostgres(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    // A Unix socket directory comes as ?host=/run/postgresql or percent-encoded in the host part.
    const host = url.searchParams.get('host') ?? (decodeURIComponent(url.hostname) || 'localhost');
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    const user = decodeURIComponent(url.username);
    return `PostgreSQL em ${host}:${url.port || '5432'}, banco ${database ? `"${database}"` : 'padrão'}${user ? ` (usuário ${user})` : ''}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

function describeDatabase(config: Config): string {
  return config.databaseUrl ? describePostgres(config.databaseUrl) : `PGlite (banco embutido) em ${pgliteDir(config.dataDir)}`;
}

const NOTHING_CREATED = 'O user:add não cria um banco novo sem que se peça: nada foi criado.';
const NEW_DATABASE_HINT = 'Para criar um banco novo de propósito (uma instalação nova, antes de o servidor iniciar), repita com --novo-banco.';

function refusePglite(config: Config): NewDatabaseRefused {
  return new NewDatabaseRefused(
    [
      `Nenhum banco do Forja na pasta de dados ${config.dataDir} (procurado em ${pgliteDir(config.dataDir)}).`,
      NOTHING_CREATED,
      'Use o banco do servidor: rode o comando na pasta do Forja de onde o servidor é iniciado, ou indique a pasta de dados dele:',
      `  FORJA_DATA_DIR=/caminho/da/pasta/de/dados npm run user:add -- <email>`,
      '(se o servidor usa PostgreSQL, informe o mesmo DATABASE_URL dele).',
      NEW_DATABASE_HINT,
    ].join('\n'),
  );
}

function refuseWithoutSchema(config: Config): NewDatabaseRefused {
  return new NewDatabaseRefused(
    [
      `Nenhuma tabela do Forja em ${describeDatabase(config)}: não é o banco de um servidor que já foi iniciado.`,
      NOTHING_CREATED,
      config.databaseUrl
        ? 'Use o mesmo DATABASE_URL do servidor (veja /etc/forja/forja.env ou o ambiente de onde ele é iniciado).'
        : 'Use o banco do servidor: rode o comando na pasta do Forja de onde ele é iniciado, ou indique a pasta de dados dele com FORJA_DATA_DIR=/caminho/da/pasta/de/dados.',
      NEW_DATABASE_HINT,
    ].join('\n'),
  );
}

/**
 * Whether the embedded database has been initialised (PGlite writes PG_VERSION first). A folder
 * it may not read (the server's data dir is private to the user running it) is said as such,
 * not taken for a missing database.
 */
function pgliteExists(config: Config): boolean {
  const marker = path.join(pgliteDir(config.dataDir), 'PG_VERSION');
  try {
    statSync(marker);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    if (code === 'EACCES' || code === 'EPERM') {
      throw new Error(`Sem permissão para ler a pasta de dados ${config.dataDir}: rode o comando como o usuário do servidor (ex.: sudo -u forja …).`);
    }
    throw err;
  }
}

/** The Forja's tables are there: at least one migration was recorded (the server applies them at start). */
async function hasForjaSchema(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!rows[0]?.present) return false;
  return (await db.query('SELECT 1 FROM schema_migrations LIMIT 1')).rows.length > 0;
}

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
  if (pgliteMissing && !newDatabase) throw refusePglite(config);
  let db;
  try {
    db = await createDatabase(config);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    // The server holds ./data: it does the work.
    try {
      report(await requestUserAdd(config.dataDir, input), `${describeDatabase(config)}, pelo servidor em execução`);
      return;
    } catch (inner) {
      const code = (inner as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ECONNREFUSED') throw err;
      throw inner;
    }
  }
  try {
    const isNew = !(await hasForjaSchema(db));
    if (isNew && !newDatabase) throw refuseWithoutSchema(config);
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
