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
