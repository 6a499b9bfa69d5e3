/**
 * Auth client — a LIGHT module: public pages and /auth import it, so it must never
 * import RxDB. The admin data layer registers itself here (setLocalDataHandle) so sign-out
 * can check unsynced changes and wipe the local database.
 *
 * - The access token lives in memory only; the refresh token is the HttpOnly cookie.
 * - On load we try POST /api/auth/refresh. If the server cannot be reached, the app opens
 *   OFFLINE as the last signed-in user (kept in localStorage) with their local data.
 * - The token is refreshed before it expires; a refresh answered 401 while online signs out
 *   WITHOUT wiping local data (unsynced work survives an involuntary sign-out).
 */
import { useSyncExternalStore } from 'react';
import { API_PATHS, ERROR_MESSAGES, type AuthUser, type ChangePasswordRequest, type ErrorCode, type LoginResponse } from '@shared';
import { getDeviceId, getDeviceName } from './device';
import { readLastUser, readPendingMirror, writeLastUser, writePendingMirror } from './last-user';

export type { AuthUser } from '@shared';
export { getDeviceId, getDeviceName, deviceNameFrom } from './device';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: AuthUser; offline: boolean };

export type SignInResult =
  | { ok: true; user: AuthUser }
  | { ok: false; code: ErrorCode | 'network' | 'unexpected'; message: string };

export type SignOutResult =
  | { ok: true }
  | { ok: false; reason: 'unsynced'; pending: number }
  | { ok: false; reason: 'error'; message: string };

export type ChangePasswordResult = { ok: true } | { ok: false; code: ErrorCode | 'network' | 'unexpected'; message: string };

/** What the admin data layer exposes to sign-out (registered by DataProvider). */
export type LocalDataHandle = {
  userId: string;
  pendingCount(): number;
  /** Stops replication, closes and deletes this user's local database. */
  wipe(): Promise<void>;
};

export const UNEXPECTED_MESSAGE = ERROR_MESSAGES.internal;
const RETRY_OFFLINE_MS = 30_000;

let state: AuthState = { status: 'loading' };
let accessToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let initialized = false;
let refreshing: Promise<RefreshOutcome> | null = null;
let localData: LocalDataHandle | null = null;
const listeners = new Set<() => void>();

type RefreshOutcome = 'ok' | 'unauthorized' | 'network' | 'error';

function setState(next: AuthState): void {
  state = next;
  listeners.forEach((l) => l());
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthState(): AuthState {
  return state;
}

/** The current access token (memory only), or null. */
export function getAccessToken(): string | null {
  return accessToken;
}

export function getLastUser(): AuthUser | null {
  return readLastUser();
}

export function setLocalDataHandle(handle: LocalDataHandle | null): void {
  localData = handle;
}

/** Mirror of the pending count kept by the data layer (for sign-out without RxDB loaded). */
export function reportPendingCount(userId: string, pending: number): void {
  writePendingMirror(userId, pending);
}

export function useAuth(): AuthState {
  initAuth();
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

/**
 * Signing out in one tab signs out every other open tab of this browser at once (they share
 * the refresh cookie, which is gone): without this they kept failing until reloaded.
 */
const AUTH_CHANNEL = 'forja-auth';
type AuthMessage = { type: 'signed-out'; userId: string | null };
let channel: BroadcastChannel | null = null;

function authChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.onmessage = (e: MessageEvent<AuthMessage>) => {
    if (e.data?.type !== 'signed-out' || state.status === 'signed-out') return;
    if (state.status === 'signed-in' && e.data.userId && state.user.id !== e.data.userId) return;
    forgetSession();
    setState({ status: 'signed-out' });
  };
  return channel;
}

function forgetSession(): void {
  accessToken = null;
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/** Starts the session restore once (idempotent). useAuth calls it. */
export function initAuth(): void {
  if (initialized) return;
  initialized = true;
  authChannel();
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      if (state.status === 'signed-in' && state.offline) void restore();
    });
  }
  void restore();
}

async function restore(): Promise<void> {
  const outcome = await refreshSession();
  if (outcome === 'ok') return;
  if (outcome === 'unauthorized') {
    setState({ status: 'signed-out' });
    return;
  }
  // Server unreachable: open offline as the last user, with their local data.
  const last = readLastUser();
  if (last) {
    setState({ status: 'signed-in', user: last, offline: true });
    scheduleRetry();
  } else {
    setState({ status: 'signed-out' });
  }
}

function scheduleRetry(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (state.status === 'signed-in' && state.offline) void restore();
  }, RETRY_OFFLINE_MS);
}

function applySession(body: LoginResponse): void {
  accessToken = body.access_token;
  writeLastUser(body.user);
  setState({ status: 'signed-in', user: body.user, offline: false });
  if (refreshTimer) clearTimeout(refreshTimer);
  // Refresh a minute before expiry (or at 80% of short lifetimes).
  const seconds = Math.max(5, Math.min(body.expires_in - 60, body.expires_in * 0.8));
  refreshTimer = setTimeout(() => void refreshSession().then(onBackgroundRefresh), seconds * 1000);
}

function onBackgroundRefresh(outcome: RefreshOutcome): void {
  if (outcome === 'unauthorized') {
    accessToken = null;
    setState({ status: 'signed-out' });
  } else if (outcome !== 'ok' && state.status === 'signed-in') {
    setState({ ...state, offline: true });
    scheduleRetry();
  }
}

/**
 * POST /api/auth/refresh with the cookie. One at a time, also across tabs (Web Locks):
 * presenting an already-rotated refresh token would make the server revoke the session.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= withRefreshLock(doRefresh)
    .then((outcome) => {
      // The server no longer knows this session: signed out (local data is kept).
      if (outcome === 'unauthorized') {
        accessToken = null;
        if (state.status !== 'signed-out') setState({ status: 'signed-out' });
      }
      return outcome;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? (locks.request('forja-auth-refresh', fn) as Promise<T>) : fn();
}

async function doRefresh(): Promise<RefreshOutcome> {
  let res: Response;
  try {
    res = await fetch(API_PATHS.refresh, { method: 'POST', credentials: 'same-origin' });
  } catch {
    return 'network';
  }
  if (res.status === 401 || res.status === 403) return 'unauthorized';
  if (!res.ok) return res.status >= 500 ? 'network' : 'error';
  try {
    applySession((await res.json()) as LoginResponse);
    return 'ok';
  } catch {
    return 'error';
  }
}

/** fetch with the bearer token; on 401 refreshes once through the cookie and retries. */
export async function authFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = () => {
    const headers = new Headers(init.headers);
    if (accessToken) headers.set('authorization', `Bearer ${accessToken}`);
    return fetch(path, { credentials: 'same-origin', ...init, headers });
  };
  let res = await send();
  if (res.status === 401) {
    const outcome = await refreshSession();
    if (outcome === 'ok') res = await send();
    else if (outcome === 'unauthorized') {
      accessToken = null;
      setState({ status: 'signed-out' });
    }
  }
  return res;
}

async function readError(res: Response): Promise<{ code: ErrorCode | 'unexpected'; message: string }> {
  try {
    const body = (await res.json()) as { error?: ErrorCode; message?: string };
    if (body.error && body.message) return { code: body.error, message: body.message };
    if (body.error && body.error in ERROR_MESSAGES) return { code: body.error, message: ERROR_MESSAGES[body.error] };
  } catch {
    /* not JSON */
  }
  return { code: 'unexpected', message: UNEXPECTED_MESSAGE };
}

export async function signIn(email: string, password: string): Promise<SignInResult> {
  let res: Response;
  // Built outside the try: only fetch's own failure means "no connection" — a fault of ours must
  // not send the user hunting for a network problem.
  let body: string;
  try {
    body = JSON.stringify({ email, password, device_id: getDeviceId(), device_name: getDeviceName() });
  } catch {
    return { ok: false, code: 'unexpected', message: UNEXPECTED_MESSAGE };
  }
  try {
    res = await fetch(API_PATHS.login, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body,
    });
  } catch {
    return { ok: false, code: 'network', message: UNEXPECTED_MESSAGE };
  }
  if (!res.ok) return { ok: false, ...(await readError(res)) };
  try {
    const body = (await res.json()) as LoginResponse;
    initialized = true;
    applySession(body);
    return { ok: true, user: body.user };
  } catch {
    return { ok: false, code: 'unexpected', message: UNEXPECTED_MESSAGE };
  }
}

/**
 * Sets a new password. `currentPassword` is required by the server outside the first access
 * (the first-access dialog has none to give: the temporary password was just typed to sign in).
 * `reloading`: the page reloads right after (the first access, spec): the last user is recorded
 * without first_access, but this page's state keeps it, so the staff screens do not mount for the
 * moment before the reload — they would start creating the local databases, and a reload in the
 * middle of that left WebKit's IndexedDB waiting for good (issue 29) and took a tap made meanwhile.
 */
export async function changePassword(
  newPassword: string,
  currentPassword?: string,
  opts: { reloading?: boolean } = {},
): Promise<ChangePasswordResult> {
  let res: Response;
  const request: ChangePasswordRequest = { new_password: newPassword, ...(currentPassword === undefined ? {} : { current_password: currentPassword }) };
  try {
    res = await authFetch(API_PATHS.password, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return { ok: false, code: 'network', message: UNEXPECTED_MESSAGE };
  }
  if (!res.ok) return { ok: false, ...(await readError(res)) };
  if (state.status === 'signed-in') {
    const user = { ...state.user, first_access: false };
    writeLastUser(user);
    if (!opts.reloading) setState({ ...state, user });
  }
  return { ok: true };
}

/**
 * Signs out: refuses (unless forced) while local changes are not synced; then ends the
 * server session, deletes this user's local database and forgets the last user.
 */
export async function signOut(opts: { force?: boolean } = {}): Promise<SignOutResult> {
  const user = state.status === 'signed-in' ? state.user : readLastUser();
  if (user && !opts.force) {
    const pending = localData && localData.userId === user.id ? localData.pendingCount() : readPendingMirror(user.id);
    if (pending > 0) return { ok: false, reason: 'unsynced', pending };
  }
  try {
    const res = await authFetch(API_PATHS.logout, { method: 'POST' });
    // 401: the session is already gone on the server — nothing more to end.
    if (!res.ok && res.status !== 401) {
      const err = await readError(res);
      if (!opts.force) return { ok: false, reason: 'error', message: err.message };
    }
  } catch {
    if (!opts.force) return { ok: false, reason: 'error', message: UNEXPECTED_MESSAGE };
  }
  // Tell the other tabs first: they close this user's database, so wiping it is not blocked.
  authChannel()?.postMessage({ type: 'signed-out', userId: user?.id ?? null } satisfies AuthMessage);
  try {
    if (user) {
      if (localData && localData.userId === user.id) await localData.wipe();
      else await deleteLocalDatabases(user.id);
      writePendingMirror(user.id, 0);
    }
  } catch {
    return { ok: false, reason: 'error', message: UNEXPECTED_MESSAGE };
  } finally {
    forgetSession();
  }
  writeLastUser(null);
  setState({ status: 'signed-out' });
  return { ok: true };
}

/**
 * Deletes the IndexedDB databases RxDB's Dexie storage made for this user (no RxDB import), and
 * the user's photo queue and photo copies (src/data/photos/session.ts names them).
 */
async function deleteLocalDatabases(userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined' || !indexedDB.databases) return;
  const prefix = `rxdb-dexie-forja_${userId}--`;
  const photos = new Set([`forja_photos_${userId}`, `forja_photo_copies_${userId}`]);
  const all = await indexedDB.databases();
  await Promise.all(
    all
      .filter((d) => d.name?.startsWith(prefix) || photos.has(d.name ?? ''))
      .map(
        (d) =>
          new Promise<void>((resolve) => {
            const req = indexedDB.deleteDatabase(d.name!);
            req.onsuccess = req.onerror = req.onblocked = () => resolve();
          }),
      ),
  );
}

/** Test hook: forget everything in memory (unit tests only). */
export function __resetAuthForTests(): void {
  channel?.close();
  channel = null;
  state = { status: 'loading' };
  accessToken = null;
  initialized = false;
  refreshing = null;
  localData = null;
  if (refreshTimer) clearTimeout(refreshTimer);
  if (retryTimer) clearTimeout(retryTimer);
  refreshTimer = retryTimer = null;
}
