/** Below 768 px the customers list shows cards instead of the table (spec §9). */
import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 767.98px)';

function subscribe(cb: () => void) {
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', cb);
  return () => mql.removeEventListener('change', cb);
}

export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
