/**
 * Document equality used by replication and by tests: deep equality of the replicated
 * fields, ignoring `updated_at` (the server stamps it on every accepted write, so a
 * client's copy of a document it pushed carries its own value until the next change).
 */
const IGNORED = new Set(['updated_at', '_meta', '_rev', '_attachments']);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return false;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => deepEqual(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) {
    // A missing optional field and an explicit undefined are the same document.
    if (!deepEqual(ao[k], bo[k])) return false;
  }
  return true;
}

/** Equal as replicated documents: same fields (and deletion flag), `updated_at` ignored. */
export function sameDocumentState(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (IGNORED.has(k)) continue;
    const av = k === '_deleted' ? Boolean(a[k]) : a[k];
    const bv = k === '_deleted' ? Boolean(b[k]) : b[k];
    if (!deepEqual(av, bv)) return false;
  }
  return true;
}
