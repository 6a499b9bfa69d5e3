/**
 * Issue 40, "tests the suite lacks": a full resync (the device was away longer than the server
 * keeps tombstones: 409 resync_required) read over several pages deletes on the device only what
 * the server no longer has — and never, not even for a moment, the documents of the pages not
 * read yet (sync-engine.ts: the deletions missed are worked out once the last page is read).
 * Every deletion the device's collection sees is recorded while the resync runs.
 */
import { describe, expect, test } from 'vitest';
import type { CustomerDoc } from '@shared';
import { api, backends, signIn } from '../support/server';
import { customer } from '../server/sync-fixtures';
import { purgeTombstones } from '../../sync-server/src/sync/tombstones';
import { converged, makeClient, serverDocs, serverForSuite } from './clients';

const SEEDED = 70;
const PAGE = 20;

describe.each(backends())('a full resync over several pages (%s)', (backend) => {
  const suite = serverForSuite(backend);

  test('deletes only what the server no longer has, never the documents of pages still to come', async () => {
    const other = await signIn(suite.server, { deviceName: 'other' });
    const seeded = Array.from({ length: SEEDED }, (_, i) => customer({ name: `Cliente ${String(i).padStart(2, '0')}` }));
    const pushed = await api(suite.server, '/api/sync/customers/push', {
      token: other.accessToken,
      body: seeded.map((d) => ({ assumedMasterState: null, newDocumentState: d })),
    });
    expect(pushed.status).toBe(200);

    const b = await makeClient(suite.server, { label: 'B', collections: ['customers'], pullBatchSize: PAGE });
    suite.clients.push(b);
    await converged(suite.server, other.accessToken, [b], ['customers']);
    expect(await b.docs('customers')).toHaveLength(SEEDED);

    // B goes away; meanwhile another device deletes three customers…
    b.setOnline(false);
    const doomed = [seeded[3].id, seeded[41].id, seeded[66].id];
    const onServer = await serverDocs(suite.server, other.accessToken, 'customers');
    for (const id of doomed) {
      const doc = onServer.find((d) => d.id === id)!;
      const res = await api(suite.server, '/api/sync/customers/push', {
        token: other.accessToken,
        body: [{ assumedMasterState: { ...doc, _deleted: false }, newDocumentState: { ...doc, _deleted: true, client_updated_at: new Date().toISOString() } }],
      });
      expect(res.status).toBe(200);
    }
    // …and 91 days later the server has forgotten those tombstones: B must download everything again.
    const purge = await purgeTombstones(suite.server.db, { now: new Date(Date.now() + 91 * 24 * 3600 * 1000) });
    expect(purge.purged).toBeGreaterThanOrEqual(3);

    const deletedOnB: string[] = [];
    const sub = b.fdb.db.customers.$.subscribe((e) => {
      if (e.operation === 'DELETE') deletedOnB.push(e.documentId);
    });
    const pullsBefore = b.pulls.length;
    try {
      b.setOnline(true);
      await converged(suite.server, other.accessToken, [b], ['customers']);
    } finally {
      sub.unsubscribe();
    }
    // It was a resync of several pages…
    expect(b.pulls.slice(pullsBefore).filter((u) => !u.includes('checkpoint')).length).toBeGreaterThanOrEqual(1);
    expect(b.pulls.length - pullsBefore).toBeGreaterThanOrEqual(Math.ceil((SEEDED - doomed.length) / PAGE));
    // …and the only deletions B ever saw are the three the server no longer has.
    expect([...new Set(deletedOnB)].sort()).toEqual([...doomed].sort());
    expect(deletedOnB).toHaveLength(doomed.length);
    const left = (await b.docs<CustomerDoc>('customers')).map((d) => d.id);
    expect(left).toHaveLength(SEEDED - doomed.length);
    for (const id of doomed) expect(left).not.toContain(id);
  });
});
