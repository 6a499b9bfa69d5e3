import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that markup, true on
 * every other render (a page the browser draws itself never sees false). What the server cannot
 * draw the way the browser will — the UI kit, which loads after the first paint; text in the
 * device's time zone — waits for true, so the hydrating render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
