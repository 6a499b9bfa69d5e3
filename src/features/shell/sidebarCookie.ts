/** The desktop sidebar's open/collapsed state, kept in a cookie for 7 days (site spec §9). */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Reads the saved state from a `document.cookie` string; `fallback` when absent or garbled. */
export function parseSidebarCookie(cookie: string, fallback = true): boolean {
  for (const part of cookie.split(';')) {
    const [rawName, ...rest] = part.split('=');
    if (rawName?.trim() !== SIDEBAR_COOKIE) continue;
    const value = decodeURIComponent(rest.join('=').trim());
    if (value === 'true') return true;
    if (value === 'false') return false;
    return fallback;
  }
  return fallback;
}

export function sidebarCookieString(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Ctrl+B or Cmd+B (without other modifiers) toggles the sidebar. */
export function isSidebarShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'b';
}
