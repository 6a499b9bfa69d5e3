/**
 * What this tab knows of its pushes' answers, for the sync engine's two questions about a read
 * of the server (a pull page, a change-stream event):
 * - Was one of its documents still being sent? A push answered is no longer pending, but RxDB
 *   records the answer (the meta rows) only after the push handler returns; until then its
 *   downstream takes the stored document for an unsent local edit and skips a newer server
 *   version of it for good (npm run soak, seed 387673085). Such documents are `unrecorded`.
 * - Was a push of one of its documents answered after the read began? Then the read may hold an
 *   older version than the one RxDB records from that answer, and RxDB would put the older one
 *   back (npm run soak, seed 137569253): the engine reads again.
 *
 * The second needs, per document, the number of its last answer — only as long as a read that
 * began before it is in flight: reads `begin()` and `end()`, and what no read in flight can ask
 * about is forgotten (an import of 20,000 documents would otherwise leave 20,000 entries for as
 * long as the tab lives).
 */
import type { CollectionName } from '@shared';

/** A read's place among the answers: answers numbered above it came after it began. */
export type ReadMark = number;

/** Above this many remembered answers, those older than every read in flight are dropped. */
const PRUNE_ABOVE = 5_000;

export class PushAnswers {
  /** Answers so far (any collection). */
  private count = 0;
  /** Per collection and document, the number of its last answer. */
  private readonly last = new Map<CollectionName, Map<string, number>>();
  private size = 0;
  /** Per collection and document, answers not yet recorded by RxDB. */
  private readonly unrecordedIds = new Map<CollectionName, Map<string, number>>();
  /** Marks of the reads in flight, with how many reads hold each. */
  private readonly reads = new Map<ReadMark, number>();
  /** Answers up to this number have been dropped. */
  private forgotten = 0;

  /** A read of the server begins; call `end` with the mark when it has been taken or dropped. */
  begin(): ReadMark {
    const mark = this.count;
    this.reads.set(mark, (this.reads.get(mark) ?? 0) + 1);
    return mark;
  }

  end(mark: ReadMark): void {
    const n = (this.reads.get(mark) ?? 1) - 1;
    if (n > 0) this.reads.set(mark, n);
    else this.reads.delete(mark);
    if (this.reads.size === 0) this.forgetAll();
    else if (this.size > PRUNE_ABOVE) {
      // (Only when the oldest read in flight has moved on: a pass over everything remembered.)
      const oldest = Math.min(...this.reads.keys());
      if (oldest > this.forgotten) this.forgetUpTo(oldest);
    }
  }

  /** True when a push of one of these documents was answered after the read marked `mark` began. */
  answeredSince(name: CollectionName, ids: Iterable<string>, mark: ReadMark): boolean {
    const last = this.last.get(name);
    if (!last) return false;
    for (const id of ids) if ((last.get(id) ?? 0) > mark) return true;
    return false;
  }

  /** True while a push of the document has been answered and RxDB has not recorded it yet. */
  unrecorded(name: CollectionName, id: string): boolean {
    return this.unrecordedIds.get(name)?.has(id) ?? false;
  }

  /** A push of these documents is being answered; `recorded` settles once RxDB has recorded it. */
  answered(name: CollectionName, ids: readonly string[], recorded: Promise<unknown>): void {
    const n = ++this.count;
    // Only a read in flight can ask about it: one that begins later has a mark of n or above.
    if (this.reads.size > 0) {
      let last = this.last.get(name);
      if (!last) this.last.set(name, (last = new Map()));
      for (const id of ids) {
        if (!last.has(id)) this.size++;
        last.set(id, n);
      }
    }
    let counts = this.unrecordedIds.get(name);
    if (!counts) this.unrecordedIds.set(name, (counts = new Map()));
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    const pending = counts;
    void recorded.catch(() => undefined).then(() => {
      for (const id of ids) {
        const left = (pending.get(id) ?? 1) - 1;
        if (left > 0) pending.set(id, left);
        else pending.delete(id);
      }
    });
  }

  /** Documents remembered for reads in flight (tests). */
  get remembered(): number {
    return this.size;
  }

  private forgetAll(): void {
    this.last.clear();
    this.size = 0;
    this.forgotten = this.count;
  }

  private forgetUpTo(mark: ReadMark): void {
    this.forgotten = mark;
    for (const last of this.last.values()) {
      for (const [id, n] of last) {
        if (n <= mark) {
          last.delete(id);
          this.size--;
        }
      }
    }
  }
}
