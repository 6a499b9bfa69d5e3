import { BehaviorSubject, Subject, Subscription, auditTime, combineLatest, from as fromPromise, startWith, switchMap, takeWhile } from 'rxjs';
import type { WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import {
  API_PATHS,
  ERROR_MESSAGES,
  INSERT_ONLY_COLLECTIONS,
  PUSH_REJECTIONS_HEADER,
  PUSH_REJECTIONS_MORE_HEADER,
  READ_ONLY_COLLECTIONS,
  type CollectionName,
  type PushRejection,
  type PushRejectionsMore,
  type PushRow,
  type SyncCheckpoint,
  type SyncStreamEvent,
} from '@shared';
import { sameDocumentState } from './equality';
import { PushBaseTracker } from './push-base';
import { SyncStateStore, pendingKey } from './sync-state';
import { SyncStreamReader } from './sync-stream';
import { PagesAhead, type PageBody } from './pages-ahead';
import { SendAhead, type PushAnswer } from './send-ahead';
import { PushAnswers, type ReadMark } from './push-answers';
import { importsFinished } from './bulk-writes';
import {
  SNAPSHOT_WRITE_MAX,
  isServerRevision,
  openMetaAccess,
  recordSnapshotBase,
  replicationMarks,
  unsentSnapshotIds,
  writeSnapshot,
  type MetaAccess,
} from './snapshot';
import { HttpError, NetworkError, createRequester, errorFrom, type Requester } from './transport';
import { estimateClockSkew, type ClockSample } from '../../domain/clock-skew';
import type { AnyCollection, AnyDoc, FirstDownload, FirstDownloads, ForjaRxDatabase, RefusedDocument, SyncStatus, SyncTransport } from './types';

export type SyncEngineOptions = SyncTransport & {
  collections: CollectionName[];
  /** Replicate only in the tab that is leader (browser); false in Node tests. */
  waitForLeadership?: boolean;
  retryTime?: number;
  pushBatchSize?: number;
  pullBatchSize?: number;
  /** Reads navigator.onLine and listens to online/offline events when available. */
  watchBrowserOnline?: boolean;
  /** Longest wait between two reconnection attempts of the change stream (default 30 s). */
  streamMaxBackoffMs?: number;
  /** A new device's first download as a snapshot (snapshot.ts; default true). false: RxDB's own pull (bench:sync compares). */
  firstSyncSnapshot?: boolean;
  /** Documents per request of that download (default 1,000; the soak uses small pages to take this path often). */
  snapshotPageSize?: number;
  /** Live changes written into storage before RxDB records them (default true; bench:sync compares). */
  directLiveWrites?: boolean;
  /** New documents pushed beside their local write (send-ahead.ts; default true). false: only RxDB's upstream pushes (bench:sync compares). */
  sendAhead?: boolean;
};

type Row = PushRow<Record<string, unknown>>;
type StreamItem = 'RESYNC' | { documents: WithDeleted<AnyDoc>[]; checkpoint: SyncCheckpoint };

const UNEXPECTED = ERROR_MESSAGES.internal;
/**
 * Pages of a new device's first download (snapshot.ts): ~1,000 documents, so the first list
 * page is stored within ~2 s of signing in; pages that arrive while one is being stored are
 * stored together (up to SNAPSHOT_WRITE_MAX), as bigger writes cost less per document.
 */
const SNAPSHOT_PAGE = 1_000;
/** How long a change coming back waits for this device's push of it to be answered. */
const ECHO_WAIT_MS = 2_000;
const replicationIdentifier = (name: CollectionName) => `forja-sync-v1-${name}`;

export class SyncEngine {
  readonly request: Requester;
  readonly store: SyncStateStore;
  readonly replications = new Map<CollectionName, RxReplicationState<AnyDoc, SyncCheckpoint>>();
  private readonly streams = new Map<CollectionName, Subject<StreamItem>>();
  /** Per collection, the sequence the downstream has reached (last pull answer or live event applied). */
  private readonly downSeq = new Map<CollectionName, SyncCheckpoint>();
  private readonly stream: SyncStreamReader;
  private readonly subs: Subscription[] = [];
  private readonly cleanups: (() => void)[] = [];
  private readonly runtime$ = new BehaviorSubject({
    reachable: true,
    browserOnline: true,
    error: null as string | null,
    lastSyncAt: null as string | null,
    initialDone: 0,
    initialTotal: null as number | null,
    clockSkewMs: null as number | null,
  });
  private readonly active$ = new BehaviorSubject<boolean>(false);
  readonly status$ = new BehaviorSubject<SyncStatus>({
    online: true,
    pending: 0,
    lastSyncAt: null,
    syncing: false,
    refused: [],
    initialSync: null,
    error: null,
    clockSkewMs: null,
  });
  private started = false;
  private stopped = false;
  private initialTotals = new Map<CollectionName, number>();
  /**
   * Per collection, this tab's view of its first download: documents stored so far, the server's total when its first page said, and whether it finished.
   * Lists read it (first-download.ts) so an empty list during the download says "loading",
   * never "no data". Every collection reads as finished once the whole first download is.
   */
  readonly firstDownloads$ = new BehaviorSubject<FirstDownloads>({});
  /** Collections downloading everything again after `resync_required`: ids the server still has. */
  private readonly resyncs = new Map<CollectionName, Set<string>>();

  constructor(
    readonly db: ForjaRxDatabase,
    private readonly opts: SyncEngineOptions,
  ) {
    this.request = createRequester(opts, (sample) => this.clockSample(sample));
    this.store = new SyncStateStore(db);
    this.stream = new SyncStreamReader(this.request, {
      onConnect: () => {
        this.setRuntime({ reachable: true });
        // Anything may have changed while we were not listening.
        for (const name of this.streams.keys()) this.requestPull(name);
      },
      onEvent: (c, ev) => this.onStreamEvent(c, ev),
      onDisconnect: (e) => {
        if (e instanceof NetworkError || (e instanceof Error && /fetch|network|terminated|aborted/i.test(e.message))) {
          this.setRuntime({ reachable: false });
        }
      },
    }, opts.streamMaxBackoffMs);
    if (opts.watchBrowserOnline && typeof window !== 'undefined') this.closeStreamWhenKept();
  }

  /**
   * A page WebKit keeps in its back/forward cache (plain http, issue 39 §1) would keep its change
   * stream open, frozen: one of the origin's six connections for each page left, until the live
   * page's pulls queue behind them and time out ('Sem conexão' with the server up). A kept page
   * closes its stream; brought back, it opens it again.
   */
  private closeStreamWhenKept(): void {
    let streamingWhenKept = false;
    const kept = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      streamingWhenKept = this.stream.running;
      this.stream.stop();
    };
    const back = (event: PageTransitionEvent) => {
      if (event.persisted && streamingWhenKept && !this.stopped) this.stream.start();
    };
    window.addEventListener('pagehide', kept);
    window.addEventListener('pageshow', back);
    this.cleanups.push(() => {
      window.removeEventListener('pagehide', kept);
      window.removeEventListener('pageshow', back);
    });
  }

  /** Loads the persisted state; call before any local write. */
  async init(): Promise<void> {
    await this.store.load();
    this.setRuntime({ lastSyncAt: this.store.value.lastSyncAt });
    this.subs.push(
      combineLatest([this.store.state$, this.runtime$, this.active$]).subscribe(([s, r, active]) => {
        this.status$.next({
          online: r.browserOnline && r.reachable,
          pending: Object.keys(s.pending).length,
          lastSyncAt: r.lastSyncAt ?? s.lastSyncAt,
          syncing: active,
          refused: s.refused,
          initialSync: s.initialSyncDone ? null : { done: r.initialDone, total: r.initialTotal },
          error: r.error,
          clockSkewMs: r.clockSkewMs,
        });
      }),
    );
    if (this.opts.watchBrowserOnline && typeof window !== 'undefined') {
      const update = () => {
        const online = navigator.onLine !== false;
        this.setRuntime({ browserOnline: online });
        if (online) this.reconnect();
      };
      update();
      window.addEventListener('online', update);
      window.addEventListener('offline', update);
      this.cleanups.push(() => {
        window.removeEventListener('online', update);
        window.removeEventListener('offline', update);
      });
    }
  }

  /** Starts the replication of every collection and the change stream. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const name of this.opts.collections) this.replicate(name);
    const actives = [...this.replications.values()].map((r) => r.active$);
    this.subs.push(combineLatest(actives).subscribe((a) => this.active$.next(a.some(Boolean))));
    // Remember the last successful sync across reloads (written when replication goes idle).
    this.subs.push(
      this.active$.subscribe((active) => {
        const at = this.runtime$.value.lastSyncAt;
        // Stored once per minute at most: the status shows the minute, and every live change ends
        // with the replication going idle (a write of the sync state each time, bench:sync).
        if (!active && at && !sameMinute(at, this.store.value.lastSyncAt)) void this.store.setLastSync(at);
      }),
    );
    if (this.opts.waitForLeadership) {
      void this.db.waitForLeadership().then(() => {
        if (!this.stopped) this.stream.start();
      });
    } else {
      this.stream.start();
    }
    void this.trackInitialSync();
  }

  /**
   * A collection's first download as lists should read it: finished once this device finished
   * its whole first download (now or before), or when this database does not replicate at all.
   */
  firstDownloadOf(name: CollectionName): FirstDownload {
    const seen = this.firstDownloads$.value[name];
    const d = seen?.total != null ? seen : { done: false, stored: 0, ...seen, total: this.store.value.downloadTotals[name] ?? null };
    return this.store.value.initialSyncDone || this.store.value.downloadsDone[name] || !this.started ? { ...d, done: true } : d;
  }

  /** Pull and push everything now (after reconnecting, or a manual refresh). */
  reconnect(): void {
    if (!this.started || this.stopped) return;
    this.stream.reconnectNow();
    // Through requestPull, not RxDB's reSync() alone: a stream event taken while this pull is on
    // its way must be pulled too, not handed to RxDB — which would store it after (and over) the
    // newer version this pull brings (npm run soak, seed 484316010: a device kept its own
    // create's echo over another device's edit that its pull had stored a moment before).
    for (const name of this.replications.keys()) this.requestPull(name);
  }

  /** Resolves when every collection is in sync with the server (tests, sign-out checks). */
  async awaitInSync(): Promise<void> {
    await Promise.all([...this.replications.values()].map((r) => r.awaitInSync()));
    await this.store.flush();
  }

  markPending(collection: CollectionName, ids: string[], written?: Promise<unknown>): Promise<void> {
    return this.store.markPending(collection, ids, written);
  }

  private readonly ahead = new SendAhead((name, rows) => this.sendRows(name, rows));

  /**
   * A document created here with a new id, marked pending, whose local write `written` has
   * started: sent to the server now, beside that write (send-ahead.ts) — when this tab
   * replicates the collection, is online, past its first download, and sends no other ahead.
   */
  sendAhead(name: CollectionName, doc: AnyDoc, written: Promise<unknown>): void {
    const state = this.replications.get(name)?.internalReplicationState;
    const r = this.runtime$.value;
    if (
      !state || this.stopped || !this.started || this.opts.sendAhead === false || READ_ONLY_COLLECTIONS.includes(name) || INSERT_ONLY_COLLECTIONS.includes(name) ||
      !r.browserOnline || !r.reachable || !this.store.value.initialSyncDone || this.store.value.snapshotResume[name] ||
      this.snapshotting.has(name) || this.resyncs.has(name) || this.ahead.busy(name)
    ) return;
    this.ahead.send(name, doc, written);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stream.stop();
    await Promise.all([...this.replications.values()].map((r) => r.cancel().catch(() => undefined)));
    this.subs.forEach((s) => s.unsubscribe());
    this.cleanups.forEach((c) => c());
    const opened = [...this.metaAccess.values()];
    this.metaAccess.clear();
    await Promise.all(opened.map((a) => a.then((m) => m?.close()).catch(() => undefined)));
    await this.store.close();
  }

  /** Meta storage opened by this tab for snapshot bases while another tab replicates. */
  private readonly metaAccess = new Map<CollectionName, Promise<MetaAccess | null>>();

  /**
   * Call before a local edit of a stored document (writes.ts): a snapshot document edited for
   * the first time gets its meta row first, so the edit is pushed with the snapshot as its base.
   */
  async beforeLocalEdit(name: CollectionName, stored: Record<string, unknown>): Promise<void> {
    if (READ_ONLY_COLLECTIONS.includes(name) || this.stopped) return;
    const doc = stored as NonNullable<Parameters<typeof isServerRevision>[0]>;
    // Most edits end here with no IndexedDB read: the marker says the document was edited or
    // created on this device (the hash is known once any edit or pull has asked for it).
    const known = this.originHashes.get(name);
    if (known && !isServerRevision(doc, await known)) return;
    let state = this.replications.get(name)?.internalReplicationState;
    if (!state) {
      // Not replicating in this tab (another tab leads): the shared meta storage, opened here.
      const collection = this.db.collections[name] as unknown as AnyCollection;
      let access = this.metaAccess.get(name);
      if (!access) {
        access = openMetaAccess(collection, replicationIdentifier(name)).catch(() => null);
        this.metaAccess.set(name, access);
      }
      state = (await access)?.state;
      if (!state) return;
    }
    const hash = await this.originHash(name, state);
    if (isServerRevision(doc, hash)) await recordSnapshotBase(state, doc, hash);
  }

  private readonly originHashes = new Map<CollectionName, Promise<string>>();

  private originHash(name: CollectionName, state: { input: { hashFunction: (s: string) => Promise<string>; identifier: string } }): Promise<string> {
    let hash = this.originHashes.get(name);
    if (!hash) this.originHashes.set(name, (hash = state.input.hashFunction(state.input.identifier)));
    return hash;
  }

  /** The clock skew from an answer; the status only moves when it changes by more than 2 s. */
  private clockSample(sample: ClockSample): void {
    const skew = estimateClockSkew(sample);
    if (skew === null) return;
    const known = this.runtime$.value.clockSkewMs;
    if (known === null || Math.abs(skew - known) > 2_000) this.setRuntime({ clockSkewMs: skew });
  }

  private setRuntime(patch: Partial<typeof this.runtime$.value>): void {
    this.runtime$.next({ ...this.runtime$.value, ...patch });
  }

  private succeeded(): void {
    this.setRuntime({ reachable: true, error: null, lastSyncAt: new Date().toISOString() });
  }

  private failed(e: unknown): never {
    if (e instanceof NetworkError) this.setRuntime({ reachable: false });
    else this.setRuntime({ reachable: true, error: e instanceof HttpError ? e.message : UNEXPECTED });
    throw e;
  }

  /**
   * A change on the server. Events of one collection are taken one after another, in order; one
   * that touches a document this device is still sending (as a rule its own change coming back)
   * first waits until that push has been answered.
   */
  private onStreamEvent(name: CollectionName, ev: SyncStreamEvent): void {
    if (!this.streams.has(name)) return;
    // A page fetched ahead was read before this change: the next pull must read the server
    // again. (RxDB drops a change it was told of before a pull it starts later, trusting that
    // pull to include it; a stale prefetched page would lose the change.)
    this.prefetched.delete(name);
    // Read now, not when its turn comes: a push answered meanwhile must not make the event look
    // like one about documents this device was not sending (it may be older than what is stored).
    const sending = this.sendingIn(name, ev);
    const arrived = this.answers.begin();
    const tail = (this.eventQueues.get(name) ?? Promise.resolve())
      .then(async () => {
        if (sending.length > 0) {
          // It may be one sent ahead whose local write has not committed yet (send-ahead.ts).
          await this.ahead.writesSettled(name);
          await this.upstreamSettled(name);
        }
        await this.takeStreamEvent(name, ev, sending, arrived);
      })
      .catch(() => this.requestPull(name))
      .finally(() => {
        this.answers.end(arrived);
        if (this.eventQueues.get(name) === tail) this.eventQueues.delete(name);
      });
    this.eventQueues.set(name, tail);
  }

  /** Per collection, the stream events still being taken. */
  private readonly eventQueues = new Map<CollectionName, Promise<void>>();

  /** Ids of the event's documents that this device is still sending. */
  private pendingIn(name: CollectionName, ev: SyncStreamEvent): string[] {
    const pending = this.store.value.pending;
    return (ev.documents ?? []).map((d) => String(d.id)).filter((id) => pendingKey(name, id) in pending);
  }

  /** Ids of the event's documents still being sent: pending, or answered and not yet recorded by RxDB. */
  private sendingIn(name: CollectionName, ev: SyncStreamEvent): string[] {
    return (ev.documents ?? []).map((d) => String(d.id)).filter((id) => this.isSending(name, id));
  }

  private isSending(name: CollectionName, id: string): boolean {
    return pendingKey(name, id) in this.store.value.pending || this.answers.unrecorded(name, id);
  }

  /** Push answers: which are not yet recorded by RxDB, which came after a read began (push-answers.ts). */
  private readonly answers = new PushAnswers();

  /**
   * Takes an event. When it carries the documents written since the sequence this device has
   * reached (see the server's stream.ts), they are stored as they are — no pull round trip;
   * otherwise (an older checkpoint, a larger change, a full resync under way) this pulls.
   * A document still being sent is left to the pull, as RxDB treats a server version that meets
   * an unsent local edit specially. One that was being sent when the event came (`sent`) and has
   * been answered since is taken only when the event holds what is stored here already (this
   * device's own change coming back): storing it then changes nothing but the checkpoint, where
   * a pull would cost a round trip; any other version of it (another device's change that the
   * server merged with ours) is pulled, so the newest arrives.
   */
  private async takeStreamEvent(name: CollectionName, ev: SyncStreamEvent, sent: string[], arrived: ReadMark): Promise<void> {
    const stream$ = this.streams.get(name);
    const reached = this.downSeq.get(name);
    // Not while one of RxDB's pulls is out: it stores the event after that pull's answer, which
    // may already hold a newer version (npm run soak; the replication test "both edit one
    // document offline" under load: a device kept its own change coming back over the other
    // device's merge). Its pull may belong to a resync older than the last pull this engine
    // asked for, so "caught up" alone does not tell.
    const current = () => this.caughtUp.has(name) && !this.resyncs.has(name) && this.downSeq.get(name) === reached && !this.pulling.has(name);
    if (!stream$ || !ev.documents || ev.prev === undefined || !reached || reached.seq !== ev.prev || !current()) return this.requestPull(name);
    const documents = ev.documents as WithDeleted<AnyDoc>[];
    if (this.pendingIn(name, ev).length > 0) return this.requestPull(name);
    if (sent.length > 0 && !(await this.holdsAlready(name, documents.filter((d) => sent.includes(String(d.id)))))) return this.requestPull(name);
    // (This device's own change coming back is stored already.)
    const direct = this.directStore(name);
    const others = documents.filter((d) => !sent.includes(String(d.id)));
    if (direct && others.length > 0) await direct(others);
    // Re-checked after waiting: a pull asked for meanwhile reads past this event.
    if (!current()) return this.requestPull(name);
    // A document of the event edited here since it came — being sent, or sent already: RxDB
    // would take the event only after that push and record, and its version in the event may be
    // older than what RxDB records as sent: RxDB would put it back (as with a stale pull page,
    // see pullAndWait). The pull reads it again.
    const ids = others.map((d) => String(d.id));
    if (ids.some((id) => this.isSending(name, id)) || this.answers.answeredSince(name, ids, arrived)) return this.requestPull(name);
    const checkpoint: SyncCheckpoint = { ...reached, seq: ev.seq };
    this.downSeq.set(name, checkpoint);
    this.eventsSincePull.add(name);
    stream$.next({ documents, checkpoint });
  }

  /** Waits (at most 2 s) until the collection's upstream has sent what it had and stored the answers. */
  private async upstreamSettled(name: CollectionName): Promise<void> {
    const state = this.replications.get(name)?.internalReplicationState;
    if (!state) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), ECHO_WAIT_MS)));
    try {
      // The queue grows while it runs (the push's answer is stored by a later link).
      for (let q = state.streamQueue.up; ; q = state.streamQueue.up) {
        if ((await Promise.race([q.then(() => 'done' as const), deadline])) === 'late' || state.streamQueue.up === q) return;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** True when every document is stored here with the same content (server stamps aside). */
  private async holdsAlready(name: CollectionName, documents: WithDeleted<AnyDoc>[]): Promise<boolean> {
    const collection = this.db.collections[name] as unknown as AnyCollection;
    const stored = await collection.storageInstance.findDocumentsById(documents.map((d) => String(d.id)), true);
    const byId = new Map(stored.map((d) => [String(d.id), d]));
    return documents.every((d) => {
      const mine = byId.get(String(d.id));
      return mine !== undefined && sameDocumentState({ ...mine, _deleted: Boolean(mine._deleted) }, { ...d, _deleted: Boolean(d._deleted) });
    });
  }

  /**
   * Writing an event's documents into storage before handing them to RxDB (snapshot.ts, as for a
   * first download): they show on the device one read and one write sooner. RxDB's downstream then
   * finds them stored and only records its meta rows and checkpoint. Only while the downstream is
   * idle — a write of its own still running could otherwise put an older version back for a moment.
   */
  private directStore(name: CollectionName): ((documents: WithDeleted<AnyDoc>[]) => Promise<void>) | null {
    const state = this.replications.get(name)?.internalReplicationState;
    if (!state || this.opts.directLiveWrites === false || this.snapshotting.has(name) || state.events.active.down.getValue()) return null;
    let marks = this.marks.get(name);
    if (!marks) this.marks.set(name, (marks = replicationMarks(state)));
    // (A document written here is left alone: the event goes to RxDB's downstream as well.)
    return async (documents) => {
      await writeSnapshot(this.db, state, documents, await marks);
    };
  }

  private readonly marks = new Map<CollectionName, ReturnType<typeof replicationMarks>>();

  /**
   * Collections whose downstream has nothing queued: the last pull asked for has come back with
   * a partial page. Documents from an event are only taken then, so they can never be applied
   * after (and over) a newer pull answer that was already on its way.
   */
  private readonly caughtUp = new Set<CollectionName>();
  private readonly pullRequestedAt = new Map<CollectionName, number>();

  private requestPull(name: CollectionName): void {
    this.caughtUp.delete(name);
    this.pullRequestedAt.set(name, performance.now());
    // During a first download the request waits for it to end: it reads until it has caught up
    // anyway, and RxDB's RESYNC would meanwhile rescan the documents being written for its upstream.
    if (this.snapshotting.has(name)) {
      this.snapshotting.set(name, true);
      return;
    }
    const stream$ = this.streams.get(name);
    stream$?.next('RESYNC');
    // RxDB 17's downstream takes queued tasks in one go up to a RESYNC, and when an event comes
    // first it stops there and drops that RESYNC (downstream.ts, addNewTask: the task has been
    // shifted off the queue and is not put back) — no pull follows, and a change is missed until
    // the next one (npm run soak, seed 13877727: the trace shows the RESYNC and no pull for
    // 12 s). With an event handed over since the last pull began, a second RESYNC stays queued
    // for the next round; when the first was not dropped, RxDB drops the second as older than
    // the pull it started.
    if (this.eventsSincePull.has(name)) stream$?.next('RESYNC');
  }

  /** Collections with a stream event handed to RxDB since its last pull began. */
  private readonly eventsSincePull = new Set<CollectionName>();

  /** Collections whose first download is running, and whether a pull was asked for meanwhile. */
  private readonly snapshotting = new Map<CollectionName, boolean>();

  private replicate(name: CollectionName): void {
    const collection = this.db.collections[name] as unknown as AnyCollection;
    const stream$ = new Subject<StreamItem>();
    this.streams.set(name, stream$);
    const readOnly = READ_ONLY_COLLECTIONS.includes(name);
    const state = replicateRxCollection<AnyDoc, SyncCheckpoint>({
      // Not tied to the URL: one database per user and server; the checkpoint must survive.
      replicationIdentifier: replicationIdentifier(name),
      collection,
      live: true,
      retryTime: this.opts.retryTime ?? 5_000,
      waitForLeadership: this.opts.waitForLeadership ?? false,
      autoStart: true,
      pull: {
        // 500 per page: on a phone with 150 ms round trips a first sync of 20,000 documents waits
        // 6 s instead of 15 s at 200. (bench:sync sometimes shows live changes arriving late right
        // after a large first sync, at 200, 500 and 1000 alike: not caused by the page size.)
        batchSize: this.opts.pullBatchSize ?? 500,
        stream$,
        handler: (checkpoint, batchSize) => this.pull(name, checkpoint, batchSize),
      },
      push: readOnly
        ? undefined
        : {
            // 100 rows per push: after a large first sync RxDB's upstream re-scans every pulled
            // document in push-batch steps, delaying live changes meanwhile (bench:sync: up to
            // 35 s at 50 rows, ~7 s at 200). 100 keeps the refusal reasons within a 16 KiB header.
            batchSize: this.opts.pushBatchSize ?? 100,
            handler: (rows) => this.push(name, rows as unknown as Row[]),
            // While an import of this tab writes, RxDB's upstream does not even prepare its pushes
            // (reading each changed document's meta row: 2,500 IndexedDB reads per batch, beside
            // the import's own — bench:ui import, trace); it does once the import has stored them.
            waitBeforePersist: () => importsFinished(),
          },
    });
    state.error$.subscribe(() => {
      /* errors are reflected in the status by pull()/push(); keep RxDB from logging them as unhandled */
    });
    this.replications.set(name, state);
  }

  /**
   * RxDB's pull handler. The answer is handed over once the collection's writes sent ahead have
   * committed here: it may hold one of those documents, which RxDB's downstream must find
   * stored (and leave to the upstream) instead of inserting it before the local write does.
   *
   * And when it holds a document this device is still sending, once that push has been
   * answered: RxDB's downstream skips a server version that meets an unsent local edit, trusting
   * the push to come back as a conflict. But when our push reached the server first and another
   * device's edit was merged after it, our push is answered without a conflict while the pull
   * has already carried the merge past its checkpoint — the merge would never reach this device
   * (found by the replication test "both edit one document offline" under load, 1 run in ~20).
   * With the push answered first, the downstream finds the local edit recorded as sent and
   * takes the merge.
   */
  private async pull(name: CollectionName, checkpoint: SyncCheckpoint | undefined, limit: number) {
    this.eventsSincePull.delete(name);
    this.pulling.set(name, (this.pulling.get(name) ?? 0) + 1);
    try {
      return await this.pullAndWait(name, checkpoint, limit);
    } finally {
      const n = (this.pulling.get(name) ?? 1) - 1;
      if (n > 0) this.pulling.set(name, n);
      else this.pulling.delete(name);
    }
  }

  /** Per collection, RxDB's pull handler calls under way. */
  private readonly pulling = new Map<CollectionName, number>();

  /** Pages of full resyncs read so far (any collection). */
  private resyncPages = 0;

  /**
   * A page read before a push of this collection was answered may hold an older version of a
   * document than the one RxDB records from that answer; its downstream would take the page's
   * as the newer (the local document equals what it recorded as sent) and put the older one back
   * — an edit lost on this device, and pushed over on the server (npm run soak, seed 137569253).
   * Such a page is read again (a first download's snapshot is not; at most ten times, each
   * after a push of one of its documents was answered).
   */
  private async pullAndWait(name: CollectionName, checkpoint: SyncCheckpoint | undefined, limit: number) {
    for (let attempt = 1; ; attempt++) {
      const read = this.answers.begin();
      try {
        const resyncPages = this.resyncPages;
        const answer = await this.pullPageSettled(name, checkpoint, limit);
        // (A page of a full resync is not read again: its last one carries the deletions missed.)
        if (!checkpoint || attempt >= 10 || this.resyncPages !== resyncPages) return answer;
        if (!this.answers.answeredSince(name, answer.documents.map((d) => String(d.id)), read)) return answer;
      } finally {
        this.answers.end(read);
      }
    }
  }

  private async pullPageSettled(name: CollectionName, checkpoint: SyncCheckpoint | undefined, limit: number) {
    const answer = await this.pullPage(name, checkpoint, limit);
    await this.ahead.writesSettled(name);
    // (A push just answered is no longer pending, but RxDB records it as sent only after the
    // answer: push-answers.ts covers that window, and a busy upstream may be sending any of them.)
    const pushing = this.replications.get(name)?.internalReplicationState?.events.active.up.getValue() ?? false;
    if (answer.documents.length > 0 && (pushing || answer.documents.some((d) => this.isSending(name, String(d.id))))) {
      await this.upstreamSettled(name);
    }
    return answer;
  }

  private async pullPage(name: CollectionName, checkpoint: SyncCheckpoint | undefined, limit: number) {
    const path = (cp: SyncCheckpoint | undefined) => {
      const q = new URLSearchParams({ limit: String(limit) });
      if (cp) q.set('checkpoint', JSON.stringify(cp));
      return `${API_PATHS.syncPull(name)}?${q.toString()}`;
    };
    const startedAt = performance.now();
    const done = <T extends { documents: unknown[] }>(out: T): T => {
      if (out.documents.length < limit && startedAt >= (this.pullRequestedAt.get(name) ?? 0)) this.caughtUp.add(name);
      return out;
    };
    try {
      if (!checkpoint && (await this.snapshotAllowed(name))) return done(await this.pullSnapshot(name));
      const prefetched = await this.takePrefetched(name, path(checkpoint));
      if (prefetched) return done(await this.pulled(name, checkpoint, limit, prefetched, path));
      let res = await this.request(path(checkpoint));
      if (res.status === 409) {
        const err = await errorFrom(res);
        if (err.code !== 'resync_required') throw err;
        // Offline longer than the server keeps tombstones: download everything again.
        // Local unsynced documents are kept: RxDB never overwrites a document whose local
        // state differs from its assumed master; it pushes it afterwards instead.
        this.resyncs.set(name, new Set());
        res = await this.request(path(undefined));
      }
      if (!res.ok) throw await errorFrom(res);
      const body = (await res.json()) as PageBody;
      return done(await this.pulled(name, checkpoint, limit, body, path));
    } catch (e) {
      return this.failed(e);
    }
  }

  /**
   * A pull answer in hand. While RxDB writes it to IndexedDB, the next page is already being
   * fetched (a first sync is otherwise network, then disk, then network…).
   */
  private async pulled(
    name: CollectionName,
    checkpoint: SyncCheckpoint | undefined,
    limit: number,
    body: PageBody,
    path: (cp: SyncCheckpoint | undefined) => string,
  ) {
    try {
      this.succeeded();
      this.countInitial(name, body, checkpoint);
      const documents = body.documents as WithDeleted<AnyDoc>[];
      const seen = this.resyncs.get(name);
      if (seen) {
        this.resyncPages++;
        for (const d of documents) seen.add(String(d.id));
        if (documents.length < limit) {
          this.resyncs.delete(name);
          documents.push(...(await this.missedDeletions(name, seen)));
        }
      }
      const reached = body.checkpoint ?? checkpoint;
      if (reached) this.downSeq.set(name, reached);
      if (!seen && body.documents.length === limit && reached) this.prefetch(name, path(reached));
      return { documents, checkpoint: reached };
    } catch (e) {
      return this.failed(e);
    }
  }

  /**
   * A first download may be a snapshot (snapshot.ts) when the collection is empty here and
   * nothing is waiting to be sent — or when an interrupted one is resuming. A device with local
   * writes takes RxDB's own pull, which compares each document with them.
   */
  private async snapshotAllowed(name: CollectionName): Promise<boolean> {
    if (this.opts.firstSyncSnapshot === false) return false;
    if (READ_ONLY_COLLECTIONS.includes(name) || this.resyncs.has(name)) return false;
    if (!this.replications.get(name)?.internalReplicationState) return false;
    if (this.store.value.snapshotResume[name]) return true;
    const prefix = pendingKey(name, '');
    if (Object.keys(this.store.value.pending).some((k) => k.startsWith(prefix))) return false;
    const collection = this.db.collections[name] as unknown as AnyCollection;
    return (await collection.count().exec()) === 0;
  }

  /**
   * The first download as a snapshot: pages read ahead while the previous ones are stored; the
   * resume point stored after each write. Returns RxDB only the last document and the
   * checkpoint: its downstream stores that one the usual way and keeps the checkpoint.
   */
  private async pullSnapshot(name: CollectionName): Promise<{ documents: WithDeleted<AnyDoc>[]; checkpoint: SyncCheckpoint | undefined }> {
    const state = this.replications.get(name)!.internalReplicationState!;
    const from = this.store.value.snapshotResume[name];
    const pageSize = this.opts.snapshotPageSize ?? SNAPSHOT_PAGE;
    const url = (cp: SyncCheckpoint | undefined) => {
      const q = new URLSearchParams({ limit: String(pageSize) });
      if (cp) q.set('checkpoint', JSON.stringify(cp));
      return `${API_PATHS.syncPull(name)}?${q.toString()}`;
    };
    const pages = new PagesAhead(async (cp) => {
      const res = await this.request(url(cp));
      if (!res.ok) throw await errorFrom(res);
      return (await res.json()) as PageBody;
    }, from, pageSize, SNAPSHOT_WRITE_MAX);
    let batch = await pages.take();
    // Nothing came (the first read failed): say why. Pages that did come are stored first, even
    // when the read after them has failed meanwhile — the download then resumes after them.
    if (batch.length === 0) pages.rethrow();
    if (!from && batch.length === 1 && batch[0].documents.length < pageSize) {
      // Everything fits in one page: RxDB's own pull stores it (nothing to gain here).
      const [page] = batch;
      this.succeeded();
      this.countInitial(name, page, undefined);
      if (page.checkpoint) this.downSeq.set(name, page.checkpoint);
      return { documents: page.documents as WithDeleted<AnyDoc>[], checkpoint: page.checkpoint ?? undefined };
    }
    this.snapshotting.set(name, false);
    try {
      const marks = await replicationMarks(state);
      let reached = from;
      let last: WithDeleted<AnyDoc> | undefined;
      let first = true;
      for (; batch.length > 0; batch = await pages.take()) {
        const documents = batch.flatMap((p) => p.documents as WithDeleted<AnyDoc>[]);
        this.succeeded();
        if (documents.length > 0 && (await writeSnapshot(this.db, state, documents, marks)).length > 0) {
          // A document written on this device meanwhile (writeSnapshot left it alone): the
          // snapshot ends before these pages, and RxDB's own pull reads on from there — it
          // compares each document with what this device sent, and reads the page again when
          // a push was answered meanwhile (pullAndWait). Handing over this page's version
          // instead could put back an older one, or miss one for good (npm run soak, seed
          // 653067822: a customer created during the download, edited elsewhere meanwhile).
          void this.store.setSnapshotResume(name, null);
          this.snapshotting.set(name, true);
          return { documents: last ? [last] : [], checkpoint: reached };
        }
        for (const page of batch) {
          this.countInitial(name, page, first ? undefined : reached);
          first = false;
          reached = page.checkpoint ?? reached;
        }
        last = documents.at(-1) ?? last;
        if (reached) {
          this.downSeq.set(name, reached);
          void this.store.setSnapshotResume(name, reached);
        }
      }
      // Offline (or an error) half-way: what is stored stays; RxDB retries and this resumes.
      pages.rethrow();
      void this.store.setSnapshotResume(name, null);
      return { documents: last ? [last] : [], checkpoint: reached };
    } finally {
      // A pull asked for during the download: now (RxDB queues it after storing this answer).
      const asked = this.snapshotting.get(name);
      this.snapshotting.delete(name);
      if (asked) queueMicrotask(() => this.requestPull(name));
    }
  }

  private readonly prefetched = new Map<CollectionName, { path: string; page: Promise<PageBody | null> }>();

  private prefetch(name: CollectionName, path: string): void {
    const page = this.request(path)
      .then((res) => (res.ok ? (res.json() as Promise<PageBody>) : null))
      .catch(() => null);
    this.prefetched.set(name, { path, page });
  }

  /** The prefetched page for exactly this request, if it arrived fine; else null (fetch it now). */
  private async takePrefetched(name: CollectionName, path: string): Promise<PageBody | null> {
    const entry = this.prefetched.get(name);
    if (!entry) return null;
    this.prefetched.delete(name);
    return entry.path === path ? entry.page : null;
  }

  /**
   * After a full resync: documents this device has that the server no longer has at all
   * were deleted while we were away (their tombstones are gone). They come back from the
   * pull as tombstones, so RxDB deletes them locally without pushing anything. Documents
   * with unsynced local changes are left alone (they will be pushed).
   */
  private async missedDeletions(name: CollectionName, seen: Set<string>): Promise<WithDeleted<AnyDoc>[]> {
    const collection = this.db.collections[name] as unknown as AnyCollection;
    const local = await collection.find().exec();
    const pending = this.store.value.pending;
    return local
      .map((d) => d.toMutableJSON() as AnyDoc)
      .filter((d) => !seen.has(String(d.id)) && !(pendingKey(name, String(d.id)) in pending))
      .map((d) => ({ ...d, _deleted: true }));
  }

  private readonly pushBases = new Map<CollectionName, PushBaseTracker>();

  private async push(name: CollectionName, allRows: Row[]): Promise<WithDeleted<AnyDoc>[]> {
    // An import of this tab writing: its batches are sent once it has stored them (bulk-writes.ts).
    await importsFinished();
    const rows = await this.withoutUnsentSnapshots(name, allRows);
    if (rows.length === 0) return [];
    let masters: WithDeleted<AnyDoc>[];
    let rejections: PushRejection[] = [];
    const bases = this.pushBases.get(name) ?? new PushBaseTracker();
    this.pushBases.set(name, bases);
    const sent = bases.rowsToSend(rows);
    // Rows already answered: sent ahead while their local write ran (send-ahead.ts).
    const answeredAhead = await Promise.all(rows.map((row) => this.ahead.answerFor(name, row)));
    const toSend = sent.filter((_, i) => !answeredAhead[i]);
    try {
      if (toSend.length > 0) ({ masters, rejections } = await this.sendRows(name, toSend));
      else masters = [];
      this.succeeded();
    } catch (e) {
      return this.failed(e);
    }
    for (const a of answeredAhead) {
      if (!a) continue;
      masters.push(...a.masters);
      rejections.push(...a.rejections);
    }
    bases.answered(rows, sent, new Set(masters.map((m) => String(m.id))), new Set(rejections.map((r) => r.id)));
    // They count as being sent until RxDB has recorded the answer: its upstream's queue holds the
    // link running this push, which settles after the meta rows are written.
    this.answers.answered(name, allRows.map((r) => String(r.newDocumentState.id)), this.upstreamSettled(name));
    await this.afterPush(name, rows, rejections);
    return masters;
  }

  /** One push request: the masters of the rows in conflict and the refusals. */
  private async sendRows(name: CollectionName, rows: readonly { assumedMasterState?: unknown; newDocumentState: unknown }[]): Promise<PushAnswer> {
    const res = await this.request(API_PATHS.syncPush(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    });
    if (!res.ok) throw await errorFrom(res);
    const masters = (await res.json()) as WithDeleted<AnyDoc>[];
    const rejections = parseJsonHeader<PushRejection[]>(res.headers.get(PUSH_REJECTIONS_HEADER)) ?? [];
    const more = parseJsonHeader<PushRejectionsMore>(res.headers.get(PUSH_REJECTIONS_MORE_HEADER));
    if (more) rejections.push(...(await this.rejectionsLeftOut(name, more, rejections)));
    return { masters, rejections };
  }

  /**
   * The refusals of a push that its bounded header left out, read from the server's refusal store.
   * Without them a refused row would count as stored (its tombstone answer still deletes it here,
   * but the user would never see why). A failure to read them fails the push: RxDB retries it,
   * and the retry is refused again with its reasons.
   */
  private async rejectionsLeftOut(name: CollectionName, more: PushRejectionsMore, known: PushRejection[]): Promise<PushRejection[]> {
    const query = new URLSearchParams({ from: String(more.from), through: String(more.through) });
    const res = await this.request(`${API_PATHS.syncRejections(name)}?${query}`);
    if (!res.ok) throw await errorFrom(res);
    const seen = new Set(known.map((r) => r.id));
    return ((await res.json()) as PushRejection[]).filter((r) => !seen.has(r.id));
  }


  /**
   * Rows RxDB would push although they are the server's own snapshot (its upstream rescans from
   * its last stored checkpoint, which can lie before a first download): not sent; answering
   * nothing for them makes RxDB record them as the master. Only rows with no assumed master
   * that are not waiting to be sent are looked at (a local edit is always pending).
   */
  private async withoutUnsentSnapshots(name: CollectionName, rows: Row[]): Promise<Row[]> {
    const pending = this.store.value.pending;
    const candidates = rows.filter((r) => !r.assumedMasterState && !(pendingKey(name, String(r.newDocumentState.id)) in pending));
    const state = this.replications.get(name)?.internalReplicationState;
    if (candidates.length === 0 || !state) return rows;
    const skip = await unsentSnapshotIds(state, candidates, await this.originHash(name, state));
    return skip.size === 0 ? rows : rows.filter((r) => !skip.has(String(r.newDocumentState.id)));
  }

  /**
   * The server has answered for these rows (stored, merged or refused). A row stops being
   * pending when the local document is still the version we sent; a newer local edit
   * keeps it pending until that edit is pushed too.
   */
  private async afterPush(name: CollectionName, rows: Row[], rejections: PushRejection[]): Promise<void> {
    const at = new Date().toISOString();
    const byId = new Map(rows.map((r) => [String(r.newDocumentState.id), r]));
    const refused: RefusedDocument[] = [];
    for (const rej of rejections) {
      const row = byId.get(rej.id);
      if (!row) continue;
      const { _deleted, ...document } = row.newDocumentState;
      refused.push({
        collection: name,
        id: rej.id,
        error: rej.error,
        // The server leaves the message out when a large batch's reasons would not fit the header.
        message: rej.message ?? ERROR_MESSAGES[rej.error] ?? ERROR_MESSAGES.invalid_document,
        document: _deleted ? { ...document, _deleted: true } : document,
        at,
      });
    }
    await this.store.addRefused(refused);
    const ids = [...byId.keys()];
    const collection = this.db.collections[name] as unknown as AnyCollection;
    const current = await collection.storageInstance.findDocumentsById(ids, true);
    const currentById = new Map(current.map((d) => [String(d.id), d as AnyDoc]));
    const acked = ids.filter((id) => {
      const local = currentById.get(id);
      return !local || sameDocumentState(local, byId.get(id)!.newDocumentState);
    });
    await this.store.acknowledge(name, acked);
  }

  private countInitial(name: CollectionName, body: { documents: unknown[]; total?: number; remaining?: number }, checkpoint: SyncCheckpoint | undefined): void {
    if (this.store.value.initialSyncDone) return;
    const r = this.runtime$.value;
    if (!checkpoint && typeof body.total === 'number') this.initialTotals.set(name, body.total);
    if (!checkpoint && typeof body.remaining === 'number') this.initialTotals.set(name, body.remaining + body.documents.length);
    const total = this.initialTotals.size === this.opts.collections.length
      ? [...this.initialTotals.values()].reduce((a, b) => a + b, 0)
      : null;
    this.setRuntime({ initialDone: r.initialDone + body.documents.length, initialTotal: total });
    const known = this.initialTotals.get(name);
    if (known !== undefined && !checkpoint) void this.store.setDownloadTotal(name, known);
    if (known !== undefined) this.setFirstDownload(name, (d) => ({ ...d, total: known }));
  }

  private setFirstDownload(name: CollectionName, fn: (d: FirstDownload) => FirstDownload): void {
    const all = this.firstDownloads$.value;
    this.firstDownloads$.next({ ...all, [name]: fn(all[name] ?? { done: false, stored: 0, total: null }) });
  }

  /**
   * What a collection's first download has stored: the collection's own count, read again after
   * its writes (at most every 250 ms) until the download ends. Not the documents received: after
   * a reload, a download may read again pages an earlier run stored, or resume after them.
   */
  private countStored(name: CollectionName): void {
    const collection = this.db.collections[name] as unknown as AnyCollection;
    this.subs.push(
      collection.eventBulks$
        .pipe(
          auditTime(250),
          startWith(null),
          takeWhile(() => !this.firstDownloadOf(name).done && !this.stopped),
          switchMap(() => fromPromise(collection.count().exec())),
        )
        .subscribe({
          next: (stored) => {
            if (!this.stopped) this.setFirstDownload(name, (d) => ({ ...d, stored }));
          },
          error: () => undefined,
        }),
    );
  }

  private async trackInitialSync(): Promise<void> {
    if (this.store.value.initialSyncDone) return;
    for (const name of this.replications.keys()) this.countStored(name);
    try {
      await Promise.all(
        [...this.replications.entries()].map(([name, r]) =>
          r.awaitInitialReplication().then(async () => {
            // The final count, then done (the list then shows every row at once).
            const stored = await (this.db.collections[name] as unknown as AnyCollection).count().exec().catch(() => null);
            if (this.stopped) return;
            this.setFirstDownload(name, (d) => ({ ...d, stored: stored ?? d.stored, done: true }));
            await this.store.setDownloadDone(name);
          }),
        ),
      );
    } catch {
      return;
    }
    if (this.stopped) return;
    await this.store.setLastSync(new Date().toISOString(), true);
  }
}

/** A JSON response header, or null when absent or unreadable. */
function parseJsonHeader<T>(value: string | null): T | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

/** Same minute of the same day (both ISO instants in UTC). */
function sameMinute(a: string, b: string | null): boolean {
  return b !== null && a.slice(0, 16) === b.slice(0, 16);
}
