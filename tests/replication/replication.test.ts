/**
 * Real RxDB clients (the app's data layer, fake-indexeddb) against the real sync-server,
 * on every backend.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, type CustomerDoc, type StockMovementDoc } from '@shared';
import { api, backends, startTestServer, type TestServer } from '../support/server';
import { insertDocument, patchDocument, putDocument, removeDocument } from '../../src/data/db/writes';
import { purgeTombstones } from '../../sync-server/src/sync/tombstones';
import { updateAsServerIn } from '../../sync-server/src/sync/server-writes';
import { check, converged, eventually, killServer, makeClient, serverDocs, stopServer, type Client } from './clients';

type ConflictEntry = { doc_id: string; field: string; winning_value: unknown; losing_value: unknown };

// As the app stores a phone (issue 39: one format, whatever was typed).
const phone = () => {
  const digits = Math.floor(Math.random() * 1e8).toString().padStart(8, '0');
  return `(31) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
};

describe.each(backends())('replication with RxDB clients (%s)', (backend) => {
  let server: TestServer;
  let clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    clients = [];
  });
  afterAll(async () => {
    await stopServer(server);
  });

  async function two() {
    const a = await makeClient(server, { label: 'A' });
    const b = await makeClient(server, { label: 'B' });
    clients.push(a, b);
    return [a, b] as const;
  }

  test('two clients converge: create, edit and delete travel both ways', async () => {
    const [a, b] = await two();
    const maria = await a.customers.add({ name: 'Maria Souza', phone: phone(), whatsapp: '', description: '  ' });
    expect(maria.whatsapp).toBeNull();
    expect(maria.description).toBeNull();
    await eventually(async () => check((await b.docs('customers')).some((c) => c.id === maria.id), 'B has Maria'), 'B receives the new customer');
    expect(a.fdb.sync.status$.value.pending).toBe(0);

    await b.customers.update(maria.id, { name: 'Maria Souza Lima' });
    await eventually(
      async () => check((await a.docs<CustomerDoc>('customers')).find((c) => c.id === maria.id)?.name === 'Maria Souza Lima', 'A sees the edit'),
      'A receives the edit',
    );
    await a.customers.remove(maria.id);
    await eventually(async () => check(!(await b.docs('customers')).some((c) => c.id === maria.id), 'B lost Maria'), 'B receives the deletion');
    await converged(server, a.session.accessToken, [a, b]);
    const status = a.fdb.sync.status$.value;
    expect(status.pending).toBe(0);
    expect(status.lastSyncAt).not.toBeNull();
    expect(status.refused).toEqual([]);
  });

  test('a local duplicate phone is refused before writing', async () => {
    const [a] = await two();
    const p = phone();
    await a.customers.add({ name: 'José', phone: p });
    await expect(a.customers.add({ name: 'Outro José', phone: p })).rejects.toThrow(ERROR_MESSAGES.duplicate_phone);
    await expect(a.customers.add({ name: '', phone: phone() })).rejects.toThrow('Nome é obrigatório');
    await expect(a.customers.add({ name: 'Sem telefone', phone: ' ' })).rejects.toThrow('Telefone é obrigatório');
    expect((await a.docs('customers')).filter((c) => c.phone === p)).toHaveLength(1);
  });

  test('both edit one document offline: fields merged, the later edit of the same field wins, the loser is logged', async () => {
    const [a, b] = await two();
    const doc = await a.customers.add({ name: 'Carlos', phone: phone(), description: 'original' });
    await eventually(async () => check((await b.docs('customers')).some((c) => c.id === doc.id), 'B has it'), 'B receives Carlos');

    a.setOnline(false);
    b.setOnline(false);
    const newPhone = phone();
    await a.customers.update(doc.id, { name: 'Carlos Andrade', description: 'versão de A' });
    await new Promise((r) => setTimeout(r, 20));
    await b.customers.update(doc.id, { phone: newPhone, description: 'versão de B' });
    expect(a.fdb.sync.status$.value.pending).toBe(1);
    expect(b.fdb.sync.status$.value.pending).toBe(1);
    expect(a.fdb.sync.status$.value.online).toBe(false);

    a.setOnline(true);
    b.setOnline(true);
    await converged(server, a.session.accessToken, [a, b]);
    const merged = (await a.docs<CustomerDoc>('customers')).find((c) => c.id === doc.id)!;
    expect(merged.name).toBe('Carlos Andrade'); // only A changed it
    expect(merged.phone).toBe(newPhone); // only B changed it
    expect(merged.description).toBe('versão de B'); // both: the later client edit
    const log = await api(server, '/api/sync/conflicts?limit=100', { token: a.session.accessToken });
    expect(log.status).toBe(200);
    const entry = (log.body as ConflictEntry[]).find((e) => e.doc_id === doc.id && e.field === 'description');
    expect(entry).toBeTruthy();
    expect(entry?.losing_value).toBe('versão de A');
    expect(entry?.winning_value).toBe('versão de B');
  });

  test('a pull answered while RxDB has not yet recorded a push it made: another device\'s later edit still arrives', async () => {
    const a = await makeClient(server, { label: 'A' });
    // B learns of changes by pulling only: what it pulls is the point here.
    const b = await makeClient(server, { label: 'B', noStream: true });
    clients.push(a, b);
    await converged(server, a.session.accessToken, [a, b]);
    // B's create is pushed by a resync of RxDB's upstream (after pause/start here; going back
    // online does the same): its "active" flag is false meanwhile, so its downstream pulls at
    // the same time.
    const replication = b.fdb.sync.replications.get('customers')!;
    await replication.pause();
    const doc = await b.customers.add({ name: 'Registrada em B', phone: phone() });
    // (Its change event reaches the paused upstream a moment after the write: ignored there.)
    await new Promise((r) => setTimeout(r, 200));
    // RxDB records the push's answer (the document's meta row) after the answer: held here, as a
    // slow write would.
    const meta = replication.internalReplicationState!.input.metaInstance as unknown as {
      bulkWrite: (rows: { document: { itemId?: string } }[], context: string) => Promise<unknown>;
    };
    const original = meta.bulkWrite.bind(meta);
    let releaseMeta!: () => void;
    const metaGate = new Promise<void>((r) => (releaseMeta = r));
    let metaHeld = false;
    meta.bulkWrite = async (rows, context) => {
      if (context === 'replication-up-write-meta' && rows.some((r) => r.document.itemId === doc.id)) {
        metaHeld = true;
        await metaGate;
      }
      return original(rows, context);
    };
    // The pull that starts beside that push leaves only once A has edited the customer.
    const pull = b.holdNextRequest('/customers/pull');
    try {
      await replication.start();
      await eventually(async () => check(metaHeld && b.fdb.sync.status$.value.pending === 0, 'answered, not recorded'), "B's push is answered");
      await eventually(async () => check((await a.docs('customers')).some((c) => c.id === doc.id), 'A has it'), 'A receives the customer');
      await a.customers.update(doc.id, { description: 'editado em A' });
      await eventually(
        async () => check((await serverDocs(server, a.session.accessToken, 'customers')).some((c) => c.id === doc.id && c.description === 'editado em A'), 'on the server'),
        "A's edit reaches the server",
      );
      pull.release();
      const left = await Promise.race([pull.sent.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 5_000))]);
      const st = replication.internalReplicationState!.events;
      check(left, `B's pull left while its push's record was held (upstream active ${st.active.up.getValue()}, downstream active ${st.active.down.getValue()}, pulls ${b.pulls.filter((u) => u.includes('/customers/')).length})`);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      meta.bulkWrite = original;
      releaseMeta();
    }
    await eventually(
      async () => check((await b.docs<CustomerDoc>('customers')).find((c) => c.id === doc.id)?.description === 'editado em A', 'B has the edit'),
      "B receives A's edit",
      5_000,
    );
    await converged(server, a.session.accessToken, [a, b]);
  });

  test('server stopped and restarted: writes made while it was down arrive, nothing is lost', async () => {
    const [a, b] = await two();
    const before = await a.customers.add({ name: 'Antes', phone: phone() });
    await eventually(async () => check((await b.docs('customers')).some((c) => c.id === before.id), 'B has it'), 'B syncs');

    await killServer(server); // the server goes away (connections refused)
    const during = await a.customers.add({ name: 'Durante a queda', phone: phone() });
    await b.customers.update(before.id, { description: 'editado offline' });
    await new Promise((r) => setTimeout(r, 400));
    expect(a.fdb.sync.status$.value.pending).toBe(1);
    await server.restart();

    await converged(server, a.session.accessToken, [a, b]);
    const onServer = await serverDocs(server, a.session.accessToken, 'customers');
    expect(onServer.find((c) => c.id === during.id)?.name).toBe('Durante a queda');
    expect(onServer.find((c) => c.id === before.id)?.description).toBe('editado offline');
  });

  test('a duplicated push is harmless', async () => {
    const [a, b] = await two();
    a.dropNextPushResponses(2); // stored twice by retries: must not duplicate or conflict
    const doc = await a.customers.add({ name: 'Repetido', phone: phone() });
    await converged(server, a.session.accessToken, [a, b]);
    expect(a.pushes.length).toBeGreaterThanOrEqual(3);
    const { rows } = await server.db.query(`SELECT count(*)::int AS n FROM customers WHERE id = $1`, [doc.id]);
    expect(rows[0].n).toBe(1);
    const log = await api(server, '/api/sync/conflicts?limit=1000', { token: a.session.accessToken });
    expect((log.body as ConflictEntry[]).filter((e) => e.doc_id === doc.id)).toEqual([]);
    expect(a.fdb.sync.status$.value.refused).toEqual([]);
  });

  test('an invalid document is refused with its reason while the rest of the batch lands and the queue goes on', async () => {
    const [a, b] = await two();
    const taken = phone();
    const owner = await b.customers.add({ name: 'Dono do telefone', phone: taken });
    await eventually(async () => check((await serverDocs(server, b.session.accessToken, 'customers')).some((c) => c.id === owner.id), 'on server'), 'B pushes');

    a.setOnline(false); // A has not seen B's customer: its local check cannot catch this
    const ok1 = await insertDocument(a.fdb, 'customers', { name: 'Aceito 1', phone: phone(), whatsapp: null, description: null });
    const bad = await insertDocument(a.fdb, 'customers', { name: 'Duplicado', phone: taken, whatsapp: null, description: null });
    const ok2 = await insertDocument(a.fdb, 'customers', { name: 'Aceito 2', phone: phone(), whatsapp: null, description: null });
    expect(a.fdb.sync.status$.value.pending).toBe(3);
    a.setOnline(true);

    await converged(server, a.session.accessToken, [a, b]);
    const onServer = await serverDocs(server, a.session.accessToken, 'customers');
    expect(onServer.some((c) => c.id === ok1.id)).toBe(true);
    expect(onServer.some((c) => c.id === ok2.id)).toBe(true);
    expect(onServer.some((c) => c.id === bad.id)).toBe(false);
    const refused = a.fdb.sync.status$.value.refused;
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      collection: 'customers',
      id: bad.id,
      error: 'duplicate_phone',
      message: ERROR_MESSAGES.duplicate_phone,
    });
    expect(refused[0].document).toMatchObject({ name: 'Duplicado', phone: taken });

    // The queue is not blocked: the next write lands.
    const after = await a.customers.add({ name: 'Depois da recusa', phone: phone() });
    await eventually(async () => check((await serverDocs(server, a.session.accessToken, 'customers')).some((c) => c.id === after.id), 'landed'), 'next write lands');
    // The local copy went back to the server's state (it has none: deleted locally).
    expect((await a.docs('customers')).some((c) => c.id === bad.id)).toBe(false);

    // Once the cause is gone, the kept version is re-applied as a new local edit and lands.
    await b.customers.remove(owner.id);
    await eventually(async () => check(!(await serverDocs(server, b.session.accessToken, 'customers')).some((c) => c.id === owner.id), 'gone'), 'owner deleted');
    await a.fdb.sync.store.removeRefused('customers', bad.id);
    await putDocument(a.fdb, 'customers', refused[0].document);
    expect(a.fdb.sync.status$.value.refused).toEqual([]);
    await converged(server, a.session.accessToken, [a, b]);
    const retried = (await serverDocs(server, a.session.accessToken, 'customers')).find((c) => c.id === bad.id);
    expect(retried).toMatchObject({ name: 'Duplicado', phone: taken });
  });

  test('stock movements from two offline clients both count', async () => {
    const [a, b] = await two();
    const cat = () => randomUUID();
    const item = await insertDocument(a.fdb, 'stock_items', {
      category_id: cat(), type_id: cat(), material_id: cat(), thickness_id: cat(), dimension_id: cat(),
      minimum_quantity: 2, description: null,
    });
    // Catalogue references may be checked by the server; if the item is refused, say so clearly.
    await eventually(async () => check((await b.docs('stock_items')).some((s) => s.id === item.id), 'B has item'), 'B receives the stock item');
    await insertDocument(a.fdb, 'stock_movements', { stock_item_id: item.id, delta: 10, reason: 'compra' });
    await converged(server, a.session.accessToken, [a, b]);

    a.setOnline(false);
    b.setOnline(false);
    await insertDocument(a.fdb, 'stock_movements', { stock_item_id: item.id, delta: 5, reason: 'entrada A' });
    await insertDocument(b.fdb, 'stock_movements', { stock_item_id: item.id, delta: -2, reason: 'saída B' });
    a.setOnline(true);
    b.setOnline(true);
    await converged(server, a.session.accessToken, [a, b]);
    const quantity = async (c: Client) =>
      (await c.docs<StockMovementDoc>('stock_movements')).filter((m) => m.stock_item_id === item.id).reduce((s, m) => s + m.delta, 0);
    expect(await quantity(a)).toBe(13);
    expect(await quantity(b)).toBe(13);
    const { rows } = await server.db.query(`SELECT sum(delta)::float AS q FROM stock_movements WHERE stock_item_id = $1`, [item.id]);
    expect(rows[0].q).toBe(13);
  });

  test('unsynced writes survive a reload of the app (still counted as pending) and are pushed afterwards', async () => {
    const [a, b] = await two();
    a.setOnline(false);
    const offline = await a.customers.add({ name: 'Feito offline', phone: phone() });
    expect(a.fdb.sync.status$.value.pending).toBe(1);
    const name = a.fdb.name;
    await a.close();
    clients = clients.filter((c) => c !== a);

    const reopened = await makeClient(server, { label: 'A2', session: a.session, name, online: false });
    clients.push(reopened);
    expect(reopened.fdb.sync.status$.value.pending).toBe(1);
    expect((await reopened.docs('customers')).some((c) => c.id === offline.id)).toBe(true);
    reopened.setOnline(true);
    await converged(server, a.session.accessToken, [reopened, b]);
    expect((await b.docs('customers')).some((c) => c.id === offline.id)).toBe(true);
  });

  test('offline longer than tombstones are kept: full resync, the missed deletion is applied, unsynced work kept', async () => {
    const [a, b] = await two();
    const gone = await b.customers.add({ name: 'Será excluído', phone: phone() });
    const kept = await b.customers.add({ name: 'Continua', phone: phone() });
    await converged(server, a.session.accessToken, [a, b]);

    a.setOnline(false);
    await b.customers.remove(gone.id);
    await eventually(async () => check(!(await serverDocs(server, b.session.accessToken, 'customers')).some((c) => c.id === gone.id), 'deleted'), 'deletion on server');
    const mine = await a.customers.add({ name: 'Feito durante a ausência', phone: phone() });
    // 91 days later the server has forgotten the tombstone.
    const purge = await purgeTombstones(server.db, { now: new Date(Date.now() + 91 * 24 * 3600 * 1000) });
    expect(purge.purged).toBeGreaterThan(0);

    a.setOnline(true);
    await converged(server, a.session.accessToken, [a, b]);
    const ids = (await a.docs('customers')).map((c) => c.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).toContain(kept.id);
    expect(ids).toContain(mine.id);
  });

  test('first sync on a new device: progress counts the documents received, then ends', async () => {
    const [a] = await two();
    for (let i = 0; i < 5; i++) await a.customers.add({ name: `Cliente ${i}`, phone: phone() });
    await converged(server, a.session.accessToken, [a]);
    const c = await makeClient(server, { label: 'C' });
    clients.push(c);
    const seen: number[] = [];
    const sub = c.fdb.sync.status$.subscribe((s) => s.initialSync && seen.push(s.initialSync.done));
    await eventually(async () => check(c.fdb.sync.status$.value.initialSync === null, 'first sync done'), 'first sync ends');
    sub.unsubscribe();
    expect(Math.max(...seen)).toBeGreaterThanOrEqual(5);
    expect(c.fdb.sync.status$.value.lastSyncAt).not.toBeNull();
    expect((await c.docs('customers')).length).toBeGreaterThanOrEqual(5);
  });

  test('the ordering race: a slow server transaction that took an earlier number is not skipped', async () => {
    const [a, b] = await two();
    const target = await a.customers.add({ name: 'Escrito devagar', phone: phone() });
    await converged(server, a.session.accessToken, [a, b]);

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    // A server-side write takes its sequence number and then stays uncommitted for a while.
    const slow = server.db.transaction(async (tx) => {
      await updateAsServerIn(tx, 'customers', target.id, { description: 'gravado pela transação lenta' });
      entered();
      await gate;
    });
    await inside;
    const fast = await a.customers.add({ name: 'Escrito rápido', phone: phone() });
    await new Promise((r) => setTimeout(r, 500)); // A pushes, B pulls meanwhile
    release();
    await slow;

    await converged(server, a.session.accessToken, [a, b]);
    const onB = await b.docs<CustomerDoc>('customers');
    expect(onB.find((c) => c.id === target.id)?.description).toBe('gravado pela transação lenta');
    expect(onB.some((c) => c.id === fast.id)).toBe(true);
  });

  test('patch/remove of a missing document report it', async () => {
    const [a] = await two();
    expect(await patchDocument(a.fdb, 'customers', 'nope', { name: 'x' })).toBeNull();
    expect(await removeDocument(a.fdb, 'customers', 'nope')).toBe(false);
  });
});
