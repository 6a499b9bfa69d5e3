/**
 * Photos taken on the floor wait here until the server has them (issue 31 §5). One small
 * IndexedDB database per signed-in user (`forja_photos_<userId>`, Dexie — not an RxDB
 * collection: the bytes never replicate, the server writes the work_order_photos document when
 * they arrive and that document replicates like any other).
 *
 * A photo is `waiting` (offline, or waiting for its next try after a network error, with
 * backoff), `uploading` (one at a time, with progress), `failed` (the server refused it: its
 * pt-BR reason is kept; Tentar novamente / Descartar) or `sent` (the server answered with its
 * document: the bytes are kept only until that document reaches this device by replication, so
 * the grid never blinks, then dropped). The state is in IndexedDB, so it survives reload and
 * restart; Dexie's liveQuery makes every tab see the others' changes, and a Web Lock keeps the
 * uploads to one tab at a time.
 */
import { Dexie, liveQuery, type Table } from 'dexie';
import { BehaviorSubject } from 'rxjs';
import { uploadRetryDelayMs } from '../../domain/photo-size';

export type PendingPhotoState = 'waiting' | 'uploading' | 'failed' | 'sent';

export interface PendingPhotoRecord {
  id: string;
  work_order_id: string;
  /** The reduced, re-encoded image (no EXIF). Kept as bytes: every engine stores an ArrayBuffer. */
  bytes: ArrayBuffer;
  mime: string;
  /** Bytes, kept beside them (read without touching the buffer). */
  size: number;
  width: number;
  height: number;
  /** When the photo was taken (ISO instant, the device's clock). */
  taken_at: string;
  state: PendingPhotoState;
  /** The server's refusal (failed), or the last network error (waiting). */
  error: { code: string; message: string } | null;
  attempts: number;
  /** Epoch ms before which a waiting photo is not tried again (backoff); 0 = now. */
  next_try_at: number;
  created_at: string;
}

/** A queued photo as screens see it (no bytes). */
export type PendingPhotoInfo = Omit<PendingPhotoRecord, 'bytes'> & {
  /** Upload progress 0..1 while uploading in this tab, else null. */
  progress: number | null;
};

export type UploadOutcome =
  | { ok: true; document: Record<string, unknown> }
  | { ok: false; kind: 'refused'; code: string; message: string }
  | { ok: false; kind: 'network'; message: string };

/** Sends one photo; calls `onProgress(0..1)` as the bytes go out. Never throws. */
export type PhotoUploader = (photo: PendingPhotoRecord, onProgress: (fraction: number) => void) => Promise<UploadOutcome>;

export interface PhotoQueueOptions {
  /** IndexedDB database name (per user). */
  name: string;
  upload: PhotoUploader;
  /** Whether trying now makes sense (navigator.onLine); default: always. */
  isOnline?: () => boolean;
  /** Dexie dependencies for Node tests (fake-indexeddb). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  now?: () => number;
  /** Mutual exclusion across tabs (Web Locks); default: navigator.locks when present. */
  withLock?: <T>(name: string, fn: () => Promise<T>) => Promise<T | undefined>;
}

/** The shortest wait of the backoff timer (kick() is the way to try at once). */
const RESCAN_MS = 3_000;

class PhotoDb extends Dexie {
  photos!: Table<PendingPhotoRecord, string>;
  constructor(name: string, deps: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }) {
    super(name, deps.indexedDB ? { indexedDB: deps.indexedDB, IDBKeyRange: deps.IDBKeyRange } : undefined);
    this.version(1).stores({ photos: 'id, work_order_id, state, created_at' });
  }
}

const strip = (r: PendingPhotoRecord, progress: number | null): PendingPhotoInfo => {
  const { bytes: _bytes, ...rest } = r;
  return { ...rest, progress: r.state === 'uploading' ? progress : null };
};

export function defaultWithLock<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.request) return fn();
  return locks.request(name, { ifAvailable: true }, async (lock) => (lock ? fn() : undefined)) as Promise<T | undefined>;
}

export class PhotoQueue {
  private readonly db: PhotoDb;
  private readonly now: () => number;
  private readonly sub: { unsubscribe(): void };
  private readonly progress = new Map<string, number>();
  private records: PendingPhotoRecord[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly loaded: Promise<void>;
  /** Every queued photo, oldest first (live, across tabs). */
  readonly items$ = new BehaviorSubject<PendingPhotoInfo[]>([]);

  constructor(private readonly opts: PhotoQueueOptions) {
    this.db = new PhotoDb(opts.name, opts);
    this.now = opts.now ?? Date.now;
    let resolveLoaded!: () => void;
    this.loaded = new Promise((r) => (resolveLoaded = r));
    this.sub = liveQuery(() => this.db.photos.orderBy('created_at').toArray()).subscribe({
      next: (rows) => {
        this.records = rows;
        this.publish();
        resolveLoaded();
        this.schedule();
      },
      error: () => resolveLoaded(),
    });
  }

  /** Resolves once the stored queue has been read. */
  ready(): Promise<void> {
    return this.loaded;
  }

  /** Photos not yet on the server (waiting, uploading or refused): what the pending count adds. */
  pendingCount(): number {
    return this.items$.value.filter((p) => p.state !== 'sent').length;
  }

  /** The bytes of a queued photo (for its thumbnail), or null. */
  async bytesOf(id: string): Promise<{ bytes: ArrayBuffer; mime: string } | null> {
    const r = this.records.find((p) => p.id === id) ?? (await this.db.photos.get(id));
    return r ? { bytes: r.bytes, mime: r.mime } : null;
  }

  async add(photo: { id: string; work_order_id: string; bytes: ArrayBuffer; mime: string; width: number; height: number; taken_at: string }): Promise<PendingPhotoInfo> {
    const record: PendingPhotoRecord = {
      ...photo,
      size: photo.bytes.byteLength,
      state: 'waiting',
      error: null,
      attempts: 0,
      next_try_at: 0,
      created_at: new Date(this.now()).toISOString(),
    };
    await this.db.photos.put(record);
    this.kick();
    return strip(record, null);
  }

  /** Tentar novamente: a refused (or waiting) photo goes out again now. */
  async retry(id: string): Promise<void> {
    await this.db.photos.update(id, { state: 'waiting', error: null, next_try_at: 0 });
    this.kick();
  }

  /** Descartar: the photo leaves this device for good. */
  async discard(id: string): Promise<void> {
    await this.db.photos.delete(id);
  }

  /** The server's documents of these ids reached this device: their bytes are no longer needed here. */
  async stored(ids: readonly string[]): Promise<void> {
    const drop = this.records.filter((r) => ids.includes(r.id) && (r.state === 'sent' || r.state === 'waiting' || r.state === 'failed')).map((r) => r.id);
    if (drop.length) await this.db.photos.bulkDelete(drop);
  }

  /** Ids of photos the server answered for, waiting for their document to arrive. */
  sentIds(): string[] {
    return this.records.filter((r) => r.state === 'sent').map((r) => r.id);
  }

  /** Try now (came back online, reconnected, a new photo). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again && !this.closed) {
        this.again = false;
        this.kick();
      } else this.schedule();
    });
  }

  /** Resolves when nothing is being uploaded (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.sub.unsubscribe();
    this.db.close();
  }

  /** Deletes this user's queue (sign-out wipes the local data). */
  async wipe(): Promise<void> {
    this.close();
    await this.db.delete();
  }

  private publish(): void {
    this.items$.next(this.records.map((r) => strip(r, this.progress.get(r.id) ?? 0)));
  }

  /**
   * The next backoff wake-up. Offline there is none (the browser's 'online' kicks the queue); a
   * photo due now that the last run did not take (another tab is uploading) is looked at again
   * a few seconds later, never in a tight loop.
   */
  private schedule(): void {
    if (this.closed || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.opts.isOnline && !this.opts.isOnline()) return;
    const waiting = this.records.filter((r) => r.state === 'waiting' || r.state === 'uploading');
    if (waiting.length === 0) return;
    const soonest = Math.min(...waiting.map((r) => r.next_try_at));
    const delay = Math.max(RESCAN_MS, soonest - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, Math.min(delay, 60_000));
  }

  private async run(): Promise<void> {
    await this.loaded;
    if (this.opts.isOnline && !this.opts.isOnline()) return;
    await (this.opts.withLock ?? defaultWithLock)(`${this.opts.name}:upload`, async () => {
      for (;;) {
        if (this.closed || (this.opts.isOnline && !this.opts.isOnline())) return;
        // Holding the lock, no other tab is uploading: an 'uploading' left by a closed tab counts as waiting.
        const rows = await this.db.photos.orderBy('created_at').toArray();
        const next = rows.find((r) => (r.state === 'waiting' || r.state === 'uploading') && r.next_try_at <= this.now());
        if (!next) return;
        if (!(await this.uploadOne(next))) return;
      }
    });
  }

  /** One try; false when the network failed (stop until the backoff or a reconnect). */
  private async uploadOne(record: PendingPhotoRecord): Promise<boolean> {
    await this.db.photos.update(record.id, { state: 'uploading' });
    this.progress.set(record.id, 0);
    const outcome = await this.opts.upload({ ...record, state: 'uploading' }, (f) => {
      this.progress.set(record.id, Math.max(0, Math.min(1, f)));
      this.publish();
    });
    this.progress.delete(record.id);
    const still = await this.db.photos.get(record.id);
    if (!still) return true; // discarded meanwhile
    if (outcome.ok) {
      await this.db.photos.update(record.id, { state: 'sent', error: null });
      return true;
    }
    if (outcome.kind === 'refused') {
      await this.db.photos.update(record.id, { state: 'failed', error: { code: outcome.code, message: outcome.message }, attempts: still.attempts + 1 });
      return true;
    }
    const attempts = still.attempts + 1;
    await this.db.photos.update(record.id, {
      state: 'waiting',
      error: { code: 'network', message: outcome.message },
      attempts,
      next_try_at: this.now() + uploadRetryDelayMs(attempts),
    });
    return false;
  }
}
