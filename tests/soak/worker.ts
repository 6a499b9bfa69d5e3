/**
 * One backend's soak: a server process and a pool of 4 long-lived devices (2 users × 2
 * devices; RxDB's open-source build allows 13 open collections per process, each device
 * opens 3 — the stock set in odd epochs, the ordens de serviço set in even ones, client.ts), reused run after run — each run leases 2–3 devices for itself and works on
 * fresh documents. Every SOAK_EPOCH_RUNS runs (and after a stall, so one stuck device cannot
 * fail the runs after it) the server's database and the devices are replaced.
 */
import { cpus } from 'node:os';
import { SoakServer, type Backend } from './server';
import { SOAK_COLLECTION_SETS, SoakClient } from './client';
import { Checker } from './checker';
import { runScenario, type RunResult } from './scenario';

export interface WorkerOptions {
  backend: Backend;
  /** Seeds to run, in order. */
  seeds: () => number | null;
  remaining: () => number;
  concurrency: number;
  epochRuns: number;
  /** Share of released devices replaced by a new, empty one that downloads everything (its first sync). */
  renewRate: number;
  killRate: number;
  maxSkewMs: number;
  adminUrl: string;
  repoRoot: string;
  shouldStop: () => boolean;
}

export type WorkerEvent =
  | { type: 'result'; backend: Backend; result: RunResult }
  | { type: 'epoch'; backend: Backend; epoch: number; startMs: number }
  | { type: 'server'; backend: Backend; renewed: number; snapshotPulls: number; kills: number; killsHeld: number; restarts: number; restartMs: number[]; crashes: string[] }
  | { type: 'error'; backend: Backend; message: string };

const POOL = [
  { label: 'u1a', user: 0 },
  { label: 'u1b', user: 0 },
  { label: 'u2a', user: 1 },
  { label: 'u2b', user: 1 },
];

/**
 * A new device's first download is written as a snapshot (src/data/db/snapshot.ts) when it spans
 * more than one page: small pages here, so an epoch's few hundred documents take that path.
 */
const SNAPSHOT_PAGE = 20;

class Pool {
  private free: SoakClient[];
  private waiters: { n: number; resolve: (c: SoakClient[]) => void }[] = [];
  renewed = 0;
  /** Set when the epoch ends: no more renewals (its server is about to stop). */
  closed = false;
  private readonly renewing = new Set<Promise<unknown>>();
  /** Snapshot pull requests of devices already closed (renewed). */
  closedSnapshotPulls = 0;
  constructor(
    readonly all: SoakClient[],
    private readonly renew: { rate: number; open: (old: SoakClient) => Promise<SoakClient> },
  ) {
    this.free = [...all];
  }
  lease(n: number): Promise<{ clients: SoakClient[]; release(): void }> {
    const got = new Promise<SoakClient[]>((resolve) => {
      this.waiters.push({ n, resolve });
      this.serve();
    });
    return got.then((clients) => ({ clients, release: () => this.give(clients) }));
  }
  /** Ends renewals and waits for those under way (before the epoch closes its devices). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.renewing]);
  }
  private give(clients: SoakClient[]) {
    // A device with nothing left to send may be swapped for a new one: the next run then works
    // on a device that is still downloading everything, with the others writing meanwhile.
    const renewing = Promise.all(
      clients.map(async (c) => {
        if (this.closed || Math.random() >= this.renew.rate || c.fdb.sync.status$.value.pending > 0) return c;
        this.closedSnapshotPulls += c.snapshotPulls;
        await c.retire();
        // A new device must come: a failed sign-in (the server may be down after a kill) is retried,
        // and a device that cannot come within 30 s ends the worker (reported as a worker error)
        // rather than leaving the runs waiting for it.
        let fresh: SoakClient | null = null;
        for (let attempt = 1; !fresh; attempt++) {
          try {
            fresh = await this.renew.open(c);
          } catch (e) {
            if (attempt >= 30) throw e;
            await new Promise((r) => setTimeout(r, 1000));
          }
        }
        this.all[this.all.indexOf(c)] = fresh;
        this.renewed++;
        return fresh;
      }),
    ).then((ready) => {
      this.free.push(...ready);
      this.serve();
    });
    this.renewing.add(renewing);
    // A device that could not be replaced ends the worker loudly (reported as its exit).
    void renewing.finally(() => this.renewing.delete(renewing)).catch((e) => setImmediate(() => { throw e; }));
  }
  private serve() {
    while (this.waiters.length && this.waiters[0].n <= this.free.length) {
      const w = this.waiters.shift()!;
      w.resolve(this.free.splice(0, w.n));
    }
  }
}

export async function runWorker(opts: WorkerOptions, emit: (e: WorkerEvent) => void): Promise<void> {
  const { backend } = opts;
  const users = [`soak1@${backend}.soak`, `soak2@${backend}.soak`, `checker@${backend}.soak`];
  let exhausted = false;
  let attempt = 0;
  for (let epoch = 1; !exhausted && opts.remaining() > 0 && !opts.shouldStop(); epoch++) {
    const t0 = Date.now();
    const server = await SoakServer.create({ backend, adminUrl: opts.adminUrl, repoRoot: opts.repoRoot, users });
    const clients: SoakClient[] = [];
    let pool: Pool | null = null;
    try {
      // SOAK_WORK_ORDERS_FIRST=1: the ordens de serviço set in the first epoch (to replay such a seed with FORJA_SEED).
      const first = process.env.SOAK_WORK_ORDERS_FIRST === '1' ? 0 : 1;
      const collections = epoch % 2 === first ? SOAK_COLLECTION_SETS.stock : SOAK_COLLECTION_SETS.workOrders;
      const open = (label: string, user: number) => SoakClient.open(server, label, users[user], { snapshotPageSize: SNAPSHOT_PAGE, collections });
      for (const p of POOL) clients.push(await open(p.label, p.user));
      const checker = new Checker(server, users[2]);
      await checker.login();
      pool = new Pool(clients, {
        rate: opts.renewRate,
        open: (old) => open(old.label, POOL.find((p) => p.label === old.label)!.user),
      });
      emit({ type: 'epoch', backend, epoch, startMs: Date.now() - t0 });
      let inEpoch = 0;
      let failed = false;
      const lane = async () => {
        while (!failed && inEpoch < opts.epochRuns && !opts.shouldStop()) {
          const seed = opts.seeds();
          if (seed === null) {
            exhausted = true;
            return;
          }
          inEpoch++;
          const result = await runScenario(seed, { server, checker, lease: (n) => pool!.lease(n), killRate: opts.killRate, maxSkewMs: opts.maxSkewMs, attempt: attempt++ });
          // A stalled device (writes pending for good) would fail the next runs too: start over.
          // A run that diverged or lost a write only spoiled its own documents.
          if (result.stalled) failed = true;
          emit({ type: 'result', backend, result });
        }
      };
      await Promise.all(Array.from({ length: opts.concurrency }, lane));
    } catch (e) {
      emit({ type: 'error', backend, message: `${(e as Error).stack ?? e}\n--- server output ---\n${server.log()}` });
      throw e;
    } finally {
      await pool?.close();
      const snapshotPulls = (pool?.closedSnapshotPulls ?? 0) + clients.reduce((n, c) => n + c.snapshotPulls, 0);
      emit({ type: 'server', backend, renewed: pool?.renewed ?? 0, snapshotPulls, kills: server.kills, killsHeld: server.killsHeld, restarts: server.restarts, restartMs: server.restartMs.slice(1), crashes: server.crashes });
      await Promise.all(clients.map((c) => c.close().catch(() => {})));
      await server.stop().catch(() => {});
    }
  }
}

export const defaultConcurrency = () => Math.max(1, Math.min(2, cpus().length));
