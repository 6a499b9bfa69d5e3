/**
 * Real RxDB clients (the app's own createForjaDatabase, fake-indexeddb) for replication tests.
 * Each client can be cut off from the network (its fetch rejects like a dropped connection).
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { randomUUID } from 'node:crypto';
import type { CollectionName } from '@shared';
import { createForjaDatabase, type ForjaDatabase } from '../../src/data/db/create-database';
import { createCustomerCommands } from '../../src/data/db/customers';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { api, signIn, startTestServer, type Backend, type TestServer } from '../support/server';
import { sameDocumentState } from '../../src/data/db/equality';
import { SyncTrace, traceOf } from '../support/sync-trace';

export const TEST_COLLECTIONS: CollectionName[] = ['customers', 'stock_items', 'stock_movements'];

export type Client = Awaited<ReturnType<typeof makeClient>>;

export async function makeClient(
  server: TestServer,
  opts: {
    label: string;
    collections?: CollectionName[];
    session?: Awaited<ReturnType<typeof signIn>>;
    /** Reopen an existing local database (a reload of the app). */
    name?: string;
    online?: boolean;
    /** Goes offline (as if the signal dropped) when it is about to send this many-th pull request. */
    offlineAtPull?: number;
    /** SyncEngineOptions.sendAhead (on by default, as in the app). */
    sendAhead?: boolean;
    /** No change stream: the client learns of server changes only by pulling. */
    noStream?: boolean;
    /** SyncEngineOptions.pushBatchSize (100 in the app). */
    pushBatchSize?: number;
    /** SyncEngineOptions.pullBatchSize (500 in the app): small pages make a resync of several pages. */
    pullBatchSize?: number;
  } = { label: 'c' },
) {
  const session = opts.session ?? (await signIn(server, { deviceName: opts.label }));
  let online = opts.online ?? true;
  let dropPushResponses = 0;
  let offlineAtPull = opts.offlineAtPull;
  const pushes: string[] = [];
  const pulls: string[] = [];
  /** Requests to hold before they leave: the first whose URL contains `match` waits for `gate`. */
  const held: { match: string; gate: Promise<void>; sent: () => void }[] = [];
  const trace = new SyncTrace(opts.label);
  const network = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    // (Held before the signal is checked: a device that went offline meanwhile sends nothing.)
    const hold = held.find((h) => url.includes(h.match));
    if (hold) {
      held.splice(held.indexOf(hold), 1);
      await hold.gate;
      hold.sent();
    }
    if (!online) throw new TypeError('fetch failed (client offline)');
    if (opts.noStream && url.includes('/api/sync/stream')) throw new TypeError('fetch failed (no stream for this client)');
    if (url.includes('/pull') && offlineAtPull === pulls.length + 1) {
      offlineAtPull = undefined;
      online = false;
      throw new TypeError('fetch failed (signal lost)');
    }
    if (url.includes('/pull')) pulls.push(url);
    const res = await fetch(input, init);
    if (url.includes('/push')) {
      pushes.push(url);
      if (dropPushResponses > 0) {
        // The server stored the push but the answer never arrives: the client retries it.
        dropPushResponses--;
        await res.arrayBuffer();
        throw new TypeError('fetch failed (response lost)');
      }
    }
    return res;
  };
  const traced = trace.fetch(network);
  const fdb: ForjaDatabase = await createForjaDatabase({
    name: opts.name ?? `forja_t${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    userId: session.user.id,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    // server.url is read on every request: it stays valid across server.restart().
    get baseUrl() {
      return server.url;
    },
    getToken: () => session.accessToken,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => traced(String(input), init)) as typeof fetch,
    collections: opts.collections ?? TEST_COLLECTIONS,
    devMode: true,
    retryTime: 150,
    streamMaxBackoffMs: 1000,
    sendAhead: opts.sendAhead,
    pushBatchSize: opts.pushBatchSize,
    pullBatchSize: opts.pullBatchSize,
  });
  trace.follow(fdb.sync.replications);
  trace.followEngine(fdb.sync);
  return {
    label: opts.label,
    session,
    fdb,
    /** What its sync did (printed by converged() for a document that differs). */
    trace,
    pushes,
    pulls,
    customers: createCustomerCommands(async () => fdb),
    get online() {
      return online;
    },
    setOnline(v: boolean) {
      online = v;
      trace.note(v ? 'online' : 'offline');
      fdb.sync.reconnect();
    },
    dropNextPushResponses(n: number) {
      dropPushResponses = n;
    },
    /**
     * Holds the next request whose URL contains `match` before it leaves, until the returned
     * `release()`; `sent` resolves when it has left.
     */
    holdNextRequest(match: string) {
      let release!: () => void;
      let sent!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const left = new Promise<void>((r) => (sent = r));
      held.push({ match, gate, sent });
      return { release, sent: left };
    },
    /** Live documents of a collection, plain, sorted by id. */
    async docs<T = Record<string, unknown>>(c: CollectionName): Promise<T[]> {
      const docs = await fdb.db.collections[c].find().exec();
      const plain = docs.map((d) => d.toMutableJSON() as unknown as { id: string });
      return plain.sort((a, b) => a.id.localeCompare(b.id)) as unknown as T[];
    },
    close: () => fdb.close(),
  };
}

/** Live documents as the server has them (plain pull until the end). */
export async function serverDocs(server: TestServer, token: string, c: CollectionName): Promise<Record<string, unknown>[]> {
  const byId = new Map<string, Record<string, unknown>>();
  let checkpoint: unknown = null;
  for (;;) {
    const q = new URLSearchParams({ limit: '500' });
    if (checkpoint) q.set('checkpoint', JSON.stringify(checkpoint));
    const res = await api(server, `/api/sync/${c}/pull?${q}`, { token });
    if (res.status !== 200) throw new Error(`pull ${res.status} ${JSON.stringify(res.body)}`);
    for (const d of res.body.documents) byId.set(d.id, d);
    if (res.body.documents.length === 0) break;
    checkpoint = res.body.checkpoint;
  }
  return [...byId.values()]
    .filter((d) => !d._deleted)
    .map(({ _deleted, ...d }) => d)
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

/** Same documents (by id and content, updated_at ignored: the server stamps it). */
export function sameDocs(a: Record<string, unknown>[], b: Record<string, unknown>[]): boolean {
  return a.length === b.length && a.every((d, i) => sameDocumentState(d, b[i]));
}

export async function eventually<T>(fn: () => Promise<T>, what: string, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      last = e;
    }
    if (Date.now() - start > timeoutMs) {
      throw new Error(`timed out waiting for: ${what}\n${last instanceof Error ? last.message : String(last)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function check(cond: boolean, message: string): void {
  if (!cond) throw new Error(message);
}

/** Waits until the client equals the server for these collections and has nothing pending. */
export async function converged(server: TestServer, token: string, clients: Client[], collections = TEST_COLLECTIONS, timeoutMs = 30_000) {
  await eventually(
    async () => {
      for (const c of collections) {
        const expected = await serverDocs(server, token, c);
        for (const client of clients) {
          const got = await client.docs(c);
          if (!sameDocs(got, expected)) {
            const found = diff(got, expected);
            const id = /"id":"([0-9a-f]{8})/.exec(found)?.[1];
            const trace = id ? `\nsync trace of ${id}:\n${traceOf(clients.map((k) => k.trace), id).join('\n')}` : '';
            check(false, `${client.label}.${c}: ${got.length} docs vs server ${expected.length}\n${found}${trace}`);
          }
        }
      }
      for (const client of clients) {
        check(client.fdb.sync.status$.value.pending === 0, `${client.label} still has ${client.fdb.sync.status$.value.pending} pending`);
      }
    },
    'clients converge with the server',
    timeoutMs,
  );
}

function diff(a: Record<string, unknown>[], b: Record<string, unknown>[]): string {
  const bm = new Map(b.map((d) => [d.id, d]));
  const am = new Map(a.map((d) => [d.id, d]));
  const lines: string[] = [];
  for (const d of a) {
    const o = bm.get(d.id);
    if (!o) lines.push(`only on client: ${JSON.stringify(d)}`);
    else if (!sameDocumentState(d, o)) lines.push(`differs: client ${JSON.stringify(d)}\n         server ${JSON.stringify(o)}`);
  }
  for (const d of b) if (!am.has(d.id)) lines.push(`only on server: ${JSON.stringify(d)}`);
  return lines.slice(0, 5).join('\n');
}

/**
 * Closes the server's HTTP side like a crash: every socket is cut, also sockets a client
 * opened without sending a request yet (Node's server.close() would wait up to 60 s for them).
 */
export async function killServer(server: TestServer): Promise<void> {
  const http = server.app.server;
  const closing = server.app.close();
  http.closeAllConnections();
  const timer = setInterval(() => http.closeAllConnections(), 50);
  try {
    await closing;
  } finally {
    clearInterval(timer);
  }
}

/** server.stop() without waiting on idle client sockets. */
export async function stopServer(server: TestServer | undefined): Promise<void> {
  if (!server) return;
  try {
    await killServer(server);
  } catch {
    /* already closed */
  }
  await server.stop();
}

/**
 * What most replication files share: one server for the describe block (on `backend`), and the
 * clients a test opens (pushed onto `clients`), closed after each test.
 */
export function serverForSuite(backend: Backend) {
  const suite = { server: undefined as unknown as TestServer, clients: [] as Client[] };
  beforeAll(async () => {
    suite.server = await startTestServer({ backend });
  });
  afterEach(async () => {
    await Promise.all(suite.clients.map((c) => c.close().catch(() => undefined)));
    suite.clients = [];
  });
  afterAll(async () => {
    await stopServer(suite.server);
  });
  return suite;
}
