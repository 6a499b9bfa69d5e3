/**
 * Mobile top bar: hides when scrolling down past 50 px, shows when scrolling up or within
 * 10 px of the top (back-office spec §2.5).
 */
export const TOP_BAR_HIDE_AFTER = 50;
export const TOP_BAR_ALWAYS_SHOW_WITHIN = 10;

export function nextTopBarVisible(visible: boolean, previousY: number, y: number): boolean {
  if (y <= TOP_BAR_ALWAYS_SHOW_WITHIN) return true;
  if (y < previousY) return true;
  if (y > previousY && y > TOP_BAR_HIDE_AFTER) return false;
  return visible;
}
