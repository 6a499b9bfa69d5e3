/**
 * Toasts from pages that paint without the UI kit (the landing, the public quotation page): the
 * toaster (part of the kit) is loaded when a message is first shown — its store keeps the toast
 * until the page's <KitToaster /> displays it, and <KitToaster /> mounts the kit only from then
 * on (a page that never shows a message never loads it). Inside the kit, the same toaster shows
 * it at once.
 */
import { useSyncExternalStore } from 'react';

type ToastInput = { type: 'warning' | 'error' | 'success' | 'info'; title: string; description?: string };

let shown = false;
const listeners = new Set<() => void>();

export function notify(toast: ToastInput): void {
  if (!shown) {
    shown = true;
    for (const l of [...listeners]) l();
  }
  void import('./toaster').then((m) => m.toaster.create(toast));
}

/** True once any message was shown on this page (the toaster is needed from then on). */
export function useToastShown(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => shown,
    () => false,
  );
}
