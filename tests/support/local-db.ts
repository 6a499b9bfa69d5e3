/**
 * One local database per test file (fake-indexeddb, no replication), opened on first use and
 * removed after the file's tests: for commands and hooks that only need RxDB.
 *   const getDb = localDatabase('cashflow', 'u1');
 */
import 'fake-indexeddb/auto';
import { afterAll } from 'vitest';
import type { CollectionName } from '@shared';
import { createForjaDatabase, type ForjaDatabase } from '../../src/data/db/create-database';

export function localDatabase(
  label: string,
  userId: string,
  collections: CollectionName[] = ['customers', 'quotations', 'transactions'],
): () => Promise<ForjaDatabase> {
  let fdb: ForjaDatabase | null = null;
  afterAll(async () => {
    await fdb?.remove();
  });
  return async () =>
    (fdb ??= await createForjaDatabase({
      name: `forja_${label}_${Date.now()}`,
      userId,
      baseUrl: 'http://127.0.0.1:9',
      getToken: () => null,
      replicate: false,
      collections,
    }));
}
