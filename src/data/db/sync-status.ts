import { useSyncExternalStore } from 'react';
import type { CollectionName } from '@shared';
import { database$, requireDatabase } from './session';
import type { SyncStatus } from './types';
import { putDocument } from './writes';

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

function subscribe(onChange: () => void): () => void {
  let inner: { unsubscribe(): void } | null = null;
  const outer = database$.subscribe((fdb) => {
    inner?.unsubscribe();
    inner = fdb ? fdb.sync.status$.subscribe(onChange) : null;
    onChange();
  });
  return () => {
    inner?.unsubscribe();
    outer.unsubscribe();
  };
}

const snapshot = () => database$.value?.sync.status$.value ?? NO_DATABASE;

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribe, snapshot, () => NO_DATABASE);
}

export function usePendingCount(): number {
  return useSyncStatus().pending;
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
