/**
 * Asks the service worker to drop its cached public quotations, so a quotation link opened
 * after a change never shows stale data. Call at app start and after refresh, save, share
 * and delete of a quotation. Safe without a service worker (does nothing).
 */
export const CLEAR_QUOTATIONS_CACHE = 'CLEAR_QUOTATIONS_CACHE';

export function clearQuotationsCache(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: CLEAR_QUOTATIONS_CACHE });
}
