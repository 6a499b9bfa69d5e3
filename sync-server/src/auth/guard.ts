/**
 * `requireSession`: the preHandler every admin route uses. It verifies the bearer token's
 * signature and expiry AND that its session row is still live (not logged out, revoked or
 * idle for 30 days) on every request, so a logout takes effect at once. It then sets
 * `request.session`. While the user's first_access flag is set, only routes registered with
 * `requireSessionAllowingFirstAccess` (password change, logout) pass; others answer 403.
 *
 * Usage: `app.get('/api/x', { preHandler: requireSession }, handler)`; the app must be built
 * by buildApp (it reads `request.server.forja`).
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { AuthSession } from '../context';
import { AppError } from '../http/errors';
import { findLiveSession, touchSession } from './sessions';
import { bearerToken, verifyAccessToken } from './tokens';

/** last_seen_at is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

export interface RequireSessionOptions {
  /** Let a user who must still change their password through (password change, logout). */
  allowFirstAccess?: boolean;
}

/** Resolves the live session of a request's bearer token, or null. No side effects besides touching. */
export async function authenticate(request: FastifyRequest): Promise<AuthSession | null> {
  const { db, secret } = request.server.forja;
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const claims = verifyAccessToken(secret, token);
  if (!claims) return null;
  const live = await findLiveSession(db, claims.sid);
  if (!live || live.userId !== claims.uid) return null;
  if (Date.now() - live.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(db, live.sessionId);
  return { sessionId: live.sessionId, userId: live.userId, email: live.email, firstAccess: live.firstAccess, role: live.role };
}

export function requireSessionWith(opts: RequireSessionOptions = {}): preHandlerAsyncHookHandler {
  return async function requireSessionHandler(request: FastifyRequest, _reply: FastifyReply) {
    // (Already found before the body was read when the request has one: requireSessionBeforeBody.)
    const session = request.session ?? (await authenticate(request));
    if (!session) throw new AppError('unauthorized');
    if (session.firstAccess && !opts.allowFirstAccess) throw new AppError('password_change_required');
    request.session = session;
  };
}

/** Admin routes: a live session whose user has already changed the first-access password. */
export const requireSession = requireSessionWith();
/** Owner-only routes (team management): requireSession, then the role read fresh from the database. */
export const requireOwner: preHandlerAsyncHookHandler = async function requireOwnerHandler(request, reply) {
  await requireSession.call(this, request, reply);
  if (request.session!.role !== 'owner') throw new AppError('owner_only');
};

/** Password change and logout: a live session, first access or not. */
export const requireSessionAllowingFirstAccess = requireSessionWith({ allowFirstAccess: true });

/** Every guard above: a route using one of them (as preHandler or preValidation) is an admin route. */
export const SESSION_GUARDS: ReadonlySet<unknown> = new Set([requireSession, requireOwner, requireSessionAllowingFirstAccess]);

/** Whether the request announces a body (a length above 0, or a chunked one of unknown length). */
function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * onRequest of every admin route (added by app.ts): a request with a body must carry a live
 * session BEFORE the body is read — onRequest runs before parsing, preHandler/preValidation
 * after — so nobody without a session makes the server read and parse megabytes (issue 30: 5 MB
 * bodies were parsed, ~0.5 s each, before the 401). The session found is kept for the guard.
 */
export const requireSessionBeforeBody: onRequestAsyncHookHandler = async function requireSessionBeforeBodyHandler(request) {
  if (!announcesBody(request)) return;
  const session = await authenticate(request);
  if (!session) throw new AppError('unauthorized');
  request.session = session;
};
