/**
 * The app's own data layer (src/data): the same factory, storage stack (Dexie + ajv),
 * replication engine, change stream and write helpers the PWA uses, with the app's options
 * (multi-instance with leader election, browser online watch). Only the batch sizes can be
 * overridden from the page URL (?pull=N&push=N) for experiments; by default the app's own.
 */
import type { RxCollection } from 'rxdb';
import { COLLECTION_NAMES, type CustomerDoc } from '@shared';
import { createForjaDatabase } from '../../../../src/data/db/create-database';
import { insertDocument } from '../../../../src/data/db/writes';
import type { AppClient, OpenOptions } from './client-types';

const params = new URLSearchParams(location.search);
const num = (k: string) => (params.has(k) ? Number(params.get(k)) : undefined);

export async function openAppClient(opts: OpenOptions): Promise<AppClient> {
  const pullBatchSize = num('pull');
  const pushBatchSize = num('push');
  const fdb = await createForjaDatabase({
    name: opts.name,
    userId: opts.userId,
    baseUrl: '',
    getToken: opts.getToken,
    multiInstance: true,
    watchBrowserOnline: true,
    pullBatchSize,
    pushBatchSize,
    // ?snapshot=0: RxDB's own first pull, for a before/after (BENCH_SNAPSHOT=0).
    firstSyncSnapshot: params.get('snapshot') !== '0',
    // ?direct=0: live changes stored only through RxDB's downstream (BENCH_DIRECT_LIVE=0).
    directLiveWrites: params.get('direct') !== '0',
    // ?ahead=0: a new document is pushed only through RxDB's upstream, after its local write (BENCH_SEND_AHEAD=0).
    sendAhead: params.get('ahead') !== '0',
  });
  const customers = () => fdb.db.collections.customers as unknown as RxCollection<CustomerDoc>;
  return {
    kind: `app src/data (pull batch ${pullBatchSize ?? 'default'}, push batch ${pushBatchSize ?? 'default'}, first sync ${params.get('snapshot') === '0' ? "RxDB's pull" : 'snapshot'})`,
    customers,
    async insert(doc) {
      // As the customer form does: the data layer makes the id (a new document's push can then
      // leave beside its local write, send-ahead.ts).
      const { id: _, ...fields } = doc;
      return (await insertDocument(fdb, 'customers', fields)).id;
    },
    async bulkInsert(docs) {
      // What an import would do: mark pending (the sync badge), then one bulk write.
      await fdb.sync.markPending('customers', docs.map((d) => d.id));
      const res = await customers().bulkInsert(docs);
      if (res.error.length > 0) throw new Error(`bulkInsert: ${JSON.stringify(res.error[0]).slice(0, 300)}`);
    },
    async awaitInitialSync() {
      await Promise.all([...fdb.sync.replications.values()].map((r) => r.awaitInitialReplication()));
      // …and the moment the app itself considers the first sync done (its progress bar goes away).
      await new Promise<void>((resolve, reject) => {
        const sub = fdb.sync.status$.subscribe((s) => {
          if (s.initialSync === null) {
            queueMicrotask(() => sub.unsubscribe());
            resolve();
          } else if (s.error) {
            reject(new Error(`sync error: ${s.error}`));
          }
        });
      });
    },
    awaitInSync: () => fdb.sync.awaitInSync(),
    async counts() {
      const out: Record<string, number> = {};
      for (const n of COLLECTION_NAMES) out[n] = await fdb.db.collections[n].count().exec();
      return out;
    },
    syncState() {
      const busy = [...fdb.sync.replications.entries()].filter(([, r]) => current(r.active$)).map(([n]) => n);
      const { refused, ...status } = fdb.sync.status$.value;
      return { busy, ...status, refused: refused.length, leader: fdb.db.isLeader() };
    },
    close: () => fdb.close(),
  };
}

/** The current value of a BehaviorSubject-backed observable (RxDB types them as Observable). */
function current<T>(o: import('rxjs').Observable<T>): T | undefined {
  let v: T | undefined;
  o.subscribe((x) => (v = x)).unsubscribe();
  return v;
}
