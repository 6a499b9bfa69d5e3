/**
 * The merge base a push should carry when RxDB's is stale.
 *
 * The server merges a pushed document three ways, with the row's assumedMasterState as the
 * base. When the server answers a push with a merged master (another device changed the
 * document meanwhile), RxDB adopts it only if the local document did not change while the push
 * was out; if the user edited it meanwhile, RxDB keeps its old assumed master — and the next
 * push of that edit would be merged against a base from before the previous push: the server
 * would then count the device's own earlier edit as a change on both sides, and a later edit
 * from another device's clock could undo the newer value (found by npm run soak).
 *
 * The local edit was made on top of what the device last sent, so that is the base: this keeps,
 * per document, what was sent together with the assumed master RxDB had then, and while RxDB
 * still holds that same assumed master, sends the last sent version as the base instead.
 */
import { deepEqual } from '@shared';

export interface PushRowLike {
  assumedMasterState?: Record<string, unknown> | null;
  newDocumentState: Record<string, unknown>;
}

export class PushBaseTracker {
  /** Per document id: what was sent and the assumed master RxDB had then (answered with a merge). */
  private readonly merged = new Map<string, { assumed: Record<string, unknown> | null; sent: Record<string, unknown> }>();

  /** The rows to send: each with the base it descends from. */
  rowsToSend<R extends PushRowLike>(rows: R[]): R[] {
    return rows.map((row) => {
      const id = String(row.newDocumentState.id);
      const last = this.merged.get(id);
      if (!last) return row;
      if (!deepEqual(row.assumedMasterState ?? null, last.assumed)) {
        // RxDB adopted an answer (or a pull) since: its assumed master is current again.
        this.merged.delete(id);
        return row;
      }
      if (deepEqual(row.newDocumentState, last.sent)) return row;
      return { ...row, assumedMasterState: last.sent };
    });
  }

  /**
   * The server answered `rows` (as RxDB gave them): `mergedIds` came back with a merged master,
   * `refusedIds` were refused (their sent version never became the server's, so it is no base).
   */
  answered(rows: PushRowLike[], sentRows: PushRowLike[], mergedIds: ReadonlySet<string>, refusedIds: ReadonlySet<string>): void {
    rows.forEach((row, i) => {
      const id = String(row.newDocumentState.id);
      if (!mergedIds.has(id) || refusedIds.has(id)) {
        this.merged.delete(id);
        return;
      }
      // The base recorded is RxDB's own (to tell whether it moved), the version the one sent.
      this.merged.set(id, { assumed: row.assumedMasterState ?? null, sent: sentRows[i].newDocumentState });
    });
  }
}
