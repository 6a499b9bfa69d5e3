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
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, pgliteDir } from '../../sync-server/src/db';
import type { Database } from '../../sync-server/src/db/types';

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
async function pgliteTemplate(): Promise<string> {
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

export async function createTestDatabase(backend: Backend = 'pglite'): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forja-test-'));
  if (backend === 'pglite') {
    cpSync(await pgliteTemplate(), pgliteDir(dataDir), { recursive: true });
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
  await adminQuery(`CREATE DATABASE ${name}`);
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
