/**
 * A new device's first download written as a snapshot (src/data/db/snapshot.ts, issue 20):
 * real RxDB clients (fake-indexeddb) against the real server. It leans on RxDB internals, so
 * each thing it must keep true is checked here: all documents arrive, nothing is pushed back,
 * later server changes to snapshot documents arrive, a local edit is merged against the
 * snapshot, a device with unsent writes does not take this path, an interrupted download
 * resumes, changes made meanwhile are not lost, and a restart pushes nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { getAssumedMasterState } from 'rxdb';
import type { CustomerDoc } from '@shared';
import { api, startTestServer, type TestServer } from '../support/server';
import { customer } from '../server/sync-fixtures';
import { openMetaAccess } from '../../src/data/db/snapshot';
import { check, converged, eventually, makeClient, serverDocs, stopServer, type Client } from './clients';

const COLLECTIONS = ['customers'] as const;
/** More than one snapshot page (1,000) and two RxDB pull batches (500). */
const SEEDED = 1_200;
const phone = () => `31 9${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`;

describe('first download as a snapshot (PGlite)', () => {
  let server: TestServer;
  let token: string;
  let clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend: 'pglite' });
    const seeder = await makeClient(server, { label: 'seeder', collections: [...COLLECTIONS] });
    token = seeder.session.accessToken;
    await seeder.close();
    for (let i = 0; i < SEEDED; i += 500) {
      const rows = Array.from({ length: Math.min(500, SEEDED - i) }, (_, j) => ({
        assumedMasterState: null,
        newDocumentState: customer({ id: `seed-${String(i + j).padStart(5, '0')}`, name: `Cliente ${i + j}` }),
      }));
      const res = await api(server, '/api/sync/customers/push', { token, body: rows });
      expect(res.status).toBe(200);
    }
  }, 120_000);
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    clients = [];
  });
  afterAll(async () => {
    await stopServer(server);
  });

  async function device(label: string, opts: Partial<Parameters<typeof makeClient>[1]> = {}) {
    const c = await makeClient(server, { label, collections: [...COLLECTIONS], ...opts });
    clients.push(c);
    return c;
  }
  const snapshotPulls = (c: Client) => c.pulls.filter((u) => u.includes('limit=1000'));
  const byId = async (c: Client, id: string) => (await c.docs<CustomerDoc>('customers')).find((d) => d.id === id);

  test('the download tells the lists how far it got: the server total, what is stored, done only at the end (issue 33 §3)', async () => {
    const b = await device('B');
    const seen: { done: boolean; stored: number; total: number | null }[] = [];
    const sub = b.fdb.sync.firstDownloads$.subscribe(() => seen.push(b.fdb.sync.firstDownloadOf('customers')));
    await b.fdb.sync.awaitInSync();
    await eventually(async () => check(b.fdb.sync.status$.value.initialSync === null, 'still downloading'), 'the first download to finish');
    sub.unsubscribe();
    const during = seen.filter((s) => !s.done);
    // While it ran: not finished, the server's total known, never more stored than there is.
    expect(during.map((s) => s.total)).toContain(SEEDED);
    expect(Math.max(...during.map((s) => s.stored))).toBeLessThanOrEqual(SEEDED);
    expect(b.fdb.sync.firstDownloadOf('customers')).toEqual({ done: true, stored: SEEDED, total: SEEDED });
    // Reopened, the device knows at once that this download finished (an empty list is then really empty).
    const dbName = b.fdb.name;
    await b.close();
    clients = clients.filter((c) => c !== b);
    const again = await device('B again', { name: dbName, session: b.session });
    expect(again.fdb.sync.firstDownloadOf('customers').done).toBe(true);
  });

  test('a new device takes everything as a snapshot, with one meta row, and pushes nothing back', async () => {
    const b = await device('B');
    await b.fdb.sync.awaitInSync();
    await converged(server, token, [b], [...COLLECTIONS], 60_000);
    expect(snapshotPulls(b).length).toBeGreaterThanOrEqual(2);
    // RxDB's upstream rescans after every pull request (its RESYNC) and after a reconnect.
    b.setOnline(false);
    b.setOnline(true);
    await b.fdb.sync.awaitInSync();
    await new Promise((r) => setTimeout(r, 500));
    expect(b.pushes).toEqual([]);
    // The snapshot's point: no per-document meta row (RxDB's pull writes one per document).
    const state = b.fdb.sync.replications.get('customers')!.internalReplicationState!;
    const seeded = Array.from({ length: SEEDED }, (_, i) => `seed-${String(i).padStart(5, '0')}`);
    const withMeta = Object.keys(await getAssumedMasterState(state, seeded));
    expect(withMeta.length).toBeLessThanOrEqual(1);
    // Another tab (not replicating) opens the same meta storage to record a base: same rows, same key.
    const access = await openMetaAccess(b.fdb.db.collections.customers as never, 'forja-sync-v1-customers');
    try {
      expect(await access.state.checkpointKey).toBe(await state.checkpointKey);
      expect(Object.keys(await getAssumedMasterState(access.state, seeded))).toEqual(withMeta);
      expect(await access.state.input.hashFunction(access.state.input.identifier)).toBe(await state.input.hashFunction(state.input.identifier));
    } finally {
      await access.close();
    }
  });

  test('a snapshot document changed later on the server arrives; a restart pushes nothing', async () => {
    const b = await device('B');
    await b.fdb.sync.awaitInSync();
    const a = await device('A');
    await a.fdb.sync.awaitInSync();
    const id = 'seed-00007';
    await a.customers.update(id, { description: 'Mudou no servidor depois do download' });
    await eventually(async () => check((await byId(b, id))?.description === 'Mudou no servidor depois do download', 'B sees the change'), 'the change reaches B');
    const name = b.fdb.name;
    await b.close();
    clients = clients.filter((c) => c !== b);
    const again = await device('B again', { name, session: b.session });
    await again.fdb.sync.awaitInSync();
    await new Promise((r) => setTimeout(r, 500));
    expect(again.pushes).toEqual([]);
    expect((await again.docs('customers')).length).toBe((await serverDocs(server, token, 'customers')).length);
  });

  test("a local edit of a snapshot document is merged against the snapshot: another device's later change to another field stays", async () => {
    const a = await device('A');
    await a.fdb.sync.awaitInSync();
    const { id } = await a.customers.add({ name: 'Oficina Primeira', phone: phone(), whatsapp: '', description: 'v1' });
    await a.fdb.sync.awaitInSync();
    await a.customers.update(id, { description: 'v2' });
    // Not the last document B downloads (RxDB stores that one the usual way, with a meta row).
    await a.customers.add({ name: 'Oficina Seguinte', phone: phone(), whatsapp: '', description: '' });
    await a.fdb.sync.awaitInSync();

    const b = await device('B');
    await b.fdb.sync.awaitInSync();
    expect((await byId(b, id))?.description).toBe('v2');
    b.setOnline(false);
    await a.customers.update(id, { description: 'v3 (depois do download de B)' });
    await a.fdb.sync.awaitInSync();
    await new Promise((r) => setTimeout(r, 20));
    await b.customers.update(id, { name: 'Oficina Renomeada' });
    b.setOnline(true);
    await converged(server, token, [a, b], [...COLLECTIONS], 60_000);
    const onServer = (await serverDocs(server, token, 'customers')).find((d) => d.id === id) as unknown as CustomerDoc;
    // Merged against v1 (no base), B's stale 'v2' would have overwritten A's later v3.
    expect(onServer.name).toBe('Oficina Renomeada');
    expect(onServer.description).toBe('v3 (depois do download de B)');
  });

  test('a device with a write not yet sent takes the ordinary pull, and loses nothing', async () => {
    const b = await device('B', { online: false });
    const mine = await b.customers.add({ name: 'Criado offline antes do primeiro download', phone: phone(), whatsapp: '', description: '' });
    b.setOnline(true);
    await converged(server, token, [b], [...COLLECTIONS], 90_000);
    expect(snapshotPulls(b)).toEqual([]);
    expect((await serverDocs(server, token, 'customers')).some((d) => d.id === mine.id)).toBe(true);
  }, 150_000);

  test('a download cut off half-way resumes where it stopped once the signal is back', async () => {
    const b = await device('B', { offlineAtPull: 2 });
    await eventually(async () => check(!b.online, 'offline'), 'the signal drops during the download');
    // The signal drops as the second page is asked for, while the first may still be being
    // written: what was downloaded before the cut is kept (it is not all there is).
    const stored = await eventually(async () => {
      const n = (await b.docs('customers')).length;
      check(n > 0, 'the pages before the cut are stored');
      return n;
    }, 'the pages before the cut are stored');
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(SEEDED);
    const before = b.pulls.length;
    b.setOnline(true);
    await b.fdb.sync.awaitInSync();
    await converged(server, token, [b], [...COLLECTIONS], 60_000);
    // The first request after the cut continues from a checkpoint instead of starting over.
    expect(b.pulls[before]).toContain('checkpoint=');
    expect(b.pushes).toEqual([]);
  });

  test('a customer created on the new device during its download and edited elsewhere meanwhile ends with that edit', async () => {
    const a = await device('A');
    await a.fdb.sync.awaitInSync();
    // B's download stops after its first page until the rest is released.
    const b = await device('B');
    const rest = b.holdNextRequest('limit=1000&checkpoint=');
    await eventually(async () => check((await b.docs('customers')).length >= 1_000, 'first page stored'), "B stores the download's first page");
    const mine = await b.customers.add({ name: 'Criado durante o download', phone: phone(), whatsapp: '', description: '' });
    await eventually(async () => check(b.fdb.sync.status$.value.pending === 0, 'sent'), 'B sends its new customer');
    await eventually(async () => check(Boolean(await byId(a, mine.id)), 'A has it'), "A receives B's customer");
    await a.customers.update(mine.id, { description: 'editado em A' });
    await eventually(
      async () => check((await serverDocs(server, token, 'customers')).some((d) => d.id === mine.id && d.description === 'editado em A'), 'stored'),
      "A's edit reaches the server",
    );
    // (Not the download's last document: that one goes to RxDB's own downstream anyway.)
    const after = await a.customers.add({ name: 'Depois da edição', phone: phone(), whatsapp: '', description: '' });
    await eventually(async () => check((await serverDocs(server, token, 'customers')).some((d) => d.id === after.id), 'stored'), 'the next customer reaches the server');
    rest.release();
    await eventually(async () => check((await byId(b, mine.id))?.description === 'editado em A', 'B has the edit'), "B receives A's edit", 10_000);
    await converged(server, token, [a, b], [...COLLECTIONS], 60_000);
    expect(snapshotPulls(b).length).toBeGreaterThan(1);
  });

  test('changes made on the server during the download all arrive', async () => {
    const a = await device('A');
    await a.fdb.sync.awaitInSync();
    const b = await device('B');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const c = await a.customers.add({ name: `Durante o download ${i}`, phone: phone(), whatsapp: '', description: '' });
      ids.push(c.id);
      if (i % 3 === 0) await a.customers.update(`seed-${String((100 + i * 97) % SEEDED).padStart(5, '0')}`, { description: `editado durante ${i}` });
    }
    await converged(server, token, [a, b], [...COLLECTIONS], 60_000);
    const got = new Set((await b.docs('customers')).map((d) => (d as { id: string }).id));
    expect(ids.every((id) => got.has(id))).toBe(true);
    expect(b.pushes).toEqual([]);
  });
});
