import { addRxPlugin, createRxDatabase, type RxJsonSchema, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { COLLECTION_NAMES, collectionSchemas, type CollectionName } from '@shared';
import { forjaConflictHandler } from './conflict-handler';
import { MIGRATION_STRATEGIES } from './migrations';
import { validatingStorage } from './validated-storage';
import { SyncEngine } from './sync-engine';
import type { AnyDoc, ForjaRxDatabase, SyncTransport } from './types';
import { hashFunctionForThisContext } from './hash';

export type CreateForjaDatabaseOptions = SyncTransport & {
  /** Database name, `forja_<userId>` in the app. */
  name: string;
  /** The signed-in user: stamped as `created_by` on local inserts (the server stamps it too). */
  userId?: string | null;
  /** Defaults to Dexie over the global indexedDB. Always wrapped in a schema validator. */
  storage?: RxStorage<unknown, unknown>;
  /** 'auto' (default): ajv in Node (tests, tools), z-schema in a browser (strict CSP, no eval). */
  validator?: 'ajv' | 'z-schema' | 'auto';
  /** Only these collections (Node tests open several clients in one process: 13 max). */
  collections?: CollectionName[];
  /** RxDB dev-mode: tests only (in a browser it injects a tracking iframe). */
  devMode?: boolean;
  /** Share the database between tabs and replicate only in the leader tab (browser). */
  multiInstance?: boolean;
  /** Start replicating at once (default true). */
  replicate?: boolean;
  retryTime?: number;
  pushBatchSize?: number;
  pullBatchSize?: number;
  watchBrowserOnline?: boolean;
  streamMaxBackoffMs?: number;
  /** See SyncEngineOptions.firstSyncSnapshot (default true). */
  firstSyncSnapshot?: boolean;
  /** See SyncEngineOptions.directLiveWrites (default true). */
  directLiveWrites?: boolean;
  /** See SyncEngineOptions.sendAhead (default true). */
  sendAhead?: boolean;
  /** See SyncEngineOptions.snapshotPageSize. */
  snapshotPageSize?: number;
};

export type ForjaDatabase = {
  name: string;
  userId: string | null;
  db: ForjaRxDatabase;
  sync: SyncEngine;
  collections: CollectionName[];
  /** Stops replication and closes the database (data kept). */
  close(): Promise<void>;
  /** Stops replication and deletes the database from this device. */
  remove(): Promise<void>;
};

/**
 * ajv compiles validators with `new Function`, which the app's Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval') forbids in the browser: there we validate with z-schema
 * (an interpreter, same JSON Schema rules for our schemas), ajv only in Node (tests, tools).
 * Decided by where we run, not by trying `new Function`: the try itself is a CSP violation that
 * Firefox logs on every staff page (issue 29 §4).
 */
function runsInNode(): boolean {
  return typeof window === 'undefined' && typeof document === 'undefined';
}

async function validatedStorage(storage: RxStorage<unknown, unknown>, validator: 'ajv' | 'z-schema' | 'auto') {
  const useAjv = validator === 'ajv' || (validator === 'auto' && runsInNode());
  if (useAjv) {
    const { getValidator } = await import('rxdb/plugins/validate-ajv');
    return validatingStorage(storage, getValidator as never, 'ajv');
  }
  // Each schema compiled once (RxDB's getValidator recompiled it for every document: issue 39 §2).
  const { getValidator } = await import('./z-schema-validator');
  return validatingStorage(storage, getValidator as never, 'z-schema');
}

let pluginsAdded = false;
let devModeAdded = false;

async function addPlugins(devMode: boolean): Promise<void> {
  if (!pluginsAdded) {
    pluginsAdded = true;
    addRxPlugin(RxDBLeaderElectionPlugin);
    addRxPlugin(RxDBLocalDocumentsPlugin);
    addRxPlugin(RxDBMigrationSchemaPlugin);
  }
  // `import.meta.env.PROD` is a build-time constant in Vite: the production bundle drops
  // this branch (and the dev-mode chunk) entirely. In Node (tsx) import.meta.env is undefined.
  if (devMode && !devModeAdded && !(import.meta.env && import.meta.env.PROD)) {
    devModeAdded = true;
    const dev = await import('rxdb/plugins/dev-mode');
    dev.disableWarnings();
    addRxPlugin(dev.RxDBDevModePlugin);
  }
}

/**
 * Opens one user's local database with every collection of the shared contract and
 * (unless `replicate: false`) starts replicating it with the sync-server.
 * Shared by the app (DataProvider) and the Node replication tests.
 */
export async function createForjaDatabase(opts: CreateForjaDatabaseOptions): Promise<ForjaDatabase> {
  // User Timing marks for bench:ui's cold-open breakdown (issue 33); `performance` exists in Node too.
  performance.mark('forja:db-open-start');
  await addPlugins(Boolean(opts.devMode));
  const names = opts.collections ?? COLLECTION_NAMES;
  const storage = await validatedStorage(opts.storage ?? getRxStorageDexie(), opts.validator ?? 'auto');
  const db = (await createRxDatabase({
    name: opts.name,
    storage,
    multiInstance: opts.multiInstance ?? false,
    eventReduce: true,
    localDocuments: true,
    closeDuplicates: true,
    hashFunction: hashFunctionForThisContext(),
  })) as unknown as ForjaRxDatabase;
  performance.mark('forja:db-created');
  try {
    await db.addCollections(
      Object.fromEntries(
        names.map((n) => [
          n,
          {
            schema: collectionSchemas[n] as unknown as RxJsonSchema<AnyDoc>,
            conflictHandler: forjaConflictHandler,
            migrationStrategies: MIGRATION_STRATEGIES[n] ?? {},
          },
        ]),
      ) as unknown as Parameters<ForjaRxDatabase['addCollections']>[0],
    );
  } catch (e) {
    await db.close();
    throw e;
  }
  performance.mark('forja:collections-added');
  const sync = new SyncEngine(db, {
    baseUrl: opts.baseUrl,
    getToken: opts.getToken,
    refreshToken: opts.refreshToken,
    fetch: opts.fetch,
    collections: names,
    waitForLeadership: opts.multiInstance ?? false,
    retryTime: opts.retryTime,
    pushBatchSize: opts.pushBatchSize,
    pullBatchSize: opts.pullBatchSize,
    watchBrowserOnline: opts.watchBrowserOnline,
    streamMaxBackoffMs: opts.streamMaxBackoffMs,
    firstSyncSnapshot: opts.firstSyncSnapshot,
    directLiveWrites: opts.directLiveWrites,
    sendAhead: opts.sendAhead,
    snapshotPageSize: opts.snapshotPageSize,
  });
  await sync.init();
  if (opts.replicate !== false) await sync.start();
  let closed: Promise<void> | null = null;
  const close = () => {
    closed ??= (async () => {
      await sync.stop();
      await db.close();
    })();
    return closed;
  };
  return {
    name: opts.name,
    userId: opts.userId ?? null,
    db,
    sync,
    collections: names,
    close,
    async remove() {
      await sync.stop();
      await db.remove();
      closed = Promise.resolve();
    },
  };
}
