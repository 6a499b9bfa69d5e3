/**
 * The signed-in user's photo queue, started and stopped with their database (db/session.ts).
 * Uploads when online: at once, on the browser's 'online', and whenever the sync engine finds the
 * server again; drops a sent photo's bytes once its work_order_photos document has arrived.
 */
import { BehaviorSubject, distinctUntilChanged, map, merge, debounceTime, type Subscription } from 'rxjs';
import { getAccessToken, refreshSession } from '../auth';
import type { ForjaDatabase } from '../db/create-database';
import { PhotoCopies } from './copies';
import { PhotoQueue } from './queue';
import { createXhrUploader } from './upload';

export const photoQueue$ = new BehaviorSubject<PhotoQueue | null>(null);
/** The small copies of the photos this device took or has shown (issue 39 §3), with the queue. */
export const photoCopies$ = new BehaviorSubject<PhotoCopies | null>(null);
let running: { queue: PhotoQueue; copies: PhotoCopies; stop: () => void } | null = null;

export const photoDatabaseNameFor = (userId: string) => `forja_photos_${userId}`;
export const photoCopiesDatabaseNameFor = (userId: string) => `forja_photo_copies_${userId}`;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function startPhotoQueue(fdb: ForjaDatabase): PhotoQueue | null {
  stopPhotoQueue();
  if (!fdb.userId || typeof indexedDB === 'undefined') return null;
  const queue = new PhotoQueue({
    name: photoDatabaseNameFor(fdb.userId),
    isOnline: browserOnline,
    upload: createXhrUploader({ getToken: getAccessToken, refresh: () => refreshSession().then((o) => o === 'ok') }),
  });
  const copies = new PhotoCopies({ name: photoCopiesDatabaseNameFor(fdb.userId) });
  const subs: Subscription[] = [];
  // Back online (the sync engine reached the server again): try at once, backoff or not.
  subs.push(
    fdb.sync.status$
      .pipe(
        map((s) => s.online),
        distinctUntilChanged(),
      )
      .subscribe((online) => {
        if (online) queue.kick();
      }),
  );
  const onOnline = () => queue.kick();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  // A sent photo whose document reached this device: its bytes go.
  subs.push(
    merge(queue.items$, fdb.db.work_order_photos.$)
      .pipe(debounceTime(50))
      .subscribe(() => {
        const ids = queue.items$.value.filter((p) => p.state !== 'uploading').map((p) => p.id);
        if (ids.length === 0) return;
        void fdb.db.work_order_photos
          .findByIds(ids)
          .exec()
          .then((found) => {
            const arrived = [...found.keys()];
            if (arrived.length) return queue.stored(arrived);
          })
          .catch(() => undefined);
      }),
  );
  const stop = () => {
    subs.forEach((s) => s.unsubscribe());
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    queue.close();
    copies.close();
    if (photoQueue$.value === queue) photoQueue$.next(null);
    if (photoCopies$.value === copies) photoCopies$.next(null);
  };
  running = { queue, copies, stop };
  photoCopies$.next(copies);
  photoQueue$.next(queue);
  queue.kick();
  return queue;
}

export function stopPhotoQueue(): void {
  const r = running;
  running = null;
  r?.stop();
}

/** Stops and deletes the user's photo queue and photo copies (sign-out wipes this device's data). */
export async function wipePhotoQueue(): Promise<void> {
  const r = running;
  running = null;
  if (!r) return;
  r.stop();
  await Promise.all([r.queue.wipe().catch(() => undefined), r.copies.wipe().catch(() => undefined)]);
}

/** Photos of the open queue not yet on the server. */
export function pendingPhotoCount(): number {
  return photoQueue$.value?.pendingCount() ?? 0;
}
