/**
 * Which documents a list showed first, remembered per local database: the next cold open reads
 * those few documents and paints them at once, while the whole collection — which a list sorted
 * by something no index gives (customers newest first, then by name) must read in full — is read
 * after that paint and replaces them (issue 33: "keeping the last screen's first page for an
 * instant paint then replacing it"). Only ids are kept (localStorage), never document contents:
 * the documents themselves are read from the local database as usual.
 */
const PREFIX = 'forja:first-page:';
const MAX_IDS = 50;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (some private modes)
  }
}

export function rememberFirstPage(dbName: string, list: string, ids: readonly string[]): void {
  const key = `${PREFIX}${dbName}:${list}`;
  const value = JSON.stringify(ids.slice(0, MAX_IDS));
  try {
    const s = storage();
    if (s && s.getItem(key) !== value) s.setItem(key, value);
  } catch {
    // full or refused: the next open reads the whole list first, as without the memo
  }
}

export function recallFirstPage(dbName: string, list: string): string[] {
  try {
    const raw = storage()?.getItem(`${PREFIX}${dbName}:${list}`);
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string').slice(0, MAX_IDS) : [];
  } catch {
    return [];
  }
}
