import { BehaviorSubject } from 'rxjs';
import type { CollectionName, SyncCheckpoint } from '@shared';
import type { ForjaRxDatabase, RefusedDocument } from './types';

/**
 * What the sync engine must remember across reloads, stored as one RxDB local document
 * (it lives in the user's database, so it is wiped with it and shared between tabs):
 * - pending: documents written on this device and not yet acknowledged by the server;
 * - refused: local versions the server refused, with its reason;
 * - lastSyncAt and whether the first download finished;
 * - snapshotResume: per collection, how far an unfinished first download (snapshot.ts) got;
 * - downloadTotals: per collection, how many documents its first download's first page said
 *   there are (its progress after a reload; a resumed download's pages do not say);
 * - downloadsDone: the collections whose first download finished (a reload before every
 *   collection's has must not show a finished list as still downloading).
 */
export type PersistedSyncState = {
  pending: Record<string, string>;
  refused: RefusedDocument[];
  lastSyncAt: string | null;
  initialSyncDone: boolean;
  snapshotResume: Partial<Record<CollectionName, SyncCheckpoint>>;
  downloadTotals: Partial<Record<CollectionName, number>>;
  downloadsDone: Partial<Record<CollectionName, true>>;
};

const LOCAL_DOC_ID = 'forja-sync-state';
const noop = () => undefined;
const EMPTY: PersistedSyncState = { pending: {}, refused: [], lastSyncAt: null, initialSyncDone: false, snapshotResume: {}, downloadTotals: {}, downloadsDone: {} };

export const pendingKey = (collection: CollectionName, id: string) => `${collection}/${id}`;

type Mutation = (s: PersistedSyncState) => PersistedSyncState;

export class SyncStateStore {
  readonly state$ = new BehaviorSubject<PersistedSyncState>(EMPTY);
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private unsubscribe: (() => void) | null = null;
  /** Mutations applied in memory and not stored yet. */
  private storing = 0;
  /** The newest stored state seen while `storing` > 0. */
  private storedMeanwhile: PersistedSyncState | null = null;

  constructor(private readonly db: ForjaRxDatabase) {}

  async load(): Promise<void> {
    let doc = await this.db.getLocal<PersistedSyncState>(LOCAL_DOC_ID);
    if (!doc) doc = await this.db.upsertLocal<PersistedSyncState>(LOCAL_DOC_ID, EMPTY);
    this.state$.next(normalize(doc.toJSON().data as PersistedSyncState));
    // Other tabs (and this one) write the same local document: follow it. While this tab still
    // has mutations to store, what it holds in memory is newer than any stored version (a
    // stored version read before a mutation would drop it from memory, and an acknowledgement
    // that checks memory would then be skipped, leaving the document pending forever): the
    // stored state is taken once they are all stored, and then includes them.
    // The document's own `$`, not `db.getLocal$()`: that one runs two async steps for every
    // change event of every collection (a first sync's 20,000 documents: 40,000 promises and a
    // quadratic unsubscribe in rxjs — bench:sync CPU profile); this one filters per event bulk.
    const sub = doc.$.subscribe((d) => {
      if (this.closed) return;
      const stored = normalize(d.toJSON().data as PersistedSyncState);
      if (this.storing > 0) this.storedMeanwhile = stored;
      else this.state$.next(stored);
    });
    this.unsubscribe = () => sub.unsubscribe();
  }

  get value(): PersistedSyncState {
    return this.state$.value;
  }

  /**
   * Applies the mutation now in memory and, in order, to the stored (possibly newer) state —
   * stored once `after` has settled, when given (see markPending).
   */
  mutate(fn: Mutation, after?: Promise<unknown>): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.state$.next(fn(this.state$.value));
    this.storing++;
    const run = async () => {
      if (this.closed) return;
      const doc = await this.db.getLocal<PersistedSyncState>(LOCAL_DOC_ID);
      if (!doc) {
        await this.db.upsertLocal(LOCAL_DOC_ID, fn(EMPTY));
        return;
      }
      await doc.incrementalModify((data) => fn(normalize(data)));
    };
    const stored = () => {
      if (--this.storing > 0 || !this.storedMeanwhile || this.closed) return;
      const latest = this.storedMeanwhile;
      this.storedMeanwhile = null;
      this.state$.next(latest);
    };
    const ready = after ? this.queue.then(() => after.then(noop, noop)) : this.queue;
    const p = ready.then(run, run).finally(stored);
    this.queue = p.catch(() => undefined);
    return p.catch(() => undefined);
  }

  /**
   * `written`: the local write these documents are pending for. Marked in memory at once, stored
   * once that write has settled: the two IndexedDB writes would otherwise compete, and the
   * document's own write is the one its push waits for (bench:sync, live A → B). Either order is
   * safe across a crash: the upstream sends an unsent document whether or not it is marked here.
   */
  markPending(collection: CollectionName, ids: string[], written?: Promise<unknown>): Promise<void> {
    const at = new Date().toISOString();
    return this.mutate((s) => {
      const pending = { ...s.pending };
      for (const id of ids) pending[pendingKey(collection, id)] = at;
      return { ...s, pending };
    }, written);
  }

  acknowledge(collection: CollectionName, ids: string[]): Promise<void> {
    if (!ids.some((id) => pendingKey(collection, id) in this.value.pending)) return Promise.resolve();
    return this.mutate((s) => {
      const pending = { ...s.pending };
      for (const id of ids) delete pending[pendingKey(collection, id)];
      return { ...s, pending };
    });
  }

  addRefused(items: RefusedDocument[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    return this.mutate((s) => {
      const keep = s.refused.filter((r) => !items.some((i) => i.collection === r.collection && i.id === r.id));
      return { ...s, refused: [...keep, ...items] };
    });
  }

  removeRefused(collection: CollectionName, id: string): Promise<void> {
    return this.mutate((s) => ({
      ...s,
      refused: s.refused.filter((r) => !(r.collection === collection && r.id === id)),
    }));
  }

  setLastSync(at: string, initialSyncDone?: boolean): Promise<void> {
    return this.mutate((s) => ({
      ...s,
      lastSyncAt: at,
      initialSyncDone: initialSyncDone ?? s.initialSyncDone,
    }));
  }

  /** The first download of `collection` has stored everything up to `checkpoint` (null: it finished). */
  setSnapshotResume(collection: CollectionName, checkpoint: SyncCheckpoint | null): Promise<void> {
    return this.mutate((s) => {
      const snapshotResume = { ...s.snapshotResume };
      if (checkpoint) snapshotResume[collection] = checkpoint;
      else delete snapshotResume[collection];
      return { ...s, snapshotResume };
    });
  }

  /** The server said its first download of `collection` has `total` documents. */
  setDownloadTotal(collection: CollectionName, total: number): Promise<void> {
    if (this.value.downloadTotals[collection] === total) return Promise.resolve();
    return this.mutate((s) => ({ ...s, downloadTotals: { ...s.downloadTotals, [collection]: total } }));
  }

  /** The first download of `collection` finished. */
  setDownloadDone(collection: CollectionName): Promise<void> {
    if (this.value.downloadsDone[collection]) return Promise.resolve();
    return this.mutate((s) => ({ ...s, downloadsDone: { ...s.downloadsDone, [collection]: true } }));
  }

  async flush(): Promise<void> {
    await this.queue;
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    this.unsubscribe?.();
  }
}

function normalize(d: Partial<PersistedSyncState> | undefined): PersistedSyncState {
  return {
    pending: { ...(d?.pending ?? {}) },
    refused: [...(d?.refused ?? [])],
    lastSyncAt: d?.lastSyncAt ?? null,
    initialSyncDone: Boolean(d?.initialSyncDone),
    snapshotResume: { ...(d?.snapshotResume ?? {}) },
    downloadTotals: { ...(d?.downloadTotals ?? {}) },
    downloadsDone: { ...(d?.downloadsDone ?? {}) },
  };
}
