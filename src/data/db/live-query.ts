import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import type { ForjaDatabase } from './create-database';
import { database$ } from './session';
import type { ForjaRxDatabase } from './types';

/** The open database or null while it opens (or when signed out). */
export function useDatabase(): ForjaDatabase | null {
  return useSyncExternalStore(
    (onChange) => {
      const sub = database$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => database$.value,
    () => null,
  );
}

/**
 * Subscribes to an observable built from the database (usually an RxQuery's `$`, mapped
 * to plain objects). `loading` is true until the first result arrives.
 *   useLiveQuery((db) => db.customers.find().$.pipe(map(toPlain)), [])
 */
export function useLiveQuery<T>(
  build: (db: ForjaRxDatabase) => Observable<T>,
  deps: readonly unknown[],
): { data: T | undefined; loading: boolean; error: unknown } {
  const fdb = useDatabase();
  const [result, setResult] = useState<{ data: T | undefined; loading: boolean; error: unknown; db: unknown }>({
    data: undefined,
    loading: true,
    error: null,
    db: null,
  });
  useEffect(() => {
    if (!fdb) return;
    const sub = build(fdb.db).subscribe({
      next: (data) => {
        // bench:ui's cold-open breakdown (issue 33): the first query result after the page loaded.
        if (performance.getEntriesByName('forja:first-query').length === 0) performance.mark('forja:first-query');
        setResult({ data, loading: false, error: null, db: fdb });
      },
      error: (error) => setResult((r) => ({ ...r, loading: false, error, db: fdb })),
    });
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fdb, ...deps]);
  // A result from a previous database (another user) is never shown.
  if (!fdb || result.db !== fdb) return { data: undefined, loading: true, error: null };
  return { data: result.data, loading: result.loading, error: result.error };
}

/** RxDocuments → plain objects (what hooks hand to components). */
export function toPlain<T>(docs: { toJSON(): unknown }[]): T[] {
  return docs.map((d) => ({ ...(d.toJSON() as object) }) as T);
}

/**
 * Resolves once the browser has painted what is rendered now: the next animation frame runs
 * before that paint, a task queued from it runs after. Where nothing paints (Node, a hidden tab
 * that gives no frames) it resolves after a task, or after a second.
 * Used to start whole-collection reads after a screen's first page is on screen.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    if (typeof requestAnimationFrame !== 'function') return void setTimeout(finish, 0);
    requestAnimationFrame(() => setTimeout(finish, 0));
    setTimeout(finish, 1000);
  });
}

/**
 * Resolves when the page is quiet: an idle period of at least `minIdleMs` (the main thread has
 * nothing to do until the next frame), or after `timeoutMs` whatever happens. Background reads
 * (warming a screen's data before it is opened) wait for it so that they never compete with the
 * screen being opened. Where requestIdleCallback is missing (WebKit, Node) it waits for a paint
 * and then a pause of `minIdleMs` in which no task ran late.
 */
export function whenQuiet(minIdleMs = 40, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const ric = typeof requestIdleCallback === 'function' ? requestIdleCallback : null;
    const again = () => {
      if (Date.now() >= deadline) return resolve();
      if (ric) {
        ric((idle) => (idle.timeRemaining() >= minIdleMs || idle.didTimeout ? resolve() : again()), { timeout: Math.max(0, deadline - Date.now()) });
        return;
      }
      void afterNextPaint().then(() => {
        const asked = Date.now();
        setTimeout(() => (Date.now() - asked <= minIdleMs * 2 ? resolve() : again()), minIdleMs);
      });
    };
    again();
  });
}

/**
 * False until `ready` has been true and the browser has painted since; then true for good. A
 * screen asks for its whole collections with it, after its first part is on screen.
 */
export function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let live = true;
    void afterNextPaint().then(() => live && setPainted(true));
    return () => {
      live = false;
    };
  }, [ready, painted]);
  return painted;
}

/** False until the page has been quiet once since mount (whenQuiet), then true for good. */
export function useQuietOnce(minIdleMs = 40, timeoutMs = 5_000): boolean {
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    if (quiet) return;
    let live = true;
    void whenQuiet(minIdleMs, timeoutMs).then(() => live && setQuiet(true));
    return () => {
      live = false;
    };
  }, [quiet, minIdleMs, timeoutMs]);
  return quiet;
}
