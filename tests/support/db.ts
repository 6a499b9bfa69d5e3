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
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../../sync-server/src/db';
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

export async function createTestDatabase(backend: Backend = 'pglite'): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forja-test-'));
  if (backend === 'pglite') {
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
