import type { AuthUser } from '@shared';

/** The last signed-in user, kept so the app can open offline with their local data. */
const LAST_USER_KEY = 'forja.last_user';

export function readLastUser(): AuthUser | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    if (!raw) return null;
    const u = JSON.parse(raw) as AuthUser;
    return u && typeof u.id === 'string' && typeof u.email === 'string' ? u : null;
  } catch {
    return null;
  }
}

export function writeLastUser(user: AuthUser | null): void {
  try {
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    /* storage unavailable: the app will just not open offline */
  }
}

/** Pending (unsynced) count per user, mirrored here by the data layer so sign-out can check it. */
const pendingKey = (userId: string) => `forja.pending.${userId}`;

export function readPendingMirror(userId: string): number {
  try {
    return Number(localStorage.getItem(pendingKey(userId)) ?? '0') || 0;
  } catch {
    return 0;
  }
}

export function writePendingMirror(userId: string, pending: number): void {
  try {
    if (pending > 0) localStorage.setItem(pendingKey(userId), String(pending));
    else localStorage.removeItem(pendingKey(userId));
  } catch {
    /* ignore */
  }
}
