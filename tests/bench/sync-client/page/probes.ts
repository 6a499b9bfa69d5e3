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
