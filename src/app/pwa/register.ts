/**
 * Service-worker registration. Updates never interrupt work: a waiting worker only takes over
 * when the user presses 'Atualizar' on the 'Nova versão disponível' toast.
 */
import { Workbox } from 'workbox-window';
import { toaster } from '../../ui/toaster';
import { clearQuotationsCache } from '../../ui/quotationsCache';
import { PWA_MESSAGES as M } from './messages';

let wb: Workbox | null = null;

function showUpdatePrompt(workbox: Workbox) {
  toaster.create({
    id: 'sw-update',
    type: 'info',
    title: M.updateTitle,
    description: M.updateDescription,
    duration: Infinity,
    closable: true,
    action: {
      label: M.updateAction,
      onClick: () => {
        // Reload once the new worker controls the page.
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    },
  });
}

export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || wb) return;
  wb = new Workbox('/sw.js');
  const workbox = wb;
  workbox.addEventListener('waiting', () => showUpdatePrompt(workbox));
  void workbox.register().then(() => clearQuotationsCache());
  // Look for a new version now and then for long-lived sessions (installed app left open).
  setInterval(() => void workbox.update(), 60 * 60 * 1000);
}

/**
 * Called when a staff route module loads (/auth, /adm/*): only staff devices get the service
 * worker, the offline admin shell and its precache. Development builds never register it.
 */
export function registerStaffServiceWorker(): void {
  if (import.meta.env.PROD) registerServiceWorker();
}
