/**
 * Issue 20 §2: a document created on this device is sent to the server beside its local write,
 * not after it (src/data/db/send-ahead.ts). These tests hold the local write back to see what
 * happens in between: the server has the document already; its own change coming back, and a
 * pull, wait for the local write instead of storing it first; RxDB's upstream then sends nothing
 * more for it; a refusal is shown once; a local write that fails takes the document off the
 * server again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { CustomerDoc } from '@shared';
import { backends, startTestServer, type TestServer } from '../support/server';
import { insertDocument, patchDocument } from '../../src/data/db/writes';
import { converged, eventually, check, makeClient, serverDocs, stopServer, type Client } from './clients';

const phone = () => `31 9${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`;
const newCustomer = (name: string) => ({ name, phone: phone(), whatsapp: null, description: null });

/**
 * Holds the next local write of the client's customers (not the replication's own writes) until
 * the returned function is called; called with an error, the write fails with it.
 */
const holds: ((fail?: Error) => void)[] = [];

function holdNextLocalWrite(c: Client): (fail?: Error) => void {
  const instance = c.fdb.db.collections.customers.storageInstance as unknown as {
    bulkWrite: (rows: unknown[], context: string) => Promise<unknown>;
  };
  const original = instance.bulkWrite.bind(instance);
  let release!: (fail?: Error) => void;
  const gate = new Promise<Error | undefined>((r) => (release = r));
  holds.push(release);
  instance.bulkWrite = async (rows, context) => {
    if (context.startsWith('replication-')) return original(rows, context);
    instance.bulkWrite = original;
    const fail = await gate;
    if (fail) throw fail;
    return original(rows, context);
  };
  return release;
}

describe.each(backends())('new documents sent ahead of their local write (%s)', (backend) => {
  let server: TestServer;
  let clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterEach(async () => {
    // A test that failed while holding a write lets it go, so its device can close.
    holds.splice(0).forEach((release) => release());
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    clients = [];
  });
  afterAll(async () => {
    await stopServer(server);
  });

  /** A device past its first download, with its change stream connected — as the app opens it (the send ahead is on by default). */
  async function device(label: string): Promise<Client> {
    const c = await makeClient(server, { label });
    clients.push(c);
    await converged(server, c.session.accessToken, [c]);
    // Nothing is sent ahead before the first download is complete (and recorded as such).
    await eventually(async () => check(c.fdb.sync.status$.value.initialSync === null, 'first download done'), 'the first download is recorded');
    // The stream announces a collection's first change without documents: one change first,
    // so the ones under test come with theirs.
    await insertDocument(c.fdb, 'customers', newCustomer('Primeiro'));
    await converged(server, c.session.accessToken, [c]);
    return c;
  }
  const customerPushes = (c: Client) => c.pushes.filter((u) => u.includes('/customers/push')).length;
  const onServer = async (c: Client, id: string) => (await serverDocs(server, c.session.accessToken, 'customers')).find((d) => d.id === id);

  test('the server has a new customer while its local write is still running; nothing is sent again after it', async () => {
    const a = await device('A');
    const before = customerPushes(a);
    const release = holdNextLocalWrite(a);
    let stored = false;
    const inserting = insertDocument(a.fdb, 'customers', newCustomer('Adiantado')).then((d) => ((stored = true), d));
    const id = await eventually(async () => {
      const found = (await serverDocs(server, a.session.accessToken, 'customers')).find((d) => d.name === 'Adiantado');
      check(!!found, 'the server has it');
      return String(found!.id);
    }, 'the server has the customer');
    expect(stored).toBe(false);
    release();
    const doc = await inserting;
    expect(doc.id).toBe(id);
    await converged(server, a.session.accessToken, [a]);
    expect(customerPushes(a) - before).toBe(1);
  });

  test("its own change coming back, and a pull, while the local write is held: the insert still succeeds, stored once", async () => {
    const a = await device('A');
    const pullsBefore = a.pulls.length;
    const release = holdNextLocalWrite(a);
    const inserting = insertDocument(a.fdb, 'customers', newCustomer('Eco'));
    await eventually(async () => check((await serverDocs(server, a.session.accessToken, 'customers')).some((d) => d.name === 'Eco'), 'on the server'), 'the server has it');
    // The stream event of it reaches A now; a pull is asked for too (as after a reconnection).
    a.fdb.sync.reconnect();
    await eventually(async () => check(a.pulls.length > pullsBefore, 'a pull went out'), 'A pulls');
    await new Promise((r) => setTimeout(r, 300));
    release();
    const doc = await inserting;
    await converged(server, a.session.accessToken, [a]);
    const mine = (await a.docs<CustomerDoc>('customers')).filter((d) => d.name === 'Eco');
    expect(mine.map((d) => d.id)).toEqual([doc.id]);
    expect(a.fdb.sync.status$.value.refused).toEqual([]);
  });

  test('an edit made right after the insert reaches the server and another device', async () => {
    const a = await device('A');
    const b = await makeClient(server, { label: 'B' });
    clients.push(b);
    const release = holdNextLocalWrite(a);
    const inserting = insertDocument(a.fdb, 'customers', newCustomer('Antes'));
    await new Promise((r) => setTimeout(r, 50));
    release();
    const doc = await inserting;
    await patchDocument(a.fdb, 'customers', doc.id, { name: 'Depois' });
    await converged(server, a.session.accessToken, [a, b]);
    expect((await onServer(a, doc.id))?.name).toBe('Depois');
  });

  test('a new customer the server refuses is listed as refused once, with the reason', async () => {
    const a = await device('A');
    const taken = phone();
    const other = await makeClient(server, { label: 'outro' });
    clients.push(other);
    await insertDocument(other.fdb, 'customers', { ...newCustomer('Dono do telefone'), phone: taken });
    await converged(server, other.session.accessToken, [other]);
    const before = customerPushes(a);
    // Straight to the store (the customer form checks phones locally first): the server refuses.
    const doc = await insertDocument(a.fdb, 'customers', { ...newCustomer('Telefone repetido'), phone: taken });
    await eventually(async () => check(a.fdb.sync.status$.value.refused.length === 1, 'refused'), 'A lists the refusal');
    const [refused] = a.fdb.sync.status$.value.refused;
    expect(refused.id).toBe(doc.id);
    expect(refused.error).toBe('duplicate_phone');
    expect(refused.message).toMatch(/telefone/i);
    await eventually(async () => check(a.fdb.sync.status$.value.pending === 0, 'nothing pending'), 'the refusal answers it');
    expect(customerPushes(a) - before).toBe(1);
  });

  test('a local write that fails after its customer was sent takes the customer off the server again', async () => {
    const a = await device('A');
    const release = holdNextLocalWrite(a);
    const inserting = insertDocument(a.fdb, 'customers', newCustomer('Disco cheio'));
    const id = await eventually(async () => {
      const found = (await serverDocs(server, a.session.accessToken, 'customers')).find((d) => d.name === 'Disco cheio');
      check(!!found, 'the server has it');
      return String(found!.id);
    }, 'the server has the customer');
    release(new Error('QuotaExceededError'));
    await expect(inserting).rejects.toThrow();
    await eventually(async () => check((await onServer(a, id)) === undefined, 'gone from the server'), 'the server deletes it again');
    await converged(server, a.session.accessToken, [a]);
  });

  test('a burst of new customers (an import) is not sent one request each', async () => {
    const a = await device('A');
    const before = customerPushes(a);
    await Promise.all(Array.from({ length: 20 }, (_, i) => insertDocument(a.fdb, 'customers', newCustomer(`Importado ${i}`))));
    await converged(server, a.session.accessToken, [a]);
    expect(customerPushes(a) - before).toBeLessThan(20);
  });
});
