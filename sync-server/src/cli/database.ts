/**
 * Which database a command-line tool (user:add, import:legacy) works on, said in words, and the
 * refusals when it is not the server's: run from another folder, ./data (relative to the working
 * directory) would be a second, new database. A tool refuses to start one unless `--novo-banco`
 * asks (user:add only: an import needs an existing install with its owner).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { DataDirInUseError, createDatabase, pgliteDir, type Database } from '../db';

/** The database refused as new (no --novo-banco): nothing was created. */
export class NewDatabaseRefused extends Error {}

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

export function describeDatabase(config: Config): string {
  return config.databaseUrl ? describePostgres(config.databaseUrl) : `PGlite (banco embutido) em ${pgliteDir(config.dataDir)}`;
}

/** How a tool names itself in the refusals: `user:add`, with `<email>` as its example arguments. */
export interface ToolNames {
  command: string;
  exampleArgs: string;
  /** The tool can create a new database when --novo-banco asks. */
  canCreate: boolean;
}

const nothingCreated = (t: ToolNames) => `O ${t.command} não cria um banco novo${t.canCreate ? ' sem que se peça' : ''}: nada foi criado.`;
const NEW_DATABASE_HINT = 'Para criar um banco novo de propósito (uma instalação nova, antes de o servidor iniciar), repita com --novo-banco.';

export function refusePglite(config: Config, t: ToolNames): NewDatabaseRefused {
  return new NewDatabaseRefused(
    [
      `Nenhum banco do Forja na pasta de dados ${config.dataDir} (procurado em ${pgliteDir(config.dataDir)}).`,
      nothingCreated(t),
      'Use o banco do servidor: rode o comando na pasta do Forja de onde o servidor é iniciado, ou indique a pasta de dados dele:',
      `  FORJA_DATA_DIR=/caminho/da/pasta/de/dados npm run ${t.command} -- ${t.exampleArgs}`,
      '(se o servidor usa PostgreSQL, informe o mesmo DATABASE_URL dele).',
      ...(t.canCreate ? [NEW_DATABASE_HINT] : []),
    ].join('\n'),
  );
}

export function refuseWithoutSchema(config: Config, t: ToolNames): NewDatabaseRefused {
  return new NewDatabaseRefused(
    [
      `Nenhuma tabela do Forja em ${describeDatabase(config)}: não é o banco de um servidor que já foi iniciado.`,
      nothingCreated(t),
      config.databaseUrl
        ? 'Use o mesmo DATABASE_URL do servidor (veja /etc/forja/forja.env ou o ambiente de onde ele é iniciado).'
        : 'Use o banco do servidor: rode o comando na pasta do Forja de onde ele é iniciado, ou indique a pasta de dados dele com FORJA_DATA_DIR=/caminho/da/pasta/de/dados.',
      ...(t.canCreate ? [NEW_DATABASE_HINT] : []),
    ].join('\n'),
  );
}

/**
 * Whether the embedded database has been initialised (PGlite writes PG_VERSION first). A folder
 * it may not read (the server's data dir is private to the user running it) is said as such,
 * not taken for a missing database.
 */
export function pgliteExists(config: Config): boolean {
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
export async function hasForjaSchema(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!rows[0]?.present) return false;
  return (await db.query('SELECT 1 FROM schema_migrations LIMIT 1')).rows.length > 0;
}

/**
 * Opens the database a tool works on. When the running server holds the embedded one, the tool
 * hands it the work instead (`handOff`, through its local admin socket) and gets null. A server
 * with no socket to answer (an older one, or one stopping) leaves the data directory's own message.
 */
export async function openOrHandToServer(config: Config, handOff: () => Promise<void>): Promise<Database | null> {
  try {
    return await createDatabase(config);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    try {
      await handOff();
      return null;
    } catch (inner) {
      const code = (inner as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ECONNREFUSED') throw err;
      throw inner;
    }
  }
}
