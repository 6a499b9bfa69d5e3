import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './types';

export type { Database, Queryable, QueryResult } from './types';
export { DataDirInUseError } from './errors';

/** PostgreSQL when DATABASE_URL is set, else PGlite under FORJA_DATA_DIR/pglite. */
export async function createDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) {
    const { createPostgresDatabase } = await import('./postgres');
    return createPostgresDatabase(config.databaseUrl);
  }
  const { createPgliteDatabase } = await import('./pglite');
  return createPgliteDatabase(pgliteDir(config.dataDir));
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
