/**
 * Document equality used by replication and by tests: the shared rule from schemas/,
 * ignoring `updated_at` (the server stamps it on every accepted write, so a client's copy
 * of a document it pushed carries its own value until the next change) and RxDB's
 * local bookkeeping fields.
 */
import { sameDocumentContent } from '@shared';

const IGNORED: ReadonlySet<string> = new Set(['updated_at', 'updated_by', '_meta', '_rev', '_attachments']);

/** Equal as replicated documents: same fields (and deletion flag), `updated_at` ignored. */
export function sameDocumentState(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return sameDocumentContent(a, b, IGNORED);
}
