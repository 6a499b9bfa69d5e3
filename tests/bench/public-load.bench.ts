/**
 * `npm run bench:load` — a public quotation page under load (issue 10), printed, not asserted.
 *
 * The real server in its own process (production build of the routes, logging at warn) with the
 * public rate limit lifted, on the embedded PGlite and on PostgreSQL (a fresh database next to
 * DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, dropped at the end). One seeded
 * quotation; autocannon opens 50 connections for 20 s against GET /api/public/quotations/{code}.
 * The server keeps public answers in memory until what they show changes (public/view-cache.ts),
 * so that one link is answered from memory; a second run spreads the requests over
 * BENCH_LOAD_CODES (5,000) already-viewed quotations at random — more than the server keeps
 * (1,000), so most requests read the database: the cold path.
 * Goal on PostgreSQL: ≥ 3,000 req/s with p99 ≤ 20 ms. Knobs: BENCH_LOAD_SECONDS, BENCH_LOAD_CONNECTIONS,
 * BENCH_LOAD_CODES, BENCH_BACKENDS (pglite,postgres).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { companyDoc, customerDoc, prepareStaff, quotationDoc, seed, startServer, type RunningServer } from '../support/e2e';
import { createTestDatabase, type TestDatabase } from '../support/db';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const CODES = Number(process.env.BENCH_LOAD_CODES ?? 5000);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[];
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  backend: string;
  scenario: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function rowOf(backend: string, scenario: string, r: autocannon.Result): Row {
  return {
    backend,
    scenario,
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function run(backend: 'pglite' | 'postgres'): Promise<Row[]> {
  let pg: TestDatabase | null = null;
  let server: RunningServer | null = null;
  try {
    const env: Record<string, string> = { FORJA_PUBLIC_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn' };
    if (backend === 'postgres') {
      pg = await createTestDatabase('postgres');
      env.DATABASE_URL = pg.databaseUrl!;
    }
    server = await startServer({ env, allowMissingBuild: true });
    const staff = await prepareStaff(server);
    const customer = customerDoc({ name: 'Cliente da carga' });
    await seed(server, staff, 'customers', [customer]);
    await seed(server, staff, 'company', [companyDoc()]);
    const q = quotationDoc({ customer_id: customer.id });
    await seed(server, staff, 'quotations', [q]);
    const url = `${server.url}/api/public/quotations/${q.code}?k=${q.link_secret}`;
    // Warm up (first view marks viewed_at; JIT, connection pool).
    await autocannon({ url, connections: 10, duration: 2 });
    const one = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });

    // Many links, already viewed (no first-view write), asked at random.
    const viewedAt = new Date().toISOString();
    const many = Array.from({ length: CODES }, (_, i) => quotationDoc({ code: `ORC-L${String(i).padStart(6, '0')}`, customer_id: customer.id, viewed_at: viewedAt }));
    for (let i = 0; i < many.length; i += 500) await seed(server, staff, 'quotations', many.slice(i, i + 500));
    const paths = many.map((m) => `/api/public/quotations/${m.code}?k=${m.link_secret}`);
    const random = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }) }],
    });
    return [rowOf(backend, 'one link (from memory)', one), rowOf(backend, `${CODES.toLocaleString('en')} links at random (mostly cold)`, random)];
  } finally {
    await server?.dispose().catch(() => {});
    await pg?.drop().catch(() => {});
  }
}

async function main() {
  console.log(`bench:load — ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`GET /api/public/quotations/{code}, ${CONNECTIONS} connections, ${SECONDS} s, rate limit lifted\n`);
  const rows: Row[] = [];
  for (const b of BACKENDS) rows.push(...(await run(b)));
  console.log('| backend | requests to | requests | req/s | p50 ms | p99 ms | non-2xx | errors | goal (PostgreSQL) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const goal = r.backend === 'postgres' ? `${r.rps >= 3000 && r.p99 <= 20 ? 'met' : 'not met'} (≥3,000 req/s, p99 ≤20 ms)` : '—';
    console.log(`| ${r.backend} | ${r.scenario} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${goal} |`);
  }
  console.log('\nBefore (issue 10, one link, no answers kept): PostgreSQL 4,154 req/s, p99 34 ms; PGlite 985 req/s, p99 91 ms.');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
