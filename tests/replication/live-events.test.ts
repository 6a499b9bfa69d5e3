/**
 * Live changes ride on the change stream: a device that is up to date stores another device's
 * writes from the event itself, without a pull round trip (issue 10, live A → B). A device that
 * missed something still pulls, so nothing is skipped.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { CustomerDoc } from '@shared';
import { backends, startTestServer, type TestServer } from '../support/server';
import { getAssumedMasterState } from 'rxdb';
import { insertDocument, patchDocument, removeDocument } from '../../src/data/db/writes';
import { replicationMarks, writeSnapshot } from '../../src/data/db/snapshot';
import { converged, eventually, check, makeClient, stopServer, type Client } from './clients';

const phone = () => `31 9${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`;

describe.each(backends())('live changes carried by the stream (%s)', (backend) => {
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

  /** Devices A and B, closed after the test. */
  async function twoDevices(): Promise<[Client, Client]> {
    const a = await makeClient(server, { label: 'A' });
    const b = await makeClient(server, { label: 'B' });
    clients.push(a, b);
    return [a, b];
  }
  const customerPulls = (c: Client) => c.pulls.filter((u) => u.includes('/customers/pull')).length;
  const has = async (c: Client, id: string, name?: string) => {
    const doc = (await c.docs<CustomerDoc>('customers')).find((d) => d.id === id);
    check(!!doc && (name === undefined || doc.name === name), `${c.label} has ${id} ${name ?? ''}`);
  };

  test('inserts, edits and deletes from A reach an up-to-date B without B pulling', async () => {
    const [a, b] = await twoDevices();
    await converged(server, a.session.accessToken, [a, b]);
    // The server announces a collection's first change without documents (it has no earlier
    // sequence to vouch for): B pulls that once.
    const first = await insertDocument(a.fdb, 'customers', { name: 'Primeiro', phone: phone(), whatsapp: null, description: null });
    await eventually(() => has(b, first.id), 'B has the first customer');
    await converged(server, a.session.accessToken, [a, b]);
    const before = customerPulls(b);

    const created: string[] = [];
    for (let i = 0; i < 4; i++) {
      const doc = await insertDocument(a.fdb, 'customers', { name: `Ao vivo ${i}`, phone: phone(), whatsapp: null, description: null });
      created.push(doc.id);
      await eventually(() => has(b, doc.id), `B has customer ${i}`);
    }
    await patchDocument(a.fdb, 'customers', created[0], { name: 'Renomeado ao vivo' });
    await eventually(() => has(b, created[0], 'Renomeado ao vivo'), 'B has the edit');
    await removeDocument(a.fdb, 'customers', created[1]);
    await eventually(async () => check(!(await b.docs<CustomerDoc>('customers')).some((d) => d.id === created[1]), 'deleted on B'), 'B has the deletion');

    expect(customerPulls(b)).toBe(before);
    await converged(server, a.session.accessToken, [a, b]);
  });

  test('a device that missed events (offline) pulls what it missed, then takes live events again', async () => {
    const [a, b] = await twoDevices();
    await converged(server, a.session.accessToken, [a, b]);
    b.setOnline(false);
    const missed = [];
    for (let i = 0; i < 3; i++) missed.push(await insertDocument(a.fdb, 'customers', { name: `Perdido ${i}`, phone: phone(), whatsapp: null, description: null }));
    await converged(server, a.session.accessToken, [a]);
    b.setOnline(true);
    const back = b.trace.lines.length;
    await converged(server, a.session.accessToken, [a, b]);
    // B may have caught up by the pull it asked for on coming back before its change stream
    // reconnected; the stream's connect asks for one more (anything may have changed while it
    // was not listening). Counting starts once that has happened and B is idle.
    await eventually(async () => check(b.trace.lines.slice(back).some((l) => l.endsWith('stream connected')), 'B listens again'), 'B reconnects its stream');
    await b.fdb.sync.awaitInSync();
    const before = customerPulls(b);
    const live = await insertDocument(a.fdb, 'customers', { name: 'Depois da volta', phone: phone(), whatsapp: null, description: null });
    await eventually(() => has(b, live.id), 'B has the live one');
    expect(customerPulls(b), `B pulled instead of taking the event:\n${b.trace.lines.slice(back).join('\n')}`).toBe(before);
  });

  test("a device's own changes coming back are taken from the event: it does not pull them again", async () => {
    const [a, b] = await twoDevices();
    const first = await insertDocument(a.fdb, 'customers', { name: 'Primeiro', phone: phone(), whatsapp: null, description: null });
    await eventually(() => has(b, first.id), 'B has the first customer');
    await converged(server, a.session.accessToken, [a, b]);
    const before = customerPulls(a);
    const created: string[] = [];
    for (let i = 0; i < 4; i++) {
      const doc = await insertDocument(a.fdb, 'customers', { name: `Meu ${i}`, phone: phone(), whatsapp: null, description: null });
      created.push(doc.id);
      await eventually(() => has(b, doc.id), `B has customer ${i}`);
    }
    await patchDocument(a.fdb, 'customers', created[0], { name: 'Meu renomeado' });
    await eventually(() => has(b, created[0], 'Meu renomeado'), 'B has the edit');
    await converged(server, a.session.accessToken, [a, b]);
    // Each change came back to A on the stream while (or just after) A was sending it: A waited
    // for its push to be answered and took the event, instead of pulling every time.
    expect(customerPulls(a)).toBe(before);
    expect(a.fdb.sync.status$.value.pending).toBe(0);
  });

  test('a live change stored directly: RxDB records it as the master afterwards, and a local edit right after uses it as its base', async () => {
    const [a, b] = await twoDevices();
    const doc = await insertDocument(a.fdb, 'customers', { name: 'Base 1', phone: phone(), whatsapp: null, description: null });
    await eventually(() => has(b, doc.id, 'Base 1'), 'B has it');
    await converged(server, a.session.accessToken, [a, b]);
    await patchDocument(a.fdb, 'customers', doc.id, { name: 'Base 2' });
    await eventually(() => has(b, doc.id, 'Base 2'), 'B has the edit');
    const state = b.fdb.sync.replications.get('customers')!.internalReplicationState!;
    // RxDB's downstream found the document stored and recorded its meta row (the edit as master).
    await eventually(async () => check((await getAssumedMasterState(state, [doc.id]))[doc.id]?.docData.name === 'Base 2', 'meta row is Base 2'), 'B records the master');
    await converged(server, a.session.accessToken, [a, b]);
    expect(b.pushes.filter((u) => u.includes('/customers/'))).toEqual([]);

    // The moment between the direct write and RxDB's record of it: the stored document is a newer
    // server version than the meta row. A local edit then must take the stored one as its base.
    const newer = { ...(await b.docs<CustomerDoc>('customers')).find((d) => d.id === doc.id)!, name: 'Base 3', _deleted: false };
    await writeSnapshot(b.fdb.db, state, [newer as never], await replicationMarks(state));
    const stored = (await b.fdb.db.collections.customers.storageInstance.findDocumentsById([doc.id], true))[0];
    await b.fdb.sync.beforeLocalEdit('customers', stored as never);
    expect((await getAssumedMasterState(state, [doc.id]))[doc.id]?.docData.name).toBe('Base 3');
  });
});
