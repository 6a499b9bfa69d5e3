/**
 * Profiling probes that split the initial pull into its parts:
 * - rawPull: the pull endpoint alone, page after page, as the replication would call it —
 *   time to first byte (server query + serialisation + network), body download, JSON.parse.
 * - rawStore: the local write path alone — a fresh RxDB database with the same storage stack
 *   as the app (Dexie in IndexedDB + the validator the app picks on this page: ajv where eval
 *   is allowed, z-schema under the server's strict CSP) bulk-inserting the same number of
 *   documents in batches, no network.
 */
import { createRxDatabase, type RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { customerSchema } from '@shared';
import { benchCustomer } from './docs';

const now = () => performance.now();

export interface RawPullResult {
  docs: number;
  requests: number;
  bytes: number;
  totalMs: number;
  /** Sum over requests of time until response headers (server work + network latency). */
  ttfbMs: number;
  /** Sum of body download times. */
  bodyMs: number;
  /** Sum of JSON.parse times. */
  parseMs: number;
}

export async function rawPull(collection: string, limit: number, token: string): Promise<RawPullResult> {
  const r: RawPullResult = { docs: 0, requests: 0, bytes: 0, totalMs: 0, ttfbMs: 0, bodyMs: 0, parseMs: 0 };
  let checkpoint: unknown = null;
  const t0 = now();
  for (;;) {
    const q = new URLSearchParams({ limit: String(limit) });
    if (checkpoint !== null) q.set('checkpoint', JSON.stringify(checkpoint));
    const a = now();
    const res = await fetch(`/api/sync/${collection}/pull?${q}`, { headers: { authorization: `Bearer ${token}` } });
    const b = now();
    if (!res.ok) throw new Error(`pull ${res.status}: ${await res.text()}`);
    const text = await res.text();
    const c = now();
    const body = JSON.parse(text) as { documents: unknown[]; checkpoint: unknown };
    const d = now();
    r.requests++;
    r.bytes += text.length;
    r.ttfbMs += b - a;
    r.bodyMs += c - b;
    r.parseMs += d - c;
    r.docs += body.documents.length;
    if (body.documents.length === 0 || body.checkpoint === null) break;
    checkpoint = body.checkpoint;
    if (body.documents.length < limit) break;
  }
  r.totalMs = now() - t0;
  return r;
}

export interface RawStoreResult {
  docs: number;
  totalMs: number;
  validator: Validator;
}

export type Validator = 'ajv' | 'z-schema' | 'none';

/** Same rule as the app (src/data/db/create-database.ts): ajv needs eval, which a strict CSP forbids. */
export function appValidator(): Validator {
  try {
    new Function('return 1')();
    return 'ajv';
  } catch {
    return 'z-schema';
  }
}

async function withValidator(storage: RxStorage<unknown, unknown>, validator: Validator): Promise<RxStorage<unknown, unknown>> {
  if (validator === 'ajv') return (await import('rxdb/plugins/validate-ajv')).wrappedValidateAjvStorage({ storage });
  if (validator === 'z-schema') return (await import('rxdb/plugins/validate-z-schema')).wrappedValidateZSchemaStorage({ storage });
  return storage;
}

export async function rawStore(n: number, batch: number, validate: boolean): Promise<RawStoreResult> {
  const validator = validate ? appValidator() : 'none';
  const storage = await withValidator(getRxStorageDexie() as RxStorage<unknown, unknown>, validator);
  const db = await createRxDatabase({
    name: `bench-raw-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    storage,
    multiInstance: false,
    eventReduce: true,
  });
  try {
    const cols = await db.addCollections({ customers: { schema: customerSchema } });
    const at = new Date().toISOString();
    const docs = Array.from({ length: n }, (_, i) => benchCustomer(`raw-${i}`, i, at));
    const t0 = now();
    for (let i = 0; i < n; i += batch) await cols.customers.bulkInsert(docs.slice(i, i + batch));
    return { docs: n, totalMs: now() - t0, validator };
  } finally {
    await db.remove();
  }
}

export interface PipelinedStoreResult {
  docs: number;
  totalMs: number;
  /** Time with a bulk insert running (the rest is waiting for pages). */
  writingMs: number;
}

/**
 * Profile: the least a first sync can do with the network in it — the server's pages fetched
 * and parsed one after another, each group that has arrived bulk-inserted while the next is
 * fetched (as the app's snapshot does: sync-engine.ts pullSnapshot), into a fresh RxDB database
 * like rawStore's (no validator, no replication, no other tab). Against rawStore it shows what
 * the download itself costs on this machine: the server reading and sending the pages, and the
 * page receiving and parsing them, on the same cores as the writes.
 */
export async function pipelinedStore(collection: string, limit: number, token: string): Promise<PipelinedStoreResult> {
  const db = await createRxDatabase({
    name: `bench-pipe-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    storage: getRxStorageDexie(),
    multiInstance: false,
    eventReduce: true,
  });
  try {
    const cols = await db.addCollections({ customers: { schema: customerSchema } });
    const queue: { documents: Record<string, unknown>[] }[] = [];
    let done = false;
    let failure: unknown = null;
    let wake = null as (() => void) | null;
    const t0 = now();
    void (async () => {
      let checkpoint: unknown = null;
      try {
        for (;;) {
          const q = new URLSearchParams({ limit: String(limit) });
          if (checkpoint !== null) q.set('checkpoint', JSON.stringify(checkpoint));
          const res = await fetch(`/api/sync/${collection}/pull?${q}`, { headers: { authorization: `Bearer ${token}` } });
          if (!res.ok) throw new Error(`pull ${res.status}`);
          const body = (await res.json()) as { documents: Record<string, unknown>[]; checkpoint: unknown };
          queue.push(body);
          wake?.();
          if (body.documents.length < limit || body.checkpoint === null) break;
          checkpoint = body.checkpoint;
        }
      } catch (e) {
        failure = e;
      } finally {
        done = true;
        wake?.();
      }
    })();
    let docs = 0;
    let writingMs = 0;
    for (;;) {
      while (queue.length === 0 && !done) await new Promise<void>((r) => (wake = r));
      if (failure) throw failure;
      const pages = queue.splice(0);
      if (pages.length === 0) break;
      const rows = pages.flatMap((p) => p.documents).map(({ _deleted: _, ...d }) => d);
      const w = now();
      const res = await cols.customers.bulkInsert(rows as never[]);
      writingMs += now() - w;
      if (res.error.length > 0) throw new Error(`bulkInsert: ${JSON.stringify(res.error[0]).slice(0, 300)}`);
      docs += rows.length;
    }
    return { docs, totalMs: now() - t0, writingMs };
  } finally {
    await db.remove();
  }
}

export interface RawIdbResult {
  /** Documents put into one object store: what any storage on IndexedDB must at least do. */
  docsOnlyMs: number;
  /**
   * The same documents plus one replication-metadata record each (RxDB's layout: the assumed
   * server state, a whole copy of the document, in the replication's own database), both
   * databases written at the same time.
   */
  docsAndMetaMs: number;
}

function openIdb(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => {
      // Like the Dexie storage: a primary key and an index on the last-write time.
      req.result.createObjectStore('docs', { keyPath: 'id' }).createIndex('lwt', ['_meta.lwt', 'id']);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function putAll(db: IDBDatabase, rows: object[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('docs', 'readwrite');
    const store = tx.objectStore('docs');
    for (const r of rows) store.put(r);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

function dropIdb(name: string): Promise<void> {
  return new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

/**
 * Profile: IndexedDB alone — no Dexie, no RxDB, no network — putting the same documents in
 * transactions of `batch`. The ceiling for any first sync on this browser and machine.
 */
export async function rawIdb(n: number, batch: number): Promise<RawIdbResult> {
  const tag = `bench-idb-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const at = new Date().toISOString();
  const docs = Array.from({ length: n }, (_, i) => ({
    ...benchCustomer(`idb-${i}`, i, at),
    _deleted: false,
    _rev: `1-${i}`,
    _meta: { lwt: Date.now() + i },
    _attachments: {},
  }));
  const metaOf = (d: (typeof docs)[number]) => ({
    id: `${d.id}|0`,
    itemId: d.id,
    isCheckpoint: '0',
    docData: d,
    _deleted: false,
    _rev: d._rev,
    _meta: d._meta,
    _attachments: {},
  });
  const names = [`${tag}-a`, `${tag}-b`, `${tag}-c`];
  const [a, b, c] = await Promise.all(names.map(openIdb));
  try {
    let t0 = now();
    for (let i = 0; i < n; i += batch) await putAll(a, docs.slice(i, i + batch));
    const docsOnlyMs = now() - t0;
    t0 = now();
    for (let i = 0; i < n; i += batch) {
      const page = docs.slice(i, i + batch);
      await Promise.all([putAll(b, page), putAll(c, page.map(metaOf))]);
    }
    return { docsOnlyMs, docsAndMetaMs: now() - t0 };
  } finally {
    for (const db of [a, b, c]) db.close();
    await Promise.all(names.map(dropIdb));
  }
}

export interface FloorsResult {
  /** Median of `fetch('/api/health')` round trips from the page: the browser's own request cost. */
  fetchMs: number;
  /** The same with 30 ms between requests, paced as the live writes are (each wakes every process up). */
  fetchPacedMs: number;
  /** Median of one-document IndexedDB read-write transactions (no Dexie, no RxDB). */
  idbWriteMs: number;
  /** The same put into an RxDB customers store (the app's schema: its indexes), with IndexedDB's own API. */
  storeWriteMs: number;
  /** One new document written through RxDB's Dexie storage into that store (it reads, then writes). */
  rxdbWriteMs: number;
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Profile: the floors under a live change, on this browser and machine — what one request and
 * one IndexedDB write cost with nothing of ours in the way. A live change needs at least one
 * write on A, a request from A and an event to B, and a write on B.
 */
export async function floors(n = 100): Promise<FloorsResult> {
  const fetches: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = now();
    await (await fetch('/api/health', { cache: 'no-store' })).text();
    fetches.push(now() - t);
  }
  const paced: number[] = [];
  for (let i = 0; i < n; i++) {
    await new Promise((r) => setTimeout(r, 30));
    const t = now();
    await (await fetch('/api/health', { cache: 'no-store' })).text();
    paced.push(now() - t);
  }
  const name = `bench-floor-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const db = await openIdb(name);
  const writes: number[] = [];
  try {
    const at = new Date().toISOString();
    for (let i = 0; i < n; i++) {
      const doc = { ...benchCustomer(`floor-${i}`, i, at), _deleted: false, _rev: `1-${i}`, _meta: { lwt: Date.now() }, _attachments: {} };
      const t = now();
      await putAll(db, [doc]);
      writes.push(now() - t);
    }
  } finally {
    db.close();
    await dropIdb(name);
  }
  return { fetchMs: median(fetches), fetchPacedMs: median(paced), idbWriteMs: median(writes), ...(await storeWrites(n)) };
}

/**
 * One-document writes into a real customers store (1,000 documents in it first), one after
 * another with a pause between (as live changes come): with IndexedDB's API, and through the
 * RxDB storage the app writes with. The gap between the two is Dexie's and RxDB's share.
 */
async function storeWrites(n: number): Promise<Pick<FloorsResult, 'storeWriteMs' | 'rxdbWriteMs'>> {
  const rx = await createRxDatabase({ name: `bench-store-${Date.now()}-${Math.floor(Math.random() * 1e6)}`, storage: getRxStorageDexie(), multiInstance: false });
  try {
    const { customers } = await rx.addCollections({ customers: { schema: customerSchema } });
    const at = new Date().toISOString();
    await customers.bulkInsert(Array.from({ length: 1000 }, (_, i) => benchCustomer(`pre-${i}`, i, at)));
    const storage = customers.storageInstance as unknown as {
      bulkWrite(rows: { document: object }[], context: string): Promise<unknown>;
      internals: Promise<{ dexieDb: { backendDB(): IDBDatabase }; dexieTable: { name: string } }>;
    };
    const { dexieDb, dexieTable } = await storage.internals;
    const idb = dexieDb.backendDB();
    // As the Dexie storage stores it (booleans it indexes as '0'/'1').
    const stored = (id: string, i: number, deleted: boolean | string) => ({ ...benchCustomer(id, i, at), _deleted: deleted, _rev: `1-f${i}`, _meta: { lwt: Date.now() }, _attachments: {} });
    const raw: number[] = [];
    const viaRxdb: number[] = [];
    const pause = () => new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < n; i++) {
      let t = now();
      await new Promise<void>((resolve, reject) => {
        const tx = idb.transaction(dexieTable.name, 'readwrite');
        tx.objectStore(dexieTable.name).put(stored(`raw-${i}`, i, '0'));
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      raw.push(now() - t);
      await pause();
      t = now();
      await storage.bulkWrite([{ document: stored(`rx-${i}`, i, false) }], 'bench-floor');
      viaRxdb.push(now() - t);
      await pause();
    }
    return { storeWriteMs: median(raw), rxdbWriteMs: median(viaRxdb) };
  } finally {
    await rx.remove();
  }
}
