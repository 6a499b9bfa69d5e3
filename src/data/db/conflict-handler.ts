import type { RxConflictHandler } from 'rxdb';
import { sameDocumentState } from './equality';
import type { AnyDoc } from './types';

/**
 * Forja's conflict handler.
 *
 * RxDB's default handler resolves a conflict by taking the server's document and
 * silently dropping the local edit. That would be lossy here — but we are not in that
 * situation: our push endpoint never answers "conflict, you lose". When the server's
 * current document differs from the client's assumed master state, the SERVER does the
 * three-way field merge itself (base = assumedMasterState): a field changed on one side
 * takes that side, a field changed on both takes the later client edit, and the losing
 * value is written to the server's conflict log. The server stores the merged document
 * and returns it as the "conflict" answer. Taking `realMasterState` therefore keeps
 * every accepted edit; it just brings the local copy up to the merged result.
 *
 * Refused documents are answered the same way (current server document, or a tombstone
 * when the server has none) so the push queue never blocks; the refused local version is
 * kept aside by the sync engine (see sync-state.ts) and shown to the user.
 */
export const forjaConflictHandler: RxConflictHandler<AnyDoc> = {
  isEqual(a, b) {
    return sameDocumentState(a, b);
  },
  resolve(input) {
    return Promise.resolve(input.realMasterState);
  },
};
