/**
 * Seeded randomized convergence: 3 RxDB clients make random creates, edits, deletes and
 * stock movements, going offline and online, while the server is killed and restarted at
 * random points. At the end every client equals the server and no write is missing.
 * Replay a failure with FORJA_SEED=<seed printed on failure>.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { CustomerDoc, StockItemDoc, StockMovementDoc } from '@shared';
import { backends, startTestServer, type TestServer } from '../support/server';
import { insertDocument, patchDocument, removeDocument } from '../../src/data/db/writes';
import { converged, killServer, makeClient, serverDocs, stopServer, type Client } from './clients';

const STEPS = Number(process.env.FORJA_CONVERGENCE_STEPS ?? 120);

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(backends())('randomized convergence (%s)', (backend) => {
  let server: TestServer;
  let clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await stopServer(server);
  });

  test('3 clients, random writes, server killed at random points: everyone ends equal, nothing lost', async () => {
    const seed = process.env.FORJA_SEED ? Number(process.env.FORJA_SEED) : Math.floor(Math.random() * 2 ** 31);
    const rnd = mulberry32(seed);
    const pick = <T>(xs: T[]): T | undefined => (xs.length ? xs[Math.floor(rnd() * xs.length)] : undefined);
    const log: string[] = [];
    try {
      clients = [];
      for (const label of ['A', 'B', 'C']) clients.push(await makeClient(server, { label }));
      let phoneSeq = 0;
      const created = { customers: new Set<string>(), deleted: new Set<string>(), movements: new Map<string, { item: string; delta: number }>() };
      let serverDown = false;
      let restartAt = -1;

      for (let step = 0; step < STEPS; step++) {
        const client = pick(clients)!;
        const r = rnd();
        if (serverDown && step >= restartAt) {
          log.push(`${step}: restart server`);
          await server.restart();
          serverDown = false;
        }
        if (r < 0.25) {
          const doc = await insertDocument(client.fdb, 'customers', {
            name: `Cliente ${step}`,
            phone: `31 9${String(++phoneSeq).padStart(8, '0')}${seed % 97}`,
            whatsapp: rnd() < 0.5 ? null : `31 8${step}`,
            description: null,
          });
          created.customers.add(doc.id);
          log.push(`${step}: ${client.label} create customer ${doc.id.slice(0, 8)}`);
        } else if (r < 0.45) {
          const target = pick(await client.docs<CustomerDoc>('customers'));
          if (target) {
            const field = pick(['name', 'description', 'whatsapp'] as const)!;
            await patchDocument(client.fdb, 'customers', target.id, { [field]: `${field} ${client.label}${step}` });
            log.push(`${step}: ${client.label} edit ${target.id.slice(0, 8)}.${field}`);
          }
        } else if (r < 0.52) {
          const target = pick(await client.docs<CustomerDoc>('customers'));
          if (target) {
            await removeDocument(client.fdb, 'customers', target.id);
            created.deleted.add(target.id);
            log.push(`${step}: ${client.label} delete ${target.id.slice(0, 8)}`);
          }
        } else if (r < 0.6) {
          const id = () => randomUUID();
          const item = await insertDocument(client.fdb, 'stock_items', {
            category_id: id(), type_id: id(), material_id: id(), thickness_id: id(), dimension_id: id(),
            minimum_quantity: Math.floor(rnd() * 10), description: null,
          });
          log.push(`${step}: ${client.label} create stock item ${item.id.slice(0, 8)}`);
        } else if (r < 0.8) {
          const item = pick(await client.docs<StockItemDoc>('stock_items'));
          if (item) {
            const delta = Math.floor(rnd() * 21) - 10 || 1;
            const m = await insertDocument(client.fdb, 'stock_movements', { stock_item_id: item.id, delta, reason: null });
            created.movements.set(m.id, { item: item.id, delta });
            log.push(`${step}: ${client.label} movement ${delta} on ${item.id.slice(0, 8)}`);
          }
        } else if (r < 0.92) {
          client.setOnline(!client.online);
          log.push(`${step}: ${client.label} ${client.online ? 'online' : 'offline'}`);
        } else if (r < 0.96 && !serverDown) {
          log.push(`${step}: kill server`);
          await killServer(server);
          serverDown = true;
          restartAt = step + 1 + Math.floor(rnd() * 15);
        } else {
          await new Promise((res) => setTimeout(res, Math.floor(rnd() * 200)));
        }
        if (rnd() < 0.3) await new Promise((res) => setTimeout(res, Math.floor(rnd() * 30)));
      }

      if (serverDown) await server.restart();
      for (const c of clients) if (!c.online) c.setOnline(true);
      const token = clients[0].session.accessToken;
      await converged(server, token, clients, undefined, 90_000);

      // Nothing lost: every refusal has a reason, and every write not refused is on the server.
      const refused = new Set(clients.flatMap((c) => c.fdb.sync.status$.value.refused.map((x) => x.id)));
      for (const c of clients) for (const x of c.fdb.sync.status$.value.refused) expect(x.message).toBeTruthy();
      const customers = new Set((await serverDocs(server, token, 'customers')).map((d) => d.id as string));
      for (const id of created.customers) {
        if (!created.deleted.has(id) && !refused.has(id)) expect(customers.has(id), `customer ${id} missing`).toBe(true);
      }
      const movements = (await serverDocs(server, token, 'stock_movements')) as unknown as StockMovementDoc[];
      const onServer = new Set(movements.map((m) => m.id));
      for (const [id] of created.movements) if (!refused.has(id)) expect(onServer.has(id), `movement ${id} missing`).toBe(true);
      // Stock quantity = every movement, from every client, counted once.
      const expectedQty = new Map<string, number>();
      for (const [id, m] of created.movements) {
        if (!refused.has(id)) expectedQty.set(m.item, (expectedQty.get(m.item) ?? 0) + m.delta);
      }
      for (const [item, qty] of expectedQty) {
        const got = movements.filter((m) => m.stock_item_id === item).reduce((s, m) => s + m.delta, 0);
        expect(got, `quantity of ${item}`).toBe(qty);
      }
      expect(created.movements.size + created.customers.size).toBeGreaterThan(10);
    } catch (e) {
      console.error(`convergence failed — replay with FORJA_SEED=${seed}\n${log.slice(-40).join('\n')}`);
      throw new Error(`[FORJA_SEED=${seed}] ${(e as Error).message}`, { cause: e });
    }
  }, 300_000);
});
