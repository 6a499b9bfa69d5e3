/** /api/auth/* — thin HTTP layer over auth/service.ts and auth/sessions.ts. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangePasswordRequest, LoginRequest, LoginResponse, SessionInfo } from '@shared';
import { AppError } from '../http/errors';
import { isHttps } from '../http/secure';
import { requireSession, requireSessionAllowingFirstAccess } from './guard';
import { changePassword, login, LoginThrottledError } from './service';
import { cookieAfterSignIn, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_DAYS, DEVICE_COOKIE_PATH, deviceNonceFor } from './device-cookie';
import { normalizeEmail } from './users';
import { announceRevokedSessions } from './session-events';
import {
  findLiveSession,
  listLiveSessions,
  revokeSession,
  rotateRefreshToken,
  sessionIdOfRefreshToken,
  SESSION_IDLE_DAYS,
} from './sessions';
import { ACCESS_TOKEN_TTL_SECONDS, bearerToken, signAccessToken, verifyAccessToken } from './tokens';

export const REFRESH_COOKIE = 'forja_refresh';
const COOKIE_PATH = '/api/auth';

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
    secure: isHttps(request),
    maxAge: SESSION_IDLE_DAYS * 24 * 3600,
  });
}

function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', path: COOKIE_PATH, secure: isHttps(request) });
}

const loginBody = {
  type: 'object',
  required: ['email', 'password', 'device_id'],
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    device_id: { type: 'string', minLength: 1, maxLength: 200 },
    device_name: { type: ['string', 'null'], maxLength: 200 },
  },
} as const;

const passwordBody = {
  type: 'object',
  required: ['new_password'],
  properties: {
    new_password: { type: 'string', maxLength: 1024 },
    // Required outside the first access (checked by changePassword, which knows the account).
    current_password: { type: 'string', maxLength: 1024 },
  },
} as const;

const sessionIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export async function authRoutes(app: FastifyInstance) {
  const { db, secret, config } = app.forja;

  const tokenBody = (user: LoginResponse['user'], sessionId: string): LoginResponse => ({
    access_token: signAccessToken(secret, { sid: sessionId, uid: user.id }),
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user,
  });

  app.post<{ Body: LoginRequest }>(
    '/api/auth/login',
    {
      schema: { body: loginBody },
      config: { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const b = request.body;
      const deviceName = typeof b.device_name === 'string' && b.device_name.trim() ? b.device_name.trim() : null;
      const deviceCookie = request.cookies[DEVICE_COOKIE];
      let result;
      try {
        result = await login(db, {
          email: b.email,
          password: b.password,
          deviceId: b.device_id.trim() || b.device_id,
          deviceName,
          ip: request.ip ?? null,
          deviceNonce: deviceNonceFor(secret, deviceCookie, normalizeEmail(b.email)),
        });
      } catch (err) {
        if (err instanceof LoginThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
      setRefreshCookie(request, reply, result.refreshToken);
      reply.setCookie(DEVICE_COOKIE, cookieAfterSignIn(secret, deviceCookie, result.user.email), {
        httpOnly: true,
        sameSite: 'strict',
        path: DEVICE_COOKIE_PATH,
        secure: isHttps(request),
        maxAge: DEVICE_COOKIE_MAX_AGE_DAYS * 24 * 3600,
      });
      return tokenBody(result.user, result.sessionId);
    },
  );

  app.post(
    '/api/auth/refresh',
    { config: { rateLimit: { max: config.loginRateLimitPerMinute * 4, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      if (!token) throw new AppError('unauthorized');
      const outcome = await rotateRefreshToken(db, token);
      if (!outcome.ok) {
        clearRefreshCookie(request, reply);
        if (outcome.reason === 'reused') request.log.warn('refresh token reused: session revoked');
        throw new AppError('unauthorized');
      }
      const s = outcome.session;
      setRefreshCookie(request, reply, outcome.refreshToken);
      return tokenBody({ id: s.userId, email: s.email, first_access: s.firstAccess, role: s.role }, s.sessionId);
    },
  );

  // Ends the session named by the bearer token (even an expired one) or else by the refresh
  // cookie. Idempotent: always 204, and the cookie is cleared.
  app.post('/api/auth/logout', async (request, reply) => {
    const bearer = bearerToken(request.headers.authorization);
    const claims = bearer ? verifyAccessToken(secret, bearer, { ignoreExpiry: true }) : null;
    let sessionId = claims?.sid ?? null;
    const cookie = request.cookies[REFRESH_COOKIE];
    if (!sessionId && cookie) sessionId = await sessionIdOfRefreshToken(db, cookie);
    if (sessionId) await revokeSession(db, sessionId);
    clearRefreshCookie(request, reply);
    return reply.code(204).send();
  });

  app.get('/api/auth/sessions', { preHandler: requireSession }, async (request): Promise<SessionInfo[]> => {
    const current = request.session!;
    const rows = await listLiveSessions(db, current.userId);
    return rows.map((r) => ({
      id: r.id,
      device_name: r.device_name,
      created_at: new Date(r.created_at).toISOString(),
      last_seen_at: new Date(r.last_seen_at).toISOString(),
      current: r.id === current.sessionId,
    }));
  });

  app.delete<{ Params: { id: string } }>(
    '/api/auth/sessions/:id',
    { preHandler: requireSession, schema: { params: sessionIdParams } },
    async (request, reply) => {
      const ok = await revokeSession(db, request.params.id, request.session!.userId);
      if (!ok) throw new AppError('not_found', 'Sessão não encontrada.');
      announceRevokedSessions([request.params.id]);
      if (request.params.id === request.session!.sessionId) clearRefreshCookie(request, reply);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: ChangePasswordRequest }>(
    '/api/auth/password',
    { preHandler: requireSessionAllowingFirstAccess, schema: { body: passwordBody } },
    async (request, reply) => {
      const s = request.session!;
      const b = request.body;
      try {
        await changePassword(db, {
          userId: s.userId,
          sessionId: s.sessionId,
          newPassword: b.new_password,
          currentPassword: b.current_password,
          ip: request.ip ?? null,
        });
      } catch (err) {
        if (err instanceof LoginThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
      return reply.code(204).send();
    },
  );

  // Who am I (handy for clients re-opening with a stored token).
  app.get('/api/auth/me', { preHandler: requireSessionAllowingFirstAccess }, async (request) => {
    const s = request.session!;
    const live = await findLiveSession(db, s.sessionId);
    return { id: s.userId, email: s.email, first_access: live?.firstAccess ?? s.firstAccess, role: live?.role ?? s.role };
  });
}
