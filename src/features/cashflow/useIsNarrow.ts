/** Below 768 px the transaction list shows cards (spec §9: mobile breakpoint 768 px for the list). */
import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 767.98px)';

function subscribe(cb: () => void) {
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', cb);
  return () => mql.removeEventListener('change', cb);
}

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
