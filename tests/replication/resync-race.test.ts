/**
 * A stream event arrives while a resync is still in RxDB's hands, and then a change that needs a
 * pull: the change must be stored without waiting for some later event (issue 30, mutation audit).
 *
 * RxDB 17's downstream takes its queued tasks in one go up to a RESYNC; when an event is queued
 * first, it stops there and drops that RESYNC. The sync engine therefore sends a second RESYNC
 * when it has handed RxDB an event since its last pull began (sync-engine.ts requestPull). Made
 * deterministic here by holding the resync's last step (its meta write) until both events have
 * been handed over: RxDB then finds [event, RESYNC(, RESYNC)] queued.
 */
import { describe, expect, test } from 'vitest';
import type { CustomerDoc } from '@shared';
import { api, backends, signIn } from '../support/server';
import { customer } from '../server/sync-fixtures';
import { EVENT_MAX_DOCUMENTS } from '../../sync-server/src/sync/stream';
import { check, converged, eventually, makeClient, serverForSuite } from './clients';

describe.each(backends())('a change needing a pull while a resync is held (%s)', (backend) => {
  const suite = serverForSuite(backend);

  test('the change is stored at once, not left until a later event', async () => {
    const writer = await signIn(suite.server);
    /** Writes from another device (one push: one event). */
    const write = async (docs: ReturnType<typeof customer>[]) => {
      const res = await api(suite.server, '/api/sync/customers/push', {
        method: 'POST',
        token: writer.accessToken,
        body: docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })),
      });
      expect(res.status).toBe(200);
    };
    const b = await makeClient(suite.server, { label: 'B', collections: ['customers'] });
    suite.clients.push(b);
    await converged(suite.server, writer.accessToken, [b], ['customers']);
    const has = async (id: string) => check((await b.docs<CustomerDoc>('customers')).some((d) => d.id === id), `B has ${id}`);
    const handedToRxdb = (what: 'event' | 'RESYNC') => b.trace.lines.filter((l) => l.includes(`to rxdb customers ${what}`)).length;

    // 1. A resync: B pulls a batch; RxDB's last step of it (the meta write) is held.
    const replication = b.fdb.sync.replications.get('customers')!;
    await replication.awaitInitialReplication();
    const meta = replication.internalReplicationState!.input.metaInstance as unknown as {
      bulkWrite: (rows: { document: { itemId?: string } }[], context: string) => Promise<unknown>;
    };
    const original = meta.bulkWrite.bind(meta);
    const batch = Array.from({ length: 5 }, (_, i) => customer({ name: `Lote ${i}` }));
    let releaseResync!: () => void;
    const gate = new Promise<void>((r) => (releaseResync = r));
    let held = false;
    let small!: ReturnType<typeof customer>;
    let large: ReturnType<typeof customer>[] = [];
    meta.bulkWrite = async (rows, context) => {
      if (!held && context === 'replication-down-write-meta' && rows.some((r) => batch.some((d) => d.id === r.document.itemId))) {
        held = true;
        await gate;
      }
      return original(rows, context);
    };
    try {
      await write(batch);
      await eventually(async () => check(held, 'the resync is held'), "B's resync reaches its meta write");

      // 2. One small change: its event carries the document, and B hands it to RxDB (queued behind the resync).
      const events = handedToRxdb('event');
      small = customer({ name: 'Pequena' });
      await write([small]);
      await eventually(async () => check(handedToRxdb('event') > events, 'handed over'), 'B hands the event to RxDB');

      // 3. A change that needs a pull: B asks RxDB for one (RESYNC) — queued right after that event.
      const resyncs = handedToRxdb('RESYNC');
      // More documents than ride on one event (stream.ts EVENT_MAX_DOCUMENTS): its event has none.
      large = Array.from({ length: EVENT_MAX_DOCUMENTS + 1 }, (_, i) => customer({ name: `Depois ${i}` }));
      await write(large);
      await eventually(async () => check(handedToRxdb('RESYNC') > resyncs, 'asked'), 'B asks RxDB for a pull');
    } finally {
      meta.bulkWrite = original;
      releaseResync();
    }

    // 4. Nothing else happens on the server: the change that needed a pull must still arrive.
    // (Without the second RESYNC, RxDB takes the queued event, drops the RESYNC behind it, and
    // the last batch waits for whatever the server's next change is — here, none.)
    await eventually(async () => {
      for (const d of [...batch, small]) await has(d.id);
    }, 'B stores the resync and the small change');
    await eventually(async () => {
      for (const d of large) await has(d.id);
    }, 'B stores the change that needed a pull, with no later event');
    await converged(suite.server, writer.accessToken, [b], ['customers']);
  });
});
