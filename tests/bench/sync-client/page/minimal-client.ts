/**
 * A minimal RxDB HTTP replication written from RxDB's documented pattern, NOT the app's code.
 * It exists only so the bench harness can run (and be compared) when src/data is absent or
 * broken: build with FORJA_BENCH_CLIENT=minimal. The report names which client ran.
 */
import { createRxDatabase, type RxCollection } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import { collectionSchemas, type CollectionName, type CustomerDoc } from '@shared';
import type { AppClient, OpenOptions } from './client-types';

const BATCH = Number(new URLSearchParams(location.search).get('pull') ?? 1000);

export async function openAppClient(opts: OpenOptions): Promise<AppClient> {
  const db = await createRxDatabase({
    name: opts.name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }),
    multiInstance: false,
  });
  const names = Object.keys(collectionSchemas) as CollectionName[];
  const cols = await db.addCollections(
    Object.fromEntries(names.map((n) => [n, { schema: collectionSchemas[n] as never }])),
  );
  const auth = () => ({ authorization: `Bearer ${opts.getToken()}` });
  const streams = new Map(names.map((n) => [n, new Subject<'RESYNC'>()]));
  const reps: RxReplicationState<unknown, unknown>[] = names.map((n) =>
    replicateRxCollection({
      collection: cols[n] as RxCollection,
      replicationIdentifier: `bench-minimal-${n}`,
      live: true,
      retryTime: 1000,
      waitForLeadership: false,
      pull: {
        batchSize: BATCH,
        stream$: streams.get(n)!.asObservable(),
        async handler(checkpoint, batchSize) {
          const q = new URLSearchParams({ limit: String(batchSize) });
          if (checkpoint) q.set('checkpoint', JSON.stringify(checkpoint));
          const res = await fetch(`/api/sync/${n}/pull?${q}`, { headers: auth() });
          if (!res.ok) throw new Error(`pull ${res.status}`);
          return res.json();
        },
      },
      push:
        n === 'staff'
          ? undefined
          : {
              batchSize: 200,
              async handler(rows) {
                const res = await fetch(`/api/sync/${n}/push`, {
                  method: 'POST',
                  headers: { ...auth(), 'content-type': 'application/json' },
                  body: JSON.stringify(rows),
                });
                if (!res.ok) throw new Error(`push ${res.status}`);
                return res.json();
              },
            },
    }),
  );
  const abort = new AbortController();
  void readStream(auth, abort.signal, (collection) => streams.get(collection as CollectionName)?.next('RESYNC'));

  return {
    kind: `minimal (bench's own replication, batch ${BATCH})`,
    customers: () => cols.customers as unknown as RxCollection<CustomerDoc>,
    async insert(doc) {
      await cols.customers.insert(doc);
      return doc.id;
    },
    async bulkInsert(docs) {
      const res = await cols.customers.bulkInsert(docs);
      if (res.error.length > 0) throw new Error(`bulkInsert: ${JSON.stringify(res.error[0]).slice(0, 300)}`);
    },
    async awaitInitialSync() {
      await Promise.all(reps.map((r) => r.awaitInitialReplication()));
    },
    async awaitInSync() {
      await Promise.all(reps.map((r) => r.awaitInSync()));
    },
    async counts() {
      const out: Record<string, number> = {};
      for (const n of names) out[n] = await cols[n].count().exec();
      return out;
    },
    syncState() {
      return { busy: reps.filter((r) => current(r.active$)).map((r) => r.collection.name) };
    },
    async close() {
      abort.abort();
      await Promise.all(reps.map((r) => r.cancel()));
      await db.close();
    },
  };
}

/** The one SSE stream per device, read with fetch (EventSource cannot send the bearer header). */
async function readStream(auth: () => Record<string, string>, signal: AbortSignal, onEvent: (collection: string) => void) {
  while (!signal.aborted) {
    try {
      const res = await fetch('/api/sync/stream', { headers: auth(), signal });
      if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const event = buf.slice(0, i);
          buf = buf.slice(i + 2);
          for (const line of event.split('\n')) {
            if (line.startsWith('data:')) onEvent((JSON.parse(line.slice(5)) as { collection: string }).collection);
          }
        }
      }
    } catch {
      if (signal.aborted) return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The current value of a BehaviorSubject-backed observable (RxDB types them as Observable). */
function current<T>(o: import('rxjs').Observable<T>): T | undefined {
  let v: T | undefined;
  o.subscribe((x) => (v = x)).unsubscribe();
  return v;
}
