import { BehaviorSubject, combineLatest, of, type Subscription } from 'rxjs';
import {
  getAccessToken,
  getAuthState,
  refreshSession,
  reportPendingCount,
  setLocalDataHandle,
  subscribeAuth,
} from '../auth';
import { createForjaDatabase, type ForjaDatabase } from './create-database';
import { pendingPhotoCount, photoQueue$, startPhotoQueue, stopPhotoQueue, wipePhotoQueue } from '../photos/session';

/**
 * The one open database of this tab. Module-level so React StrictMode (which mounts
 * effects twice) and several components never open it twice. Only one user's database is
 * open at a time: the free RxDB allows 13 open collections per tab across all databases.
 */
let current: { userId: string; promise: Promise<ForjaDatabase> } | null = null;
let statusSub: Subscription | null = null;
export const database$ = new BehaviorSubject<ForjaDatabase | null>(null);
let persistRequested = false;

// Involuntary sign-out (session revoked or expired): stop replicating, keep the data.
// (The admin route unmounts DataProvider at once, so this cannot live in a component.)
subscribeAuth(() => {
  if (getAuthState().status === 'signed-out' && current) void closeUserDatabase();
});

export const databaseNameFor = (userId: string) => `forja_${userId}`;

function requestPersistentStorage(): void {
  if (persistRequested) return;
  persistRequested = true;
  // Ask the browser not to evict IndexedDB under storage pressure (unsynced work lives there).
  void globalThis.navigator?.storage?.persist?.().catch(() => false);
}

export function openUserDatabase(userId: string): Promise<ForjaDatabase> {
  if (current?.userId === userId) return current.promise;
  const previous = current;
  const promise = (async () => {
    if (previous) await closePromise(previous.promise);
    requestPersistentStorage();
    const fdb = await createForjaDatabase({
      name: databaseNameFor(userId),
      userId,
      baseUrl: '',
      getToken: getAccessToken,
      refreshToken: () => refreshSession().then((o) => o === 'ok'),
      devMode: import.meta.env?.MODE === 'test',
      multiInstance: true,
      watchBrowserOnline: true,
    });
    statusSub?.unsubscribe();
    // Photos taken here and not yet on the server count as pending too (sign-out asks first).
    const queue = startPhotoQueue(fdb);
    let lastPending = -1;
    statusSub = combineLatest([fdb.sync.status$, queue ? queue.items$ : of([])]).subscribe(() => {
      const pending = fdb.sync.status$.value.pending + pendingPhotoCount();
      if (pending === lastPending) return;
      lastPending = pending;
      reportPendingCount(userId, pending);
    });
    setLocalDataHandle({
      userId,
      pendingCount: () => fdb.sync.status$.value.pending + pendingPhotoCount(),
      wipe: async () => {
        if (current?.promise === promise) current = null;
        statusSub?.unsubscribe();
        statusSub = null;
        database$.next(null);
        setLocalDataHandle(null);
        await wipePhotoQueue();
        await fdb.remove();
      },
    });
    database$.next(fdb);
    return fdb;
  })();
  current = { userId, promise };
  promise.catch(() => {
    if (current?.promise === promise) current = null;
  });
  return promise;
}

async function closePromise(p: Promise<ForjaDatabase>): Promise<void> {
  try {
    const fdb = await p;
    if (database$.value === fdb) database$.next(null);
    if (photoQueue$.value) stopPhotoQueue();
    await fdb.close();
  } catch {
    /* it never opened */
  }
}

/** Closes the open database (data kept), e.g. after an involuntary sign-out. */
export async function closeUserDatabase(): Promise<void> {
  const c = current;
  current = null;
  statusSub?.unsubscribe();
  statusSub = null;
  setLocalDataHandle(null);
  if (c) await closePromise(c.promise);
}

/** The open database, waiting for it if it is opening. Commands use this. */
export async function requireDatabase(): Promise<ForjaDatabase> {
  if (!current) throw new Error('Nenhum banco de dados aberto: entre novamente.');
  return current.promise;
}
