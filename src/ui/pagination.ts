/** Pagination rules (spec §9): pages = ceil(total / size); a window of page buttons around the current page. */

export function pageCount(total: number, pageSize: number): number {
  if (!(pageSize > 0) || !(total > 0)) return 0;
  return Math.ceil(total / pageSize);
}

/** Page numbers (1-based) to show as buttons: at most `buttons`, centred on `current` where possible. */
export function pageWindow(current: number, pages: number, buttons: number): number[] {
  if (pages <= 0 || buttons <= 0) return [];
  const size = Math.min(buttons, pages);
  const page = Math.min(Math.max(1, current), pages);
  let start = page - Math.floor(size / 2);
  start = Math.max(1, Math.min(start, pages - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The slice of `items` on `page` (1-based), clamped to the last page. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const pages = pageCount(items.length, pageSize);
  const p = Math.min(Math.max(1, page), Math.max(1, pages));
  return items.slice((p - 1) * pageSize, p * pageSize);
}
