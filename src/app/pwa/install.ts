/**
 * Captures the browser's install prompt as early as possible (it fires once, right after load,
 * possibly before any lazy route mounts) and exposes it to React.
 */
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  /** A native prompt was captured and can be shown. */
  canPrompt: boolean;
  /** Already running as an installed app (standalone). */
  installed: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installedFlag = false;
let snapshot: InstallState = { canPrompt: false, installed: false };
const listeners = new Set<() => void>();
let started = false;

function publish() {
  snapshot = { canPrompt: deferred !== null, installed: installedFlag || isStandalone() };
  listeners.forEach((l) => l());
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (window.matchMedia?.('(display-mode: standalone)').matches ?? false);
}

/** Call once at app start (main.tsx). */
export function startInstallCapture(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    // Keep the event to show the prompt when the user clicks our button.
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    publish();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installedFlag = true;
    publish();
  });
  window.matchMedia?.('(display-mode: standalone)').addEventListener?.('change', publish);
  publish();
}

/** Shows the native prompt. `unavailable` means the browser gave us none (use the menu instead). */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  // A prompt event can be used only once.
  deferred = null;
  publish();
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
}
