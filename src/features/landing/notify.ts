/**
 * Toasts on the landing page. The landing paints without the UI kit; the toaster (part of the
 * kit) is loaded when a message is first shown — its store keeps the toast until the kit's
 * provider, mounted with the page, displays it.
 */
type ToastInput = { type: 'warning' | 'error' | 'success' | 'info'; title: string; description?: string };

export function notify(toast: ToastInput): void {
  void import('../../ui/toaster').then((m) => m.toaster.create(toast));
}
