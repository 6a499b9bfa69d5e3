import { useEffect, useState } from 'react';
import { combineLatest, distinctUntilChanged, map } from 'rxjs';
import type { CollectionName } from '@shared';
import { useDatabase } from './live-query';
import type { FirstDownload } from './types';
import type { SyncEngine } from './sync-engine';

/** A collection's first download as a list shows it, and whether the server can be reached. */
export type FirstDownloadView = FirstDownload & { online: boolean };

/** While the database opens: not known to be finished (the lists show their own loading state then). */
const OPENING: FirstDownloadView = { done: false, stored: 0, total: null, online: true };

const same = (a: FirstDownloadView, b: FirstDownloadView) =>
  a.done === b.done && a.stored === b.stored && a.total === b.total && a.online === b.online;

/**
 * Several collections' downloads as one (a screen that reads them all): finished when every one
 * is; the total known when every one's is.
 */
export function combinedFirstDownload(parts: readonly FirstDownload[]): FirstDownload {
  return {
    done: parts.every((p) => p.done),
    stored: parts.reduce((n, p) => n + p.stored, 0),
    total: parts.every((p) => p.total !== null) ? parts.reduce((n, p) => n + (p.total ?? 0), 0) : null,
  };
}

const progressOf = (sync: SyncEngine, names: readonly CollectionName[]) => combinedFirstDownload(names.map((n) => sync.firstDownloadOf(n)));

/**
 * Live progress of `collection`'s first download (or several collections', combined) into this device (sync-engine.ts). A list that
 * reads empty while `done` is false has not been downloaded yet: it must say so (and how far the
 * download got), never "no data". Once finished — on a device that finished it before, at once —
 * `done` stays true, offline too (the data is local then).
 */
export function useFirstDownload(collection: CollectionName | readonly CollectionName[]): FirstDownloadView {
  const key = typeof collection === 'string' ? collection : collection.join(',');
  const fdb = useDatabase();
  const [view, setView] = useState<{ fdb: unknown; value: FirstDownloadView }>({ fdb: null, value: OPENING });
  useEffect(() => {
    if (!fdb) return;
    const { sync } = fdb;
    const sub = combineLatest([sync.firstDownloads$, sync.store.state$, sync.status$])
      .pipe(
        map(([, , status]) => ({ ...progressOf(sync, key.split(',') as CollectionName[]), online: status.online })),
        distinctUntilChanged(same),
      )
      .subscribe((value) => setView({ fdb, value }));
    return () => sub.unsubscribe();
  }, [fdb, key]);
  return fdb && view.fdb === fdb ? view.value : OPENING;
}
