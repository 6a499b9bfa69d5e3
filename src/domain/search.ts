/**
 * Text search as the shop expects it: case- and accent-insensitive, "contains", trimmed.
 * One rule for every list's search box (quotations, customers, cash flow, stock).
 */

/** Lower case without accents or surrounding spaces: 'São José ' → 'sao jose'. */
export function normalizeForSearch(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** True when the query (already normalized or not) is empty or contained in any of the fields. */
export function matchesSearch(query: string, fields: ReadonlyArray<string | null | undefined>): boolean {
  const q = normalizeForSearch(query);
  if (q === '') return true;
  return fields.some((f) => normalizeForSearch(f).includes(q));
}
