/**
 * Document comparison shared by the client's conflict handler and the server's push:
 * both must agree on when two versions of a document are "the same", or a retried push
 * could be reported as a conflict on one side and not on the other.
 */

/** Deep equality of JSON values; a missing field, `undefined` and `null` are the same. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => deepEqual(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!deepEqual(ao[k], bo[k])) return false;
  return true;
}

/**
 * Same replicated content: every field deep-equal except those in `ignored`; the deletion
 * flag compared as a boolean (absent = not deleted).
 */
export function sameDocumentContent(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  ignored: ReadonlySet<string>,
): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (ignored.has(k)) continue;
    if (k === '_deleted') {
      if (Boolean(a[k]) !== Boolean(b[k])) return false;
      continue;
    }
    if (!deepEqual(a[k], b[k])) return false;
  }
  return true;
}
