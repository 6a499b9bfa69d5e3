/**
 * Toasts from pages that paint without the UI kit (the landing, the public quotation page): the
 * toaster (part of the kit) is loaded when a message is first shown — its store keeps the toast
 * until the page's <KitToaster /> displays it. Inside the kit, the same toaster shows it at once.
 */
type ToastInput = { type: 'warning' | 'error' | 'success' | 'info'; title: string; description?: string };

export function notify(toast: ToastInput): void {
  void import('./toaster').then((m) => m.toaster.create(toast));
}
