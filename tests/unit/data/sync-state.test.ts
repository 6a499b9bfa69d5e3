/**
 * The sync state (pending, refused, last sync) is held in memory and stored in one RxDB local
 * document that the store also follows (other tabs write it too). Against a real local RxDB
 * (fake-indexeddb).
 */
import { describe, expect, test } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { localDatabase } from '../../support/local-db';
import { SyncStateStore, type PersistedSyncState } from '../../../src/data/db/sync-state';

const getDb = localDatabase('sync_state', 'me', ['customers']);

describe('SyncStateStore', () => {
  test('an acknowledgement right after a mark is not lost to an older stored version', async () => {
    const fdb = await getDb();
    const store = fdb.sync.store;
    await store.flush();
    // Two documents written one after the other (the app does not wait for the pending mark
    // to be stored before writing the document and pushing it).
    void store.markPending('customers', ['first']);
    void store.markPending('customers', ['second']);
    // The first mark is stored (and followed) while the second is still being stored…
    await firstValueFrom(
      fdb.db
        .getLocal$<PersistedSyncState>('forja-sync-state')
        .pipe(filter((d) => Boolean(d && 'customers/first' in d.toJSON().data.pending))),
    );
    // …and the server already answered for the second document.
    await store.acknowledge('customers', ['second']);
    await store.flush();

    expect(Object.keys(store.value.pending)).toEqual(['customers/first']);
    // A fresh store (a reload) reads the same from storage.
    const reloaded = new SyncStateStore(fdb.db);
    await reloaded.load();
    expect(Object.keys(reloaded.value.pending)).toEqual(['customers/first']);
    await reloaded.close();
  });

  test('a second store on the same database (another tab) follows what the first one stores', async () => {
    const fdb = await getDb();
    await fdb.sync.store.flush();
    const other = new SyncStateStore(fdb.db);
    await other.load();
    try {
      await fdb.sync.store.markPending('customers', ['from-the-first-tab']);
      const seen = await firstValueFrom(other.state$.pipe(filter((s) => 'customers/from-the-first-tab' in s.pending)));
      expect(seen.pending['customers/from-the-first-tab']).toBeTruthy();
      await fdb.sync.store.acknowledge('customers', ['from-the-first-tab']);
      await firstValueFrom(other.state$.pipe(filter((s) => !('customers/from-the-first-tab' in s.pending))));
    } finally {
      await other.close();
    }
  });
});
