/**
 * A route's code that fails to load (a dropped connection under load, a server restarting, a new
 * version deployed while the tab was open) is tried again by itself before the error page is
 * shown (issue 39 §4: opening Orçamentos right after work in the cash book once showed
 * 'Unexpected Application Error!'). Some browsers remember a failed module load for the page's
 * lifetime, so when the tries in the page fail too, the page reloads itself — once: a second
 * failure within a minute goes to the error page instead of looping.
 */
export interface RetryingImportOptions {
  /** Waits before each new try (ms). */
  delays?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Reloads the page (default: location.reload). */
  reload?: () => void;
  /** Where the last reload's time is kept (default: sessionStorage). */
  store?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
}

const RELOAD_KEY = 'forja:chunk-reload-at';
const RELOAD_QUIET_MS = 60_000;

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export async function retryingImport<T>(load: () => Promise<T>, opts: RetryingImportOptions = {}): Promise<T> {
  const delays = opts.delays ?? [400, 1500];
  const sleep = opts.sleep ?? defaultSleep;
  let lastError: unknown;
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await sleep(delays[attempt - 1]);
    try {
      return await load();
    } catch (err) {
      lastError = err;
    }
  }
  const store = opts.store === undefined ? sessionStore() : opts.store;
  const now = (opts.now ?? Date.now)();
  const last = Number(store?.getItem(RELOAD_KEY) ?? 0);
  if (store && now - last > RELOAD_QUIET_MS) {
    store.setItem(RELOAD_KEY, String(now));
    (opts.reload ?? (() => window.location.reload()))();
    // The page is going away; the route waits for it rather than flashing the error page.
    return new Promise<T>(() => undefined);
  }
  throw lastError;
}
