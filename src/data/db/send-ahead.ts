/**
 * A new document sent to the server while it is still being written here (issue 20 §2).
 * On by default (SyncEngineOptions.sendAhead: false switches it off, for bench:sync's
 * before/after). It was off while `npm run soak` diverged with it on; the traced soak then showed
 * the same races with it off (a recorded push, a stale pull or event, RxDB dropping a RESYNC —
 * tests/bench/README.md, fourth pass), which are closed; 2,000 runs on both backends with it on
 * then had 0 failures.
 *
 * RxDB's upstream sends a local write only after it has committed to IndexedDB and after it has
 * read the document's replication meta row: ~5 ms on a 2-core machine before the request leaves
 * (bench:sync, live A → B). For a document created here with a new id there is nothing to read
 * and nothing to merge, so its push can leave at once, beside the local write. When RxDB's
 * upstream then pushes that same state, the answer already in hand is its answer (no second
 * request).
 *
 * What keeps this sound:
 * - The server may tell this device about the document (its own change coming back, or a pull
 *   reading past it) before the local write has committed; RxDB's downstream would then insert
 *   it first and the user's insert would fail as a conflict. So the engine lets the pulls and
 *   stream events of a collection wait for its writes sent ahead (`writesSettled`); once the
 *   document is stored, the downstream leaves it to the upstream, as for any unsent local write.
 * - One send ahead per collection at a time: a burst of writes (an import) goes through RxDB's
 *   batched push as before, instead of as hundreds of requests.
 * - Only the exact state sent is answered from here; a later edit folded into the same push, or
 *   a send that failed (offline, error), is pushed the ordinary way — the server takes the
 *   document's first version as the base of a push with none (sync-server push.ts).
 * - A local write that fails after its document was sent (a full disk) must not leave the
 *   document on the server alone: it is deleted there again. Insert-only collections (stock
 *   movements) cannot be deleted, so they are never sent ahead (the engine decides).
 */
import type { WithDeleted } from 'rxdb';
import type { CollectionName, PushRejection } from '@shared';
import { sameDocumentState } from './equality';
import type { AnyDoc } from './types';

/** The server's answer to a push of some rows: masters of the rows in conflict, the refusals. */
export interface PushAnswer {
  masters: WithDeleted<AnyDoc>[];
  rejections: PushRejection[];
}

/** Sends rows as one push request; rejects when no answer came. */
export type SendRows = (name: CollectionName, rows: { assumedMasterState: AnyDoc | null; newDocumentState: WithDeleted<AnyDoc> }[]) => Promise<PushAnswer>;

interface Sent {
  state: WithDeleted<AnyDoc>;
  /** null: no answer came (offline, an error) — the ordinary push sends it. */
  answer: Promise<PushAnswer | null>;
}

const keyOf = (name: CollectionName, id: string) => `${name}/${id}`;

export class SendAhead {
  private readonly sent = new Map<string, Sent>();
  private readonly sending = new Set<CollectionName>();
  private readonly writing = new Map<CollectionName, Set<Promise<unknown>>>();

  constructor(private readonly sendRows: SendRows) {}

  /** True while a send ahead of the collection is on its way (the next write takes the ordinary push). */
  busy(name: CollectionName): boolean {
    return this.sending.has(name);
  }

  /** Sends `doc` (a new document being written here by `written`) now. */
  send(name: CollectionName, doc: AnyDoc, written: Promise<unknown>): void {
    const id = String(doc.id);
    const state = { ...doc, _deleted: false } as WithDeleted<AnyDoc>;
    this.sending.add(name);
    const answer = this.sendRows(name, [{ assumedMasterState: null, newDocumentState: state }])
      .then(
        (a) => ({ masters: a.masters.filter((m) => String(m.id) === id), rejections: a.rejections.filter((r) => r.id === id) }),
        () => null,
      )
      .finally(() => this.sending.delete(name));
    this.sent.set(keyOf(name, id), { state, answer });

    let writes = this.writing.get(name);
    if (!writes) this.writing.set(name, (writes = new Set()));
    const settled = written.then(
      () => undefined,
      () => {
        // Not stored here after all: its answer must not stand in for a push, and what the
        // server stored of it goes again.
        this.sent.delete(keyOf(name, id));
        void this.undo(name, state, answer);
      },
    );
    writes.add(settled);
    void settled.finally(() => writes.delete(settled));
  }

  /** Deletes on the server a document it stored from a send ahead whose local write then failed. */
  private async undo(name: CollectionName, state: WithDeleted<AnyDoc>, answer: Promise<PushAnswer | null>): Promise<void> {
    const a = await answer;
    if (!a || a.rejections.length > 0) return;
    const stored = a.masters[0] ?? state;
    const deleted = { ...stored, _deleted: true, client_updated_at: new Date().toISOString() } as WithDeleted<AnyDoc>;
    await this.sendRows(name, [{ assumedMasterState: stored, newDocumentState: deleted }]).catch(() => undefined);
  }

  /** Resolves when the collection's writes sent ahead so far have committed (or failed) here. */
  async writesSettled(name: CollectionName): Promise<void> {
    const writes = this.writing.get(name);
    if (writes && writes.size > 0) await Promise.all(writes);
  }

  /**
   * The answer for a row RxDB's upstream is pushing, when exactly that state was sent ahead and
   * answered; null: push the row the ordinary way. Each answer stands in for one push only.
   */
  async answerFor(name: CollectionName, row: { assumedMasterState?: unknown; newDocumentState: AnyDoc }): Promise<PushAnswer | null> {
    if (row.assumedMasterState) return null;
    const key = keyOf(name, String(row.newDocumentState.id));
    const entry = this.sent.get(key);
    if (!entry) return null;
    this.sent.delete(key);
    const answer = await entry.answer;
    return answer && sameDocumentState(row.newDocumentState, entry.state) ? answer : null;
  }
}
