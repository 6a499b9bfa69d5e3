/**
 * `npm run soak` — the seeded randomized convergence test at scale (not part of `npm test`).
 * See tests/soak/scenario.ts for what one run does and checks, worker.ts for how runs share
 * a server process and devices. One worker process per backend runs its share of the runs.
 *
 *   SOAK_RUNS=10000           runs in total, split over the backends
 *   SOAK_MINUTES=180          optional time limit (running runs finish)
 *   SOAK_BACKENDS=pglite,postgres
 *   SOAK_CONCURRENCY=2        runs at once per backend (they share 4 devices and one server)
 *   SOAK_KILL_RATE=0.1        share of runs that SIGKILL the server once (mid-push or mid-pull)
 *   SOAK_SKEW_SECONDS=180     largest clock skew of a device (±); 0 = every device on time
 *   SOAK_EPOCH_RUNS=250       runs per server database before a fresh one
 *   SOAK_RENEW_RATE=0.05      share of released devices replaced by a new one (its first download, as a snapshot)
 *   SOAK_SEED_BASE=<n>        first seed (default random); run i uses base + i·backends + k
 *   SOAK_SEND_AHEAD=0         new documents pushed only through RxDB's upstream (sent ahead in the app)
 *   SOAK_WORK_ORDERS_FIRST=1  the first epoch's devices open the ordens de serviço set (odd epochs: stock)
 *   FORJA_SEED=<n>            replay one seed on each backend, prints its step log (with SOAK_RUNS=n: n times;
 *                             the steps replay exactly, their timing against the sync loops does not)
 *   DATABASE_URL              PostgreSQL admin connection (default postgres://postgres@127.0.0.1:5432/test);
 *                             each server database is created next to it and dropped after
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';
import type { Backend } from './server';
import { runWorker, defaultConcurrency, type WorkerEvent } from './worker';
import { CONVERGE_LIMIT_MS, type RunResult } from './scenario';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

function num(name: string, fallback: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number (got ${v})`);
  return n;
}

const replaySeed = process.env.FORJA_SEED ? Number(process.env.FORJA_SEED) : null;
const config = {
  runs: replaySeed !== null ? num('SOAK_RUNS', 1) : num('SOAK_RUNS', 10_000),
  minutes: num('SOAK_MINUTES', 0),
  backends: (process.env.SOAK_BACKENDS ?? 'pglite,postgres').split(',').map((s) => s.trim()).filter(Boolean) as Backend[],
  concurrency: replaySeed !== null ? 1 : Math.max(1, Math.floor(num('SOAK_CONCURRENCY', defaultConcurrency()))),
  killRate: num('SOAK_KILL_RATE', 0.1),
  skewSeconds: num('SOAK_SKEW_SECONDS', 180),
  epochRuns: Math.max(1, Math.floor(num('SOAK_EPOCH_RUNS', 250))),
  renewRate: num('SOAK_RENEW_RATE', 0.05),
  seedBase: num('SOAK_SEED_BASE', Math.floor(Math.random() * 2 ** 30)),
  adminUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  progressSeconds: num('SOAK_PROGRESS_SECONDS', 30),
};

// ---------------------------------------------------------------- worker process
if (process.env.SOAK_WORKER_BACKEND) {
  const backend = process.env.SOAK_WORKER_BACKEND as Backend;
  const k = config.backends.indexOf(backend);
  const share = replaySeed !== null ? config.runs : Math.floor(config.runs / config.backends.length) + (k < config.runs % config.backends.length ? 1 : 0);
  const deadline = config.minutes ? Date.now() + config.minutes * 60_000 : Infinity;
  let next = 0;
  let stop = false;
  process.on('SIGINT', () => (stop = true));
  process.on('message', (m) => {
    if (m === 'stop') stop = true;
  });
  const send = (e: WorkerEvent) => process.send!(e);
  runWorker(
    {
      backend,
      remaining: () => share - next,
      seeds: () => {
        if (next >= share) return null;
        const i = next++;
        return replaySeed !== null ? replaySeed : (config.seedBase + i * config.backends.length + k) % 2 ** 31;
      },
      concurrency: config.concurrency,
      epochRuns: config.epochRuns,
      renewRate: config.renewRate,
      killRate: config.killRate,
      maxSkewMs: config.skewSeconds * 1000,
      adminUrl: config.adminUrl,
      repoRoot,
      shouldStop: () => stop || Date.now() > deadline,
    },
    send,
  ).then(
    () => process.exit(0),
    () => process.exit(2),
  );
} else {
  void main();
}

// ---------------------------------------------------------------- orchestrator
type Tally = {
  runs: number;
  failures: RunResult[];
  converge: number[];
  stalls: number;
  kills: { push: number; pull: number; inFlight: number; notFired: number };
  writes: number;
  refused: number;
  replays: number;
  drops: number;
  server: { kills: number; killsHeld: number; restarts: number; restartMs: number[]; crashes: string[] };
  renewed: number;
  snapshotPulls: number;
  epochs: number;
  epochStartMs: number[];
  errors: string[];
  exited: number | null;
};

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '—');

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const started = Date.now();
  for (const b of config.backends) if (b !== 'pglite' && b !== 'postgres') throw new Error(`unknown backend ${b}`);
  if (config.backends.includes('postgres') && !(await postgresReachable(config.adminUrl))) {
    console.error(`PostgreSQL is not reachable at ${config.adminUrl} (set DATABASE_URL, or SOAK_BACKENDS=pglite)`);
    process.exit(1);
  }
  console.log(
    replaySeed !== null
      ? `soak: replaying FORJA_SEED=${replaySeed} ${config.runs}× on ${config.backends.join(', ')} (kill rate ${config.killRate}, clock skew ±${config.skewSeconds} s)`
      : `soak: ${config.runs} runs on ${config.backends.join(' + ')}${config.minutes ? `, at most ${config.minutes} min` : ''}; ` +
          `${config.concurrency} at once per backend, kill rate ${config.killRate}, clock skew ±${config.skewSeconds} s, ${config.epochRuns} runs per server database, seeds from ${config.seedBase}`,
  );

  const tallies = new Map<Backend, Tally>();
  const children = config.backends.map((backend) => {
    const t: Tally = {
      runs: 0, failures: [], converge: [], stalls: 0, kills: { push: 0, pull: 0, inFlight: 0, notFired: 0 },
      writes: 0, refused: 0, replays: 0, drops: 0, renewed: 0, snapshotPulls: 0, server: { kills: 0, killsHeld: 0, restarts: 0, restartMs: [], crashes: [] },
      epochs: 0, epochStartMs: [], errors: [], exited: null,
    };
    tallies.set(backend, t);
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, SOAK_WORKER_BACKEND: backend, SOAK_SEED_BASE: String(config.seedBase) },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (m: WorkerEvent) => {
      if (m.type === 'result') {
        const r = m.result;
        t.runs++;
        if (r.convergeMs !== null) t.converge.push(r.convergeMs);
        if (r.stalled) t.stalls++;
        if (r.kill) {
          if (!r.kill.fired) t.kills.notFired++;
          else if (r.kill.done) {
            t.kills[r.kill.kind]++;
            if (r.kill.inFlight) t.kills.inFlight++;
          }
        }
        t.writes += r.writes;
        t.refused += r.refused;
        t.replays += r.replays;
        t.drops += r.drops;
        if (!r.ok) {
          t.failures.push(r);
          console.log(
            `\n[${backend}] run FAILED (${r.failure}) — seed ${r.seed}: ${(r.error ?? '').slice(0, 2000)}\n  replay: ${replayCommand(r.seed, backend)}` +
              (replaySeed === null ? `\n  its step log (last 160 lines):\n${r.log.slice(-160).join('\n')}\n` : ''),
          );
        }
        if (replaySeed !== null && (config.runs === 1 || !r.ok)) console.log(`\n[${backend}] step log of seed ${r.seed}:\n${r.log.join('\n')}`);
      } else if (m.type === 'epoch') {
        t.epochs++;
        t.epochStartMs.push(m.startMs);
      } else if (m.type === 'server') {
        t.server.kills += m.kills;
        t.renewed += m.renewed;
        t.snapshotPulls += m.snapshotPulls;
        t.server.killsHeld += m.killsHeld;
        t.server.restarts += m.restarts;
        t.server.restartMs.push(...m.restartMs);
        t.server.crashes.push(...m.crashes);
        for (const c of m.crashes) console.error(`\n[${backend}] the server process ended by itself: ${c}`);
      } else if (m.type === 'error') {
        t.errors.push(m.message);
        console.error(`\n[${backend}] worker error: ${m.message}`);
      }
    });
    const exited = new Promise<void>((resolve) =>
      child.once('exit', (code) => {
        t.exited = code;
        resolve();
      }),
    );
    return { child, exited };
  });

  // Ctrl-C: the workers (same process group) finish their running runs and clean up.
  process.on('SIGINT', () => console.log('\nsoak: stopping after the running runs…'));

  const progress = config.progressSeconds > 0 && replaySeed === null
    ? setInterval(() => console.log(progressLine(tallies, started)), config.progressSeconds * 1000)
    : null;
  await Promise.all(children.map((c) => c.exited));
  if (progress) clearInterval(progress);

  const failed = report(tallies, started);
  process.exit(failed ? 1 : 0);
}

function progressLine(tallies: Map<Backend, Tally>, started: number): string {
  const s = (Date.now() - started) / 1000;
  const parts = [...tallies].map(([b, t]) => `${b} ${t.runs} runs (${t.failures.length} failed, converge p95 ${ms(pct(t.converge, 95))})`);
  const total = [...tallies.values()].reduce((n, t) => n + t.runs, 0);
  return `[${Math.round(s)} s] ${parts.join(' · ')} · ${(total / s).toFixed(2)} runs/s`;
}

/** The scenario depends on the seed, the kill rate and the skew: the command carries the last two when set. */
function replayCommand(seed: number, backend: Backend): string {
  const extra = ['SOAK_KILL_RATE', 'SOAK_SKEW_SECONDS', 'SOAK_SEND_AHEAD'].filter((k) => process.env[k]).map((k) => `${k}=${process.env[k]} `).join('');
  return `FORJA_SEED=${seed} SOAK_BACKENDS=${backend} ${extra}npm run soak`;
}

function kinds(failures: RunResult[]): string {
  const by = new Map<string, number>();
  for (const f of failures) by.set(f.failure ?? 'error', (by.get(f.failure ?? 'error') ?? 0) + 1);
  return [...by].map(([k, n]) => `${k} ${n}`).join(', ');
}

function report(tallies: Map<Backend, Tally>, started: number): boolean {
  const wall = (Date.now() - started) / 1000;
  let anyFailed = false;
  const lines = ['', '════════════════ soak result ════════════════'];
  let total = 0;
  for (const [b, t] of tallies) {
    total += t.runs;
    const failed = t.failures.length > 0 || t.errors.length > 0 || t.exited !== 0 || t.server.crashes.length > 0;
    anyFailed ||= failed;
    lines.push(
      `${b}: ${t.runs} runs, ${t.failures.length} failed${t.errors.length ? `, worker errors ${t.errors.length}` : ''}${t.exited !== 0 ? ` (worker exit ${t.exited})` : ''}`,
      `  time to converge after the heal: p50 ${ms(pct(t.converge, 50))}, p95 ${ms(pct(t.converge, 95))}, max ${ms(Math.max(...t.converge))} (limit ${CONVERGE_LIMIT_MS / 1000} s)`,
      `  stalls (pending never cleared): ${t.stalls}`,
      `  failures by kind: ${kinds(t.failures) || 'none'}`,
      `  server SIGKILLs: ${t.server.kills} (mid-push ${t.kills.push}, mid-pull ${t.kills.pull}; answer not yet sent ${t.kills.inFlight}); ` +
        `skipped while another run measured ${t.server.killsHeld}, armed but no such request before the heal ${t.kills.notFired}; ` +
        `restarts ${t.server.restarts}, restart p50 ${ms(pct(t.server.restartMs, 50))}; crashes by itself ${t.server.crashes.length}`,
      `  writes ${t.writes}, refused by the server ${t.refused}, lost push answers ${t.drops}, late old pushes ${t.replays}; ` +
        `server databases ${t.epochs} (fresh one ready in p50 ${ms(pct(t.epochStartMs, 50))})`,
      `  new devices joining mid-epoch ${t.renewed} (first download as a snapshot: ${t.snapshotPulls} page requests)`,
    );
    for (const f of t.failures.slice(0, 20)) {
      lines.push(`  FAILED (${f.failure}) seed ${f.seed}: ${f.error?.split('\n')[0]}`, `    replay: ${replayCommand(f.seed, b)}`);
    }
    if (t.failures.length > 20) lines.push(`  … and ${t.failures.length - 20} more failed seeds`);
  }
  lines.push(`wall time ${wall.toFixed(0)} s, ${total} runs, ${(total / wall).toFixed(2)} runs/s`);
  if (replaySeed === null && total > 0) {
    const first = [...tallies.values()].flatMap((t) => t.failures)[0];
    if (first) lines.push('', `step log of the first failed run (seed ${first.seed}), last 40 lines:`, ...first.log.slice(-40));
  }
  lines.push(anyFailed ? 'RESULT: FAILED' : 'RESULT: ok');
  console.log(lines.join('\n'));
  return anyFailed;
}
