/**
 * In-process word of committed changes. notifyChange() sends the NOTIFY every server process
 * receives (after the commit, asynchronously); this process also wants to know at once, when
 * its own transaction commits — before the request that wrote answers — so what it keeps in
 * memory (the public pages' answers) is never older than a response it has already sent.
 */
import type { Queryable } from './types';

export type CommittedListener = (collections: ReadonlySet<string>) => void;

const notifiedIn = new WeakMap<Queryable, Set<string>>();

/** Records that `tx` changed `collection` (called by notifyChange). */
export function noteChange(tx: Queryable, collection: string): void {
  notifiedIn.get(tx)?.add(collection);
}

/** One per database: runs transactions and tells listeners what each committed one changed. */
export class CommitSignal {
  private readonly listeners = new Set<CommittedListener>();

  subscribe(listener: CommittedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Wraps a transaction: `run` gets the transaction handle to track, resolves after COMMIT. */
  async track<T>(run: (track: (tx: Queryable) => Queryable) => Promise<T>): Promise<T> {
    let changed: Set<string> | null = null;
    const result = await run((tx) => {
      changed = new Set();
      notifiedIn.set(tx, changed);
      return tx;
    });
    const done = changed as Set<string> | null;
    if (done && done.size > 0) {
      for (const l of [...this.listeners]) {
        try {
          l(done);
        } catch {
          // The transaction has committed: a listener's failure must not turn it into an error.
        }
      }
    }
    return result;
  }
}
