/**
 * Photos from the floor for screens: the queue's photos (usePendingPhotos), the image of a
 * stored or queued photo (usePhotoUrl), and the commands addPhoto / retryPhoto / discardPhoto.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { authFetch } from '../auth';
import { DataError } from '../db/errors';
import { newId } from '../db/writes';
import { photoQueue$ } from './session';
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

// Stored photos fetched from the server: one object URL per id, shared, revoked when no screen shows it.
const remote = new Map<string, { users: number; url: Promise<string | null>; value: string | null }>();

async function fetchPhoto(id: string): Promise<string | null> {
  try {
    const res = await authFetch(`/api/photos/${encodeURIComponent(id)}`);
    if (!res.ok) return null;
    return URL.createObjectURL(await res.blob());
  } catch {
    return null;
  }
}

function acquire(id: string) {
  let e = remote.get(id);
  if (!e) {
    const entry = { users: 0, value: null as string | null, url: fetchPhoto(id) };
    entry.url.then((u) => {
      entry.value = u;
      // Not shown anywhere any more (or failed): nothing to keep.
      if (u === null && remote.get(id) === entry) remote.delete(id);
    });
    e = entry;
    remote.set(id, e);
  }
  e.users++;
  return e;
}

function release(id: string, e: { users: number; url: Promise<string | null> }) {
  e.users--;
  if (e.users > 0) return;
  // Kept a moment, so a re-render or the enlarged view opening does not download it again.
  setTimeout(() => {
    if (e.users > 0 || remote.get(id) !== e) return;
    remote.delete(id);
    void e.url.then((u) => u && URL.revokeObjectURL(u));
  }, 5_000);
}

/**
 * The image of a photo as an object URL: the local bytes while this device still has them (taken
 * here, waiting or just sent), else the stored photo fetched with the bearer token (cached and
 * shared; revoked once no screen shows it). `failed`: it could not be fetched (offline, or gone);
 * it is tried again when the connection returns.
 */
export function usePhotoImage(photo: { id: string } | null | undefined, online = true): { url: string | null; failed: boolean } {
  const id = photo?.id ?? null;
  const queued = useQueuedPhotos().some((p) => p.id === id);
  const [state, setState] = useState<{ id: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!id) return;
    let alive = true;
    if (queued) {
      void localUrl(id).then((u) => alive && u && setState({ id, url: u, failed: false }));
      return () => {
        alive = false;
      };
    }
    const entry = acquire(id);
    void entry.url.then((u) => alive && setState({ id, url: u, failed: u === null }));
    return () => {
      alive = false;
      release(id, entry);
    };
  }, [id, queued, online]);
  return state && state.id === id ? { url: state.url, failed: state.failed } : { url: null, failed: false };
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
  return queue.add({
    id: newId(),
    work_order_id: workOrderId,
    bytes: await reduced.blob.arrayBuffer(),
    mime: reduced.mime,
    width: reduced.width,
    height: reduced.height,
    taken_at: takenAt.toISOString(),
  });
}

/** Tentar novamente (a refused upload, or a waiting one now). */
export async function retryPhoto(id: string): Promise<void> {
  await photoQueue$.value?.retry(id);
}

/** Descartar: the photo leaves this device without reaching the server. */
export async function discardPhoto(id: string): Promise<void> {
  await photoQueue$.value?.discard(id);
}

export const photoCommands = { addPhoto, retryPhoto, discardPhoto };
