import { useSyncExternalStore } from 'react';
import type { CollectionName } from '@shared';
import { database$, requireDatabase } from './session';
import type { SyncStatus } from './types';
import { putDocument } from './writes';
import { pendingKey } from './sync-state';
import { photoQueue$ } from '../photos/session';
import type { PendingPhotoInfo } from '../photos/queue';

const NO_DATABASE: SyncStatus = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  pending: 0,
  lastSyncAt: null,
  syncing: false,
  refused: [],
  initialSync: null,
  error: null,
  clockSkewMs: null,
};

/** The sync status with the photos waiting on this device (counted in `pending` until the server has them). */
export type SyncStatusWithPhotos = SyncStatus & { photos: PendingPhotoInfo[] };

const NO_PHOTOS: PendingPhotoInfo[] = [];

function subscribe(onChange: () => void): () => void {
  let inner: { unsubscribe(): void } | null = null;
  let photos: { unsubscribe(): void } | null = null;
  const outer = database$.subscribe((fdb) => {
    inner?.unsubscribe();
    inner = fdb ? fdb.sync.status$.subscribe(onChange) : null;
    onChange();
  });
  const queues = photoQueue$.subscribe((q) => {
    photos?.unsubscribe();
    photos = q ? q.items$.subscribe(onChange) : null;
    onChange();
  });
  return () => {
    inner?.unsubscribe();
    photos?.unsubscribe();
    outer.unsubscribe();
    queues.unsubscribe();
  };
}

let last: { status: SyncStatus; photos: PendingPhotoInfo[]; merged: SyncStatusWithPhotos } | null = null;

function snapshot(): SyncStatusWithPhotos {
  const status = database$.value?.sync.status$.value ?? NO_DATABASE;
  const photos = photoQueue$.value?.items$.value ?? NO_PHOTOS;
  if (last && last.status === status && last.photos === photos) return last.merged;
  const unsent = photos.filter((p) => p.state !== 'sent').length;
  const merged = { ...status, pending: status.pending + unsent, photos };
  last = { status, photos, merged };
  return merged;
}

const SERVER_SNAPSHOT: SyncStatusWithPhotos = { ...NO_DATABASE, photos: NO_PHOTOS };

/** The sync status; `pending` counts the photos not yet on the server too. */
export function useSyncStatus(): SyncStatusWithPhotos {
  return useSyncExternalStore(subscribe, snapshot, () => SERVER_SNAPSHOT);
}

const NO_REFUSED: SyncStatus['refused'] = [];
let lastRefused: SyncStatus['refused'] = NO_REFUSED;
const sameRefusal = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The refused list, the same array for as long as its content is the same. */
function refusedSnapshot(): SyncStatus['refused'] {
  const refused = database$.value?.sync.status$.value.refused ?? NO_REFUSED;
  if (refused === lastRefused) return lastRefused;
  if (refused.length === lastRefused.length && refused.every((r, i) => sameRefusal(r, lastRefused[i]))) return lastRefused;
  lastRefused = refused;
  return refused;
}

/**
 * The local versions the server refused, alone: re-renders only when they change — not on every
 * pending mark and acknowledgement of a sync (an import's thousands: the Clientes list and the
 * shell re-rendered on each, issue 39 §2).
 */
export function useRefusedDocuments(): SyncStatus['refused'] {
  return useSyncExternalStore(subscribe, refusedSnapshot, () => NO_REFUSED);
}

export function usePendingCount(): number {
  return useSyncStatus().pending;
}

/** Ids of a collection's documents this device still holds changes of (read again as the sync status changes). */
export function usePendingIds(collection: CollectionName): ReadonlySet<string> {
  useSyncStatus();
  const prefix = pendingKey(collection, '');
  const keys = Object.keys(database$.value?.sync.store.value.pending ?? {});
  return new Set(keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)));
}

/**
 * Whether this device still holds a change of that document the server has not acknowledged
 * (`Aguardando envio`): read again whenever the sync status changes.
 */
export function useIsPending(collection: CollectionName, id: string | null): boolean {
  useSyncStatus();
  if (!id) return false;
  return pendingKey(collection, id) in (database$.value?.sync.store.value.pending ?? {});
}

/** Forget a refused document (its local copy already shows the server's version). */
export async function dismissRefused(collection: CollectionName, id: string): Promise<void> {
  const fdb = await requireDatabase();
  await fdb.sync.store.removeRefused(collection, id);
}

/** Re-applies the refused version as a new local edit (after the cause was fixed). */
export async function retryRefused(collection: CollectionName, id: string): Promise<void> {
  const fdb = await requireDatabase();
  const item = fdb.sync.store.value.refused.find((r) => r.collection === collection && r.id === id);
  if (!item || collection === 'staff') return;
  await fdb.sync.store.removeRefused(collection, id);
  await putDocument(fdb, collection, item.document);
}

/** Pull and push everything now (a manual 'Atualizar'). */
export async function syncNow(): Promise<void> {
  const fdb = database$.value;
  fdb?.sync.reconnect();
}
