/**
 * Fresh, throw-away databases for server tests.
 *
 *   backends(): Backend[]            ['pglite'] plus 'postgres' when DATABASE_URL is set —
 *                                    use with describe.each(backends())('…', (backend) => …)
 *   createTestDatabase(backend)      → TestDatabase: env to start a server on it, open(), drop()
 *
 * pglite: a new temp dir (FORJA_DATA_DIR). postgres: `CREATE DATABASE forja_t_<random>` on
 * the server in DATABASE_URL, dropped by drop().
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, pgliteDir } from '../../sync-server/src/db';
import type { Database } from '../../sync-server/src/db/types';
import { runMigrations } from '../../sync-server/src/migrations/runner';

export type Backend = 'pglite' | 'postgres';

export function backends(): Backend[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  backend: Backend;
  /** FORJA_DATA_DIR (always a fresh temp dir, also for postgres). */
  dataDir: string;
  /** The fresh database's URL (postgres) or null (pglite). */
  databaseUrl: string | null;
  /** Environment for loadConfig: FORJA_DATA_DIR and, for postgres, DATABASE_URL. */
  env: Record<string, string>;
  /** A new connection to this database (caller closes it). */
  open(): Promise<Database>;
  /** Drop the database / delete the temp dir. Close connections first. */
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new PGlite cluster (what initdb leaves, before any migration), made once per PGlite version
 * on this machine and copied into each test database: initdb inside WASM takes 3–10 s on this VM,
 * the copy ~0.1 s — and every PGlite test server starts from one. Several test processes may make
 * it at once: each builds its own and renames it into place; the first rename wins.
 */
export async function pgliteTemplate(): Promise<string> {
  const manifest = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const dir = path.join(os.tmpdir(), `forja-pglite-cluster-${version}`);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const building = mkdtempSync(path.join(os.tmpdir(), 'forja-pglite-cluster-building-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const cluster = await PGlite.create(building);
  await cluster.query('SELECT 1');
  await cluster.close();
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What the migrations' result depends on: their code and what they import. */
const MIGRATION_SOURCES = ['sync-server/src/migrations', 'sync-server/src/collections', 'sync-server/src/db', 'schemas'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** Changes whenever a migration, or anything a migration reads, changes. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const dir of MIGRATION_SOURCES) {
    for (const file of filesUnder(path.join(ROOT, dir))) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A PGlite cluster with every migration applied, made once per migrations version on this
 * machine (built by running them on a fresh cluster, as a first start does). Test servers start
 * from a copy: the migrations cost each start 3–7 s in WASM. Tests of the migrations themselves
 * take a fresh database (createTestDatabase without `migrated`).
 */
export async function migratedPgliteTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `forja-pglite-migrated-${migrationsKey()}`);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const building = mkdtempSync(path.join(os.tmpdir(), 'forja-pglite-migrated-building-'));
  cpSync(await pgliteTemplate(), pgliteDir(building), { recursive: true });
  const db = await createDatabase({ databaseUrl: null, dataDir: building });
  try {
    await runMigrations(db);
  } finally {
    await db.close();
  }
  try {
    renameSync(pgliteDir(building), dir);
  } catch {
    // Another test process made it first.
  }
  rmSync(building, { recursive: true, force: true });
  return dir;
}

/** The PostgreSQL twin: a template database with every migration applied (CREATE DATABASE … TEMPLATE copies it). */
async function migratedPostgresTemplate(): Promise<string> {
  const name = `forja_tpl_${migrationsKey()}`;
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length > 0) return name;
  } finally {
    await client.end();
  }
  const building = `forja_tpl_building_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${building}`);
  const db = await createDatabase({ databaseUrl: withDatabase(serverUrl(), building), dataDir: mkdtempSync(path.join(os.tmpdir(), 'forja-tpl-')) });
  try {
    await runMigrations(db);
  } finally {
    await db.close();
  }
  try {
    await adminQuery(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch {
    // Another test process made it first.
    await adminQuery(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  }
  return name;
}

/** CREATE DATABASE from a template, again while another process is copying the same template. */
async function createFromTemplate(name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

export interface TestDatabaseOptions {
  /** Start with every migration applied (a server's own start then finds nothing to do). */
  migrated?: boolean;
}

export async function createTestDatabase(backend: Backend = 'pglite', { migrated = false }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forja-test-'));
  if (backend === 'pglite') {
    cpSync(migrated ? await migratedPgliteTemplate() : await pgliteTemplate(), pgliteDir(dataDir), { recursive: true });
    return {
      backend,
      dataDir,
      databaseUrl: null,
      env: { FORJA_DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => createDatabase({ databaseUrl: null, dataDir }),
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `forja_t_${randomBytes(6).toString('hex')}`;
  if (migrated) await createFromTemplate(name, await migratedPostgresTemplate());
  else await adminQuery(`CREATE DATABASE ${name}`);
  const databaseUrl = withDatabase(serverUrl(), name);
  return {
    backend,
    dataDir,
    databaseUrl,
    env: { FORJA_DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => createDatabase({ databaseUrl, dataDir }),
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
