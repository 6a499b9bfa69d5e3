/**
 * Photos from the floor for screens: the queue's photos (usePendingPhotos), the image of a
 * stored or queued photo (usePhotoImage / usePhotoUrl — the device's small copy when offline), and
 * the commands addPhoto / retryPhoto / discardPhoto.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { authFetch } from '../auth';
import { DataError } from '../db/errors';
import { newId } from '../db/writes';
import { PHOTO_COPY_SIDE } from './copies';
import { photoCopies$, photoQueue$ } from './session';
import type { PendingPhotoInfo } from './queue';
import { PhotoDecodeError, reducePhoto } from './reduce';

export const PHOTO_DATA_MESSAGES = {
  notAnImage: 'Não foi possível ler esta imagem. Tire a foto de novo ou escolha outro arquivo.',
  noQueue: 'Entre novamente para tirar fotos.',
} as const;

export type PendingPhoto = PendingPhotoInfo & {
  /** Object URL of the local image (thumbnail), while it is on this device. */
  url: string | null;
};

// One object URL per queued photo, made once and revoked when the photo leaves the queue.
const localUrls = new Map<string, Promise<string | null>>();
const localUrlValues = new Map<string, string>();

function localUrl(id: string): Promise<string | null> {
  let p = localUrls.get(id);
  if (!p) {
    const queue = photoQueue$.value;
    p = (queue ? queue.bytesOf(id) : Promise.resolve(null)).then((b) => {
      if (!b) {
        localUrls.delete(id);
        return null;
      }
      const url = URL.createObjectURL(new Blob([b.bytes], { type: b.mime }));
      localUrlValues.set(id, url);
      return url;
    });
    localUrls.set(id, p);
  }
  return p;
}

function forgetLocalUrls(keep: ReadonlySet<string>): void {
  for (const [id, url] of localUrlValues) {
    if (keep.has(id)) continue;
    URL.revokeObjectURL(url);
    localUrlValues.delete(id);
    localUrls.delete(id);
  }
}

const EMPTY: PendingPhotoInfo[] = [];

function subscribeItems(onChange: () => void): () => void {
  let inner: { unsubscribe(): void } | null = null;
  const outer = photoQueue$.subscribe((q) => {
    inner?.unsubscribe();
    inner = q ? q.items$.subscribe(onChange) : null;
    onChange();
  });
  return () => {
    inner?.unsubscribe();
    outer.unsubscribe();
  };
}
const itemsSnapshot = () => photoQueue$.value?.items$.value ?? EMPTY;

/** Every queued photo (all work orders), live. */
export function useQueuedPhotos(): PendingPhotoInfo[] {
  return useSyncExternalStore(subscribeItems, itemsSnapshot, () => EMPTY);
}

/**
 * Photos on this device not yet shown as stored: waiting, uploading (with progress), refused
 * (with the reason) or sent and waiting for the server's document — of one OS, or all. Each with
 * an object URL of its image for the thumbnail.
 */
export function usePendingPhotos(workOrderId?: string): PendingPhoto[] {
  const items = useQueuedPhotos();
  const [urls, setUrls] = useState<Record<string, string>>({});
  const mine = useMemo(() => (workOrderId ? items.filter((p) => p.work_order_id === workOrderId) : items), [items, workOrderId]);
  useEffect(() => {
    forgetLocalUrls(new Set(items.map((p) => p.id)));
    let alive = true;
    for (const p of mine) {
      if (urls[p.id]) continue;
      void localUrl(p.id).then((u) => {
        if (alive && u) setUrls((prev) => (prev[p.id] === u ? prev : { ...prev, [p.id]: u }));
      });
    }
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, mine]);
  return useMemo(() => mine.map((p) => ({ ...p, url: localUrlValues.get(p.id) ?? urls[p.id] ?? null })), [mine, urls]);
}

/** Photos not yet on the server (what the pending count adds). */
export function usePendingPhotoCount(): number {
  return useQueuedPhotos().filter((p) => p.state !== 'sent').length;
}

/** Object URLs of images loaded by id: one per id, shared by the screens showing it, revoked once none does. */
function urlCache(load: (id: string) => Promise<Blob | null>) {
  type Entry = { users: number; url: Promise<string | null> };
  const entries = new Map<string, Entry>();
  const acquire = (id: string): Entry => {
    let e = entries.get(id);
    if (!e) {
      const entry: Entry = { users: 0, url: load(id).then((b) => (b ? URL.createObjectURL(b) : null)).catch(() => null) };
      // Failed: nothing to keep (the next screen tries again).
      void entry.url.then((u) => u === null && entries.get(id) === entry && entries.delete(id));
      e = entry;
      entries.set(id, e);
    }
    e.users++;
    return e;
  };
  const release = (id: string, e: Entry) => {
    e.users--;
    if (e.users > 0) return;
    // Kept a moment, so a re-render or the enlarged view opening does not load it again.
    setTimeout(() => {
      if (e.users > 0 || entries.get(id) !== e) return;
      entries.delete(id);
      void e.url.then((u) => u && URL.revokeObjectURL(u));
    }, 5_000);
  };
  return { acquire, release };
}

// One copy made at a time: an OS of 30 photos opened for the first time decodes them one by one, not all at once.
let copying: Promise<void> = Promise.resolve();

/** Keeps this device's small copy of a photo (copies.ts), once; never fails the caller. */
function keepCopy(id: string, image: Blob): Promise<void> {
  copying = copying.then(async () => {
    const copies = photoCopies$.value;
    if (!copies) return;
    try {
      if (await copies.has(id)) return;
      const small = await reducePhoto(image, PHOTO_COPY_SIDE);
      await copies.put(id, await small.blob.arrayBuffer(), small.mime);
    } catch {
      /* no copy: the photo still shows online */
    }
  });
  return copying;
}

// Stored photos fetched from the server with the bearer token; each one shown is kept small on the device.
const remote = urlCache(async (id) => {
  try {
    const res = await authFetch(`/api/photos/${encodeURIComponent(id)}`);
    if (!res.ok) return null;
    const blob = await res.blob();
    void keepCopy(id, blob);
    return blob;
  } catch {
    return null;
  }
});

// This device's copies, for when the server's image cannot be had (offline).
const copied = urlCache(async (id) => {
  const c = await photoCopies$.value?.get(id);
  return c ? new Blob([c.bytes], { type: c.mime }) : null;
});

export interface PhotoImage {
  url: string | null;
  /** Neither the server's image nor a copy on this device (offline, or gone). */
  failed: boolean;
  /** The url is this device's small copy (the server's could not be had). */
  copy: boolean;
}

/**
 * The image of a photo as an object URL: the local bytes while this device still has them (taken
 * here, waiting or just sent), else the stored photo fetched with the bearer token (cached and
 * shared; revoked once no screen shows it), else — offline — this device's small copy of it.
 * `failed`: none of these (a photo this device never had, without signal); it is tried again
 * when the connection returns.
 */
export function usePhotoImage(photo: { id: string } | null | undefined, online = true): PhotoImage {
  const id = photo?.id ?? null;
  const queued = useQueuedPhotos().some((p) => p.id === id);
  const [state, setState] = useState<(PhotoImage & { id: string }) | null>(null);
  useEffect(() => {
    if (!id) return;
    let alive = true;
    if (queued) {
      void localUrl(id).then((u) => alive && u && setState({ id, url: u, failed: false, copy: false }));
      return () => {
        alive = false;
      };
    }
    const entry = remote.acquire(id);
    let copy: ReturnType<typeof copied.acquire> | null = null;
    void entry.url.then((u) => {
      if (!alive) return;
      if (u) return setState({ id, url: u, failed: false, copy: false });
      copy = copied.acquire(id);
      void copy.url.then((c) => alive && setState({ id, url: c, failed: c === null, copy: c !== null }));
    });
    return () => {
      alive = false;
      remote.release(id, entry);
      if (copy) copied.release(id, copy);
    };
  }, [id, queued, online]);
  return state && state.id === id ? { url: state.url, failed: state.failed, copy: state.copy } : { url: null, failed: false, copy: false };
}

/** usePhotoUrl(photo): the object URL of its image (see usePhotoImage), null while loading or unavailable. */
export function usePhotoUrl(photo: { id: string } | null | undefined): string | null {
  return usePhotoImage(photo).url;
}

/** Reduces the picture (no EXIF, longest side ≤ 1600) and queues it for the OS; sent when online. */
export async function addPhoto(workOrderId: string, file: Blob, takenAt: Date = new Date()): Promise<PendingPhotoInfo> {
  const queue = photoQueue$.value;
  if (!queue) throw new DataError('no_queue', PHOTO_DATA_MESSAGES.noQueue);
  let reduced;
  try {
    reduced = await reducePhoto(file);
  } catch (e) {
    if (e instanceof PhotoDecodeError || e instanceof DOMException || e instanceof TypeError) throw new DataError('photo_type', PHOTO_DATA_MESSAGES.notAnImage);
    throw e;
  }
  const id = newId();
  const queued = await queue.add({
    id,
    work_order_id: workOrderId,
    bytes: await reduced.blob.arrayBuffer(),
    mime: reduced.mime,
    width: reduced.width,
    height: reduced.height,
    taken_at: takenAt.toISOString(),
  });
  // The small copy: the queue drops the photo's bytes once the server has it (issue 39 §3).
  void keepCopy(id, reduced.blob);
  return queued;
}

/** Tentar novamente (a refused upload, or a waiting one now). */
export async function retryPhoto(id: string): Promise<void> {
  await photoQueue$.value?.retry(id);
}

/** Descartar: the photo leaves this device without reaching the server. */
export async function discardPhoto(id: string): Promise<void> {
  await photoQueue$.value?.discard(id);
  await photoCopies$.value?.delete(id).catch(() => undefined);
}

export const photoCommands = { addPhoto, retryPhoto, discardPhoto };
