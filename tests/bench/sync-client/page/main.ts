/**
 * The bench page. Node (tests/bench/sync.bench.ts) drives it through `window.forjaBench`
 * with page.evaluate; every timing is taken here, inside the browser, so the playwright
 * round trips never count.
 *
 * Timestamps are `performance.timeOrigin + performance.now()`: one clock for every page of
 * the same browser, sub-millisecond, so a write on page A and its arrival on page B compare.
 */
import type { RxChangeEvent } from 'rxdb';
import { openAppClient } from './app-client';
import type { AppClient } from './client-types';
import { benchCustomer } from './docs';
import { appValidator, floors, pipelinedStore, rawIdb, rawPull, rawStore } from './probes';
import { installInstrumentation, setTracing, startRecording, stopRecording, takeTrace, type PullBreakdown } from './instrument';

installInstrumentation();

const now = () => performance.timeOrigin + performance.now();
const FIRST_PAGE = 10;

let token: string | null = null;
/** The signed-in user, whom the app's database is opened for (it stamps created_by / updated_by). */
let userId: string | null = null;
let client: AppClient | null = null;
/** Arrival time of each watched document id on this page. */
const arrivals = new Map<string, number>();
const waiters = new Map<string, (t: number) => void>();

function need<T>(v: T | null, what: string): T {
  if (v === null) throw new Error(`bench page: ${what} first`);
  return v;
}

async function login(email: string, password: string, deviceId: string): Promise<string> {
  const res = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ email, password, device_id: deviceId, device_name: `bench ${deviceId}` }),
  });
  if (!res.ok) throw new Error(`login ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  token = body.access_token;
  userId = body.user.id;
  return token;
}

const api = {
  login,

  /**
   * Opens the app's database + replication and waits until the first sync is done.
   * `record` also splits the time into network / IndexedDB / the rest (instrument.ts).
   */
  async open(
    name: string,
    record = false,
  ): Promise<{ openMs: number; firstPageMs: number | null; syncMs: number; counts: Record<string, number>; breakdown: PullBreakdown | null }> {
    if (record) startRecording();
    const t0 = now();
    client = await openAppClient({ name, userId, getToken: () => need(token, 'login') });
    const t1 = now();
    // "First screen usable": a list page's worth of customers (10) stored locally, which the
    // app's live lists show at once while the rest of the first sync streams in.
    let firstPageMs: number | null = null;
    const sub = client.customers().count().$.subscribe((n) => {
      if (firstPageMs === null && n >= FIRST_PAGE) firstPageMs = now() - t0;
    });
    await client.awaitInitialSync();
    const t2 = now();
    sub.unsubscribe();
    const breakdown = record ? stopRecording() : null;
    return { openMs: t1 - t0, firstPageMs, syncMs: t2 - t0, counts: await client.counts(), breakdown };
  },

  /** Which replication code runs (the app's src/data or the bench's minimal fallback). */
  kind(): string {
    return `${client?.kind ?? 'not open'}, validator ${appValidator()}`;
  },

  async counts(): Promise<Record<string, number>> {
    return need(client, 'open').counts();
  },

  /**
   * Push throughput: n new customers written locally (in chunks, like an import would), then
   * wait until the replication has nothing left to push — every write acknowledged by the server.
   */
  async pushMany(n: number, prefix: string, chunk: number): Promise<{ localMs: number; totalMs: number }> {
    const c = need(client, 'open');
    const docs = Array.from({ length: n }, (_, i) => benchCustomer(`${prefix}-${i}`, i));
    const t0 = now();
    for (let i = 0; i < docs.length; i += chunk) {
      await c.bulkInsert(docs.slice(i, i + chunk));
    }
    const t1 = now();
    await c.awaitInSync();
    const t2 = now();
    return { localMs: t1 - t0, totalMs: t2 - t0 };
  },

  /**
   * Starts recording when customers appear on this page (any id: the live writes' ids are made
   * by the writing page's data layer, as in the app).
   */
  watch(): void {
    const c = need(client, 'open');
    c.customers().$.subscribe((ev: RxChangeEvent<unknown>) => {
      const id = ev.documentId;
      if (arrivals.has(id)) return;
      const t = now();
      arrivals.set(id, t);
      waiters.get(id)?.(t);
      waiters.delete(id);
    });
  },

  /**
   * One live write on this page; returns the times just before the write started and when it
   * resolved, and the id it was stored under. `tag` only makes the phone unique.
   */
  async writeOne(tag: string, i: number): Promise<{ start: number; written: number; id: string }> {
    const c = need(client, 'open');
    const start = now();
    const id = await c.insert(benchCustomer(tag, i));
    return { start, written: now(), id };
  },

  syncState(): unknown {
    return need(client, 'open').syncState();
  },

  /** Live-path trace of push/pull requests and stream events (instrument.ts). */
  trace(on: boolean) {
    setTracing(on);
    return takeTrace();
  },

  /** When `id` arrived on this page (waits up to timeoutMs); null when it never did. */
  async arrival(id: string, timeoutMs: number): Promise<number | null> {
    const seen = arrivals.get(id);
    if (seen !== undefined) return seen;
    return new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        waiters.delete(id);
        resolve(null);
      }, timeoutMs);
      waiters.set(id, (t) => {
        clearTimeout(timer);
        resolve(t);
      });
    });
  },

  /** Profile: the pull endpoint alone (network + server + JSON), no storage. */
  rawPull: (collection: string, limit: number) => rawPull(collection, limit, need(token, 'login')),
  /** Profile: RxDB + Dexie writes alone, no network. */
  rawStore,
  /** Profile: the server's pages fetched ahead and bulk-inserted as they come (no replication). */
  pipelinedStore: (collection: string, limit: number) => pipelinedStore(collection, limit, need(token, 'login')),
  /** Profile: IndexedDB alone (no Dexie, no RxDB, no network): the first sync's ceiling. */
  rawIdb,
  /** Profile: one request and one IndexedDB write with nothing of ours in the way. */
  floors,

  async close(): Promise<void> {
    await client?.close();
    client = null;
  },
};

/**
 * Every call runs in a fresh task, not inside playwright's evaluate: CDP's Runtime.evaluate
 * allows eval even where the page's CSP forbids it, so code run synchronously inside it (the
 * data layer's "is eval allowed?" check) would see a browser that does not exist.
 */
function inOwnTask<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>): (...args: A) => Promise<R> {
  return (...args: A) =>
    new Promise<R>((resolve, reject) => {
      setTimeout(() => {
        Promise.resolve()
          .then(() => fn(...args))
          .then(resolve, reject);
      }, 0);
    });
}

type Api = typeof api;
const bench = Object.fromEntries(
  Object.entries(api).map(([k, fn]) => [k, inOwnTask(fn as (...a: unknown[]) => unknown)]),
) as { [K in keyof Api]: (...args: Parameters<Api[K]>) => Promise<Awaited<ReturnType<Api[K]>>> };

declare global {
  interface Window {
    forjaBench: typeof bench;
  }
}

window.forjaBench = bench;
document.getElementById('status')!.textContent = 'bench page ready';
