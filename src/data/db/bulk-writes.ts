/**
 * Lists held still while an import writes (issue 39 §2).
 *
 * An import stores thousands of documents in batches; every batch woke the live queries of the
 * screen behind the import dialog — the Clientes list re-read, re-copied and re-sorted every
 * customer and re-rendered, once per batch stored and again per batch the server sent back —
 * a third of the main thread's time of importing 5,000 customers (bench:ui import, CPU profile).
 * Nobody can see that list while the dialog covers it. A list built with `heldWhileImporting`
 * keeps its last answer while an import of this tab writes, without listening to the collection,
 * and answers once more when the import ends (done, cancelled or failed).
 */
import { BehaviorSubject, EMPTY, Observable, distinctUntilChanged, map, switchMap, take, type MonoTypeOperatorFunction } from 'rxjs';

const running$ = new BehaviorSubject(0);

/** Runs `write` (an import's batches) with the held lists held. */
export async function whileImporting<T>(write: () => Promise<T>): Promise<T> {
  running$.next(running$.value + 1);
  try {
    return await write();
  } finally {
    running$.next(running$.value - 1);
  }
}

/** Whether an import of this tab is writing now. */
export const importing$: Observable<boolean> = running$.pipe(
  map((n) => n > 0),
  distinctUntilChanged(),
);

/**
 * The source's answers, except while an import writes: then the source is let go (no work per
 * batch), after its first answer if it had none yet, and subscribed to again when the import
 * ends — its current answer arrives then.
 */
export function heldWhileImporting<T>(): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let answered = false;
      return importing$
        .pipe(switchMap((held) => (!held ? source : answered ? EMPTY : source.pipe(take(1)))))
        .subscribe({
          next: (value) => {
            answered = true;
            subscriber.next(value);
          },
          error: (e) => subscriber.error(e),
        });
    });
}

/**
 * Resolves once no import of this tab is writing (at once when none is), or after `maxMs`.
 * The sync engine's pushes wait on it: sending an import's batches while it writes took CPU and
 * IndexedDB from the writing (the server's answers, RxDB's meta rows, the batches coming back) —
 * a third of its time on a 2-core machine (bench:ui import, offline vs online). They are sent
 * right after, like the changes of a device that was offline; a long import still sends every
 * `maxMs`.
 */
export function importsFinished(maxMs = 30_000): Promise<void> {
  if (running$.value === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, maxMs);
    const sub = running$.subscribe((n) => n === 0 && done());
    function done() {
      clearTimeout(timer);
      queueMicrotask(() => sub.unsubscribe());
      resolve();
    }
  });
}

/**
 * Lets the page paint between two batches (the progress 'Importando… N de M', input): resolves
 * after the next frame — at most 50 ms later where frames do not come (a hidden tab), at once
 * where there are none (Node).
 */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return void setTimeout(resolve, 0);
    const fallback = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}
