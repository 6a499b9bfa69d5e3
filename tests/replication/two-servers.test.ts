/**
 * Two sync-servers on one PostgreSQL (one in the office and one in the cloud, or a rolling
 * restart): devices connected to different servers receive each other's changes LIVE — the
 * only thing that tells a device's stream about a write made through the other server is
 * PostgreSQL's LISTEN/NOTIFY — and converge on the same data, conflicts merged as usual.
 * PGlite is embedded in one process, so this runs on PostgreSQL only (CI sets DATABASE_URL).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CustomerDoc } from '@shared';
import { signIn, startTestServer, type TestServer } from '../support/server';
import { describePostgresOnly } from '../support/postgres-only';
import { check, converged, eventually, makeClient, stopServer, type Client } from './clients';

const phone = () => `31 9${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`;

describePostgresOnly('two sync-servers on one PostgreSQL', () => {
  let office: TestServer;
  let cloud: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    office = await startTestServer({ backend: 'postgres' });
    cloud = await startTestServer({ backend: 'postgres', database: office.testDb });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await stopServer(cloud);
    await stopServer(office);
  });

  test("a device on each server gets the other's changes live and both converge", async () => {
    const a = await makeClient(office, { label: 'A@office' });
    // B's account and session live in the same database; it talks only to the cloud server.
    const b = await makeClient(cloud, { label: 'B@cloud', session: await signIn(cloud, { deviceName: 'B' }) });
    clients.push(a, b);

    const fromA = await a.customers.add({ name: 'Cliente do escritório', phone: phone() });
    await eventually(
      async () => check((await b.docs('customers')).some((c) => c.id === fromA.id), 'B has it'),
      'B (cloud) receives what A wrote through the office server',
      10_000,
    );
    const fromB = await b.customers.add({ name: 'Cliente da nuvem', phone: phone() });
    await eventually(
      async () => check((await a.docs('customers')).some((c) => c.id === fromB.id), 'A has it'),
      'A (office) receives what B wrote through the cloud server',
      10_000,
    );

    // Concurrent edits of one customer through different servers merge field by field.
    await Promise.all([
      a.customers.update(fromA.id, { description: 'Portão de correr' }),
      b.customers.update(fromA.id, { whatsapp: '(31) 98888-7777' }),
    ]);
    await converged(office, a.session.accessToken, [a, b]);
    await converged(cloud, b.session.accessToken, [a, b]);
    const merged = (await a.docs<CustomerDoc>('customers')).find((c) => c.id === fromA.id)!;
    expect(merged).toMatchObject({ description: 'Portão de correr', whatsapp: '(31) 98888-7777' });
  });
});
