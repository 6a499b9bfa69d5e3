/**
 * Changes made by OTHER users, as they arrive (issue 6 "Live updates and toasts"). Watches the
 * customers and quotations collections and hands what deserves a toast to `onToasts` (the rule
 * itself is pure: src/domain/remote-changes.ts).
 *
 * No flood: nothing is reported until this device's first download finished and, in this app
 * session, the replication caught up once (or 10 s passed with no connection); changes that
 * arrive together (one pulled page, a reconnection) are collapsed into at most 3 toasts.
 * A document this device just had refused is reverted by replication: that is not news either.
 */
import type { Subscription } from 'rxjs';
import { WORK_ORDER_STAGE_LABELS, isWorkOrderStage } from '@shared';
import { collapseToasts, remoteChangeToast, type ChangedDoc, type RemoteToast } from '../../domain/remote-changes';
import type { ForjaDatabase } from './create-database';

const WATCHED = ['customers', 'quotations', 'work_orders', 'work_order_events', 'nfse'] as const;

export interface WatchRemoteChangesOptions {
  /** How long to gather changes before reporting them (one burst). */
  burstMs?: number;
  /** Longest wait for the replication to catch up before reporting anyway (offline start). */
  settleTimeoutMs?: number;
  maxToasts?: number;
}

const stageLabel = (s: string) => (isWorkOrderStage(s) ? WORK_ORDER_STAGE_LABELS[s] : s);

export function watchRemoteChanges(
  fdb: ForjaDatabase,
  onToasts: (toasts: RemoteToast[]) => void,
  opts: WatchRemoteChangesOptions = {},
): () => void {
  const userId = fdb.userId;
  if (!userId) return () => undefined;
  const burstMs = opts.burstMs ?? 400;
  let ready = false;
  let stopped = false;
  let buffer: RemoteToast[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const subs: Subscription[] = [];

  const caughtUp = Promise.all([...fdb.sync.replications.values()].map((r) => r.awaitInitialReplication()));
  const settle = new Promise((resolve) => setTimeout(resolve, opts.settleTimeoutMs ?? 10_000));
  const firstSyncDone = new Promise<void>((resolve) => {
    const sub = fdb.sync.store.state$.subscribe((s) => {
      if (s.initialSyncDone) {
        resolve();
        queueMicrotask(() => sub.unsubscribe());
      }
    });
    subs.push(sub);
  });
  void Promise.all([firstSyncDone, Promise.race([caughtUp, settle])]).then(() => {
    // Let the catch-up's last writes reach the event stream before listening.
    setTimeout(() => {
      if (!stopped) ready = true;
    }, 50);
  }, () => undefined);

  const flush = () => {
    timer = null;
    const toasts = collapseToasts(buffer, opts.maxToasts ?? 3);
    buffer = [];
    if (toasts.length > 0 && !stopped) onToasts(toasts);
  };

  for (const name of WATCHED) {
    const collection = fdb.db.collections[name];
    // A database opened with only some collections (tests, tools) watches those it has.
    if (!collection) continue;
    subs.push(
      collection.eventBulks$.subscribe((bulk) => {
        if (!ready || bulk.isLocal) return;
        const refused = new Set(fdb.sync.store.value.refused.filter((r) => r.collection === name).map((r) => r.id));
        for (const ev of bulk.events) {
          if (refused.has(ev.documentId)) continue;
          const toast = remoteChangeToast(
            {
              collection: name,
              operation: ev.operation,
              doc: ev.documentData as unknown as ChangedDoc,
              previous: (ev.previousDocumentData ?? null) as unknown as ChangedDoc | null,
            },
            { userId },
            stageLabel,
          );
          if (toast) buffer.push(toast);
        }
        if (buffer.length > 0 && !timer) timer = setTimeout(flush, burstMs);
      }),
    );
  }

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    subs.forEach((s) => s.unsubscribe());
  };
}
