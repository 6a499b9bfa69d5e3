/**
 * Sort orders used on whole collections. Two reasons they are not String#localeCompare:
 * - ISO-8601 instants and dates of one format order by their characters, which a plain
 *   comparison gives at once; localeCompare runs the locale's collation for each pair.
 * - `a.localeCompare(b, 'pt-BR')` builds a collator on every call: sorting 2,000 customers that
 *   way took ~0.2 s of a cold open at full CPU speed and ~0.85 s on a phone's (bench:ui profile,
 *   issue 33). One shared collator does the same comparison.
 */

/** Ascending by the strings' characters (ISO-8601 instants, dates, ids). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Newest first by created_at (ties keep their order: Array#sort is stable). */
export function newestFirst(a: { created_at: string }, b: { created_at: string }): number {
  return compareCodeUnits(b.created_at, a.created_at);
}

const names = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * pt-BR alphabetical order, one shared collator: accents and case do not separate names ('Álvaro'
 * beside 'alvaro'), numbers inside names count as numbers ('Cliente 2' before 'Cliente 10').
 */
export function comparePtBr(a: string, b: string): number {
  return names.compare(a, b);
}
