/**
 * A long-lived soak device: the app's own local database (createForjaDatabase, the data layer of
 * src/data/db, on fake-indexeddb) replicating with the soak server, with a network the soak
 * controls — like tests/replication/clients.ts, plus:
 * - killOnNext('push' | 'pull'): the next such request of this device SIGKILLs the server a few
 *   milliseconds after it was sent (mid-push / mid-pull);
 * - dropNextPushResponses(n): the server stores the push, the answer is lost, the device retries
 *   (a duplicated push);
 * - replayOldPush(): an earlier push of this device arrives again, late — after the pushes that
 *   followed it (a reordered, duplicated request).
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { randomUUID } from 'node:crypto';
import type { CollectionName } from '@shared';
import { createForjaDatabase, type ForjaDatabase } from '../../src/data/db/create-database';
import { pendingKey } from '../../src/data/db/sync-state';
import type { SoakServer } from './server';
import { SOAK_PASSWORD } from './server';
import { SyncTrace } from '../support/sync-trace';

/**
 * What a device opens. RxDB's open-source build allows 13 open collections per process and the
 * pool has 4 devices, so a device opens 3: an epoch's devices have either the stock set or the
 * ordens de serviço set (issue 31), alternating by epoch (worker.ts); both have customers.
 */
export const SOAK_COLLECTION_SETS = {
  stock: ['customers', 'stock_items', 'stock_movements'] as CollectionName[],
  workOrders: ['customers', 'work_orders', 'work_order_events'] as CollectionName[],
};
/** Every collection a run may write (the checker reads them all over HTTP). */
export const SOAK_COLLECTIONS: CollectionName[] = ['customers', 'stock_items', 'stock_movements', 'work_orders', 'work_order_events'];

export interface KillTrap {
  kind: 'push' | 'pull';
  delayMs: number;
  downMs: number;
  /** Filled in when it fired: did the request's answer arrive before the kill? */
  fired?: { answeredFirst: boolean; killed: boolean };
  onFire?: () => void;
}

export class LoginError extends Error {}

export async function login(server: SoakServer, email: string, deviceId: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SOAK_PASSWORD, device_id: deviceId, device_name: deviceId }),
  });
  if (!res.ok) throw new LoginError(`login ${email} ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; user: { id: string; first_access: boolean } };
  if (body.user.first_access) throw new LoginError(`${email}: first access still pending`);
  return { token: body.access_token, userId: body.user.id };
}

export class SoakClient {
  online = true;
  /** Pull requests of a first download written as a snapshot (their page size is the soak's). */
  snapshotPulls = 0;
  snapshotLimit: string | null = null;
  /** Clock skew of this device for the current run (ms), applied with withClock(). */
  skewMs = 0;
  /** The collections this device opened (SOAK_COLLECTION_SETS). */
  collections: CollectionName[] = SOAK_COLLECTION_SETS.stock;
  private dropPushResponses = 0;
  private sentPushes: { url: string; body: string }[] = [];
  private trap: KillTrap | null = null;
  requests = { push: 0, pull: 0 };
  /** What this device's sync did in the current run (tests/support/sync-trace.ts). */
  readonly trace: SyncTrace;

  private constructor(
    readonly label: string,
    readonly email: string,
    private token: string,
    readonly fdb: ForjaDatabase,
    private readonly server: SoakServer,
  ) {
    this.trace = new SyncTrace(label);
    this.traced = this.trace.fetch((url, init) => this.requestUntraced(url, init));
  }

  private readonly traced: (url: string, init?: RequestInit) => Promise<Response>;

  static async open(server: SoakServer, label: string, email: string, opts: { snapshotPageSize?: number; collections?: CollectionName[] } = {}): Promise<SoakClient> {
    const deviceId = `soak-${label}-${randomUUID().slice(0, 8)}`;
    const session = await login(server, email, deviceId);
    // eslint-disable-next-line prefer-const -- assigned after the database exists (its transport reads it)
    let client: SoakClient;
    const relogin = async () => {
      try {
        client.token = (await login(server, email, deviceId)).token;
        return true;
      } catch {
        return false;
      }
    };
    const fetchImpl: typeof fetch = (input, init) => client.request(String(input), init);
    const fdb = await createForjaDatabase({
      name: `forja_soak_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
      userId: session.userId,
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
      baseUrl: server.url,
      getToken: () => client?.token ?? session.token,
      refreshToken: relogin,
      fetch: fetchImpl,
      collections: opts.collections ?? SOAK_COLLECTION_SETS.stock,
      retryTime: 150,
      streamMaxBackoffMs: 1000,
      snapshotPageSize: opts.snapshotPageSize,
      // SOAK_SEND_AHEAD=0: new documents pushed only through RxDB's upstream (the app sends them ahead, send-ahead.ts).
      sendAhead: process.env.SOAK_SEND_AHEAD !== '0',
    });
    client = new SoakClient(label, email, session.token, fdb, server);
    client.collections = opts.collections ?? SOAK_COLLECTION_SETS.stock;
    client.trace.follow(fdb.sync.replications);
    client.trace.followEngine(fdb.sync);
    client.snapshotLimit = opts.snapshotPageSize ? `limit=${opts.snapshotPageSize}` : null;
    return client;
  }

  /** Closes the database and ends this device's session (a user has at most 3). */
  async retire(): Promise<void> {
    await this.close().catch(() => {});
    await fetch(`${this.server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${this.token}` } }).catch(() => {});
  }

  private request(url: string, init?: RequestInit): Promise<Response> {
    return this.traced(url, init);
  }

  private async requestUntraced(url: string, init?: RequestInit): Promise<Response> {
    if (!this.online) throw new TypeError('fetch failed (device offline)');
    const kind = url.includes('/push') ? 'push' : url.includes('/pull') ? 'pull' : null;
    if (kind) this.requests[kind]++;
    if (kind === 'pull' && this.snapshotLimit && new URL(url).searchParams.get('limit') === this.snapshotLimit.slice(6)) this.snapshotPulls++;
    if (kind === 'push' && typeof init?.body === 'string') {
      this.sentPushes.push({ url, body: init.body });
      if (this.sentPushes.length > 8) this.sentPushes.shift();
    }
    const trap = this.trap && this.trap.kind === kind ? this.trap : null;
    if (trap) this.trap = null;
    const pending = fetch(url, init);
    if (trap) {
      let answered = false;
      pending.then(() => (answered = true), () => (answered = true));
      setTimeout(() => {
        trap.fired = { answeredFirst: answered, killed: this.server.kill(trap.downMs) };
        trap.onFire?.();
      }, trap.delayMs);
    }
    const res = await pending;
    if (kind === 'push' && this.dropPushResponses > 0) {
      this.dropPushResponses--;
      await res.arrayBuffer();
      throw new TypeError('fetch failed (response lost)');
    }
    return res;
  }

  setOnline(v: boolean): void {
    this.online = v;
    this.trace.note(v ? 'online' : 'offline');
    this.fdb.sync.reconnect();
  }

  dropNextPushResponses(n: number): void {
    this.dropPushResponses = n;
  }

  killOnNext(trap: KillTrap): void {
    this.trap = trap;
  }

  disarm(): KillTrap | null {
    const t = this.trap;
    this.trap = null;
    return t;
  }

  /**
   * Sends one of this device's earlier pushes of this run again, now — after its answer and
   * possibly after later pushes (answer ignored). False when there is none or it failed.
   */
  async replayOldPush(pickIndex: (n: number) => number): Promise<boolean> {
    if (!this.online || this.sentPushes.length === 0) return false;
    const old = this.sentPushes[pickIndex(this.sentPushes.length)];
    try {
      const res = await fetch(old.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
        body: old.body,
      });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }

  /** Forget earlier pushes (a new run must only replay its own). */
  resetRun(): void {
    this.sentPushes = [];
    this.dropPushResponses = 0;
    this.trap = null;
    this.skewMs = 0;
    this.trace.reset();
  }

  /** Live local documents with these ids. */
  async docs(c: CollectionName, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
    const found = await this.fdb.db.collections[c].findByIds(ids).exec();
    const out = new Map<string, Record<string, unknown>>();
    for (const [id, d] of found) out.set(id, d.toMutableJSON() as unknown as Record<string, unknown>);
    return out;
  }

  pendingCount(): number {
    return this.fdb.sync.status$.value.pending;
  }

  isPending(c: CollectionName, id: string): boolean {
    return pendingKey(c, id) in this.fdb.sync.store.value.pending;
  }

  refusedIds(): Map<string, string> {
    return new Map(this.fdb.sync.status$.value.refused.map((r) => [r.id, r.message]));
  }

  close(): Promise<void> {
    return this.fdb.close();
  }
}
