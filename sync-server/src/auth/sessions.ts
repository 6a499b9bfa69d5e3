/**
 * Device sessions: at most MAX_DEVICE_SESSIONS live sessions per user (the same device_id
 * reuses its slot), refresh-token rotation with reuse detection, logout, listing, revoking.
 * A session is live while revoked_at IS NULL and it was used within SESSION_IDLE_DAYS.
 */
import { randomUUID } from 'node:crypto';
import { MAX_DEVICE_SESSIONS, type Role } from '@shared';
import type { Database, Queryable } from '../db/types';
import { AppError } from '../http/errors';
import { hashToken, newRefreshToken } from './tokens';

export const SESSION_IDLE_DAYS = 30;
/** SQL condition for a live session; prefix is a table alias with its dot, e.g. 's.'. */
export const liveSessionSql = (prefix = '') =>
  `${prefix}revoked_at IS NULL AND ${prefix}last_seen_at > now() - interval '${SESSION_IDLE_DAYS} days'`;
const LIVE_SESSION_SQL = liveSessionSql();

export interface LiveSession {
  sessionId: string;
  userId: string;
  email: string;
  firstAccess: boolean;
  role: Role;
  lastSeenAt: Date;
}

async function issueRefreshToken(tx: Queryable, sessionId: string): Promise<string> {
  const token = newRefreshToken();
  const hash = hashToken(token);
  await tx.query('INSERT INTO refresh_tokens (hash, session_id) VALUES ($1, $2)', [hash, sessionId]);
  await tx.query('UPDATE sessions SET refresh_hash = $1 WHERE id = $2', [hash, sessionId]);
  return token;
}

/**
 * Opens a session for a user whose password was already checked. Throws session_limit when
 * the user holds MAX_DEVICE_SESSIONS live sessions on other devices.
 */
export async function openSession(
  db: Database,
  input: { userId: string; deviceId: string; deviceName: string | null },
): Promise<{ sessionId: string; refreshToken: string }> {
  return db.transaction(async (tx) => {
    // Serialise logins of one user so two devices cannot both take the last slot.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [input.userId]);
    await tx.query(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND device_id = $2 AND revoked_at IS NULL`,
      [input.userId, input.deviceId],
    );
    const { rows } = await tx.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM sessions WHERE user_id = $1 AND ${LIVE_SESSION_SQL}`,
      [input.userId],
    );
    if (Number(rows[0].n) >= MAX_DEVICE_SESSIONS) throw new AppError('session_limit');
    const sessionId = randomUUID();
    await tx.query(`INSERT INTO sessions (id, user_id, device_id, device_name) VALUES ($1, $2, $3, $4)`, [
      sessionId,
      input.userId,
      input.deviceId,
      input.deviceName,
    ]);
    const refreshToken = await issueRefreshToken(tx, sessionId);
    return { sessionId, refreshToken };
  });
}

export async function findLiveSession(db: Queryable, sessionId: string): Promise<LiveSession | null> {
  // A deactivated account's sessions are revoked with it; `u.active` also covers a session
  // that a racing sign-in opened in the same instant.
  const { rows } = await db.query<{ id: string; user_id: string; email: string; first_access: boolean; role: Role; last_seen_at: Date }>(
    `SELECT s.id, s.user_id, u.email, u.first_access, u.role, s.last_seen_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND u.active AND ${liveSessionSql('s.')}`,
    [sessionId],
  );
  const r = rows[0];
  return r
    ? {
        sessionId: r.id,
        userId: r.user_id,
        email: r.email,
        firstAccess: r.first_access,
        role: r.role === 'owner' ? 'owner' : 'staff',
        lastSeenAt: new Date(r.last_seen_at),
      }
    : null;
}

/** Marks the session used (keeps it from idling out). Callers throttle how often. */
export async function touchSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export type RefreshOutcome =
  | { ok: true; session: LiveSession; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'reused' | 'dead' };

/**
 * Rotates a refresh token. A token already used is a sign it was copied: the session it
 * belongs to is revoked (committed), and the caller answers 401.
 */
export async function rotateRefreshToken(db: Database, token: string): Promise<RefreshOutcome> {
  const hash = hashToken(token);
  return db.transaction(async (tx): Promise<RefreshOutcome> => {
    const { rows } = await tx.query<{ session_id: string; used_at: Date | null }>(
      'SELECT session_id, used_at FROM refresh_tokens WHERE hash = $1 FOR UPDATE',
      [hash],
    );
    const rt = rows[0];
    if (!rt) return { ok: false, reason: 'unknown' };
    if (rt.used_at) {
      await tx.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [rt.session_id]);
      return { ok: false, reason: 'reused' };
    }
    const session = await findLiveSession(tx, rt.session_id);
    if (!session) return { ok: false, reason: 'dead' };
    await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE hash = $1', [hash]);
    await tx.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [rt.session_id]);
    const refreshToken = await issueRefreshToken(tx, rt.session_id);
    return { ok: true, session, refreshToken };
  });
}

/** Revokes a session; true when it was live. With userId, only that user's session. */
export async function revokeSession(db: Queryable, sessionId: string, userId?: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE id = $1 AND ($2::text IS NULL OR user_id = $2) AND ${LIVE_SESSION_SQL} RETURNING id`,
    [sessionId, userId ?? null],
  );
  return rows.length > 0;
}

/** The session a refresh token belongs to (used or not), for logout without a bearer token. */
export async function sessionIdOfRefreshToken(db: Queryable, token: string): Promise<string | null> {
  const { rows } = await db.query<{ session_id: string }>('SELECT session_id FROM refresh_tokens WHERE hash = $1', [
    hashToken(token),
  ]);
  return rows[0]?.session_id ?? null;
}

/** Ends every session of a user (password reset, deactivation); the ids that were live. */
export async function revokeAllSessions(tx: Queryable, userId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
    [userId],
  );
  return rows.map((r) => r.id);
}

export async function revokeOtherSessions(tx: Queryable, userId: string, keepSessionId: string): Promise<void> {
  await tx.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [
    userId,
    keepSessionId,
  ]);
}

export async function listLiveSessions(
  db: Queryable,
  userId: string,
): Promise<{ id: string; device_name: string | null; created_at: Date; last_seen_at: Date }[]> {
  const { rows } = await db.query<{ id: string; device_name: string | null; created_at: Date; last_seen_at: Date }>(
    `SELECT id, device_name, created_at, last_seen_at FROM sessions
      WHERE user_id = $1 AND ${LIVE_SESSION_SQL} ORDER BY last_seen_at DESC, created_at DESC`,
    [userId],
  );
  return rows;
}
