/**
 * Access tokens: HMAC-SHA256 signed, short-lived, carrying the session id. The signature only
 * proves the token was issued here; the guard still checks the session row on every request.
 * Refresh tokens: 32 random bytes; only their sha256 is stored.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/types';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenPayload {
  /** Session id. */
  sid: string;
  /** User id. */
  uid: string;
  /** Issued at / expires at, seconds since epoch. */
  iat: number;
  exp: number;
}

/** The signing secret, generated once and kept in `meta` so tokens survive restarts. */
export async function loadSigningSecret(db: Queryable): Promise<Buffer> {
  await db.query(`INSERT INTO meta (key, value) VALUES ('token_secret', $1) ON CONFLICT (key) DO NOTHING`, [
    randomBytes(32).toString('base64'),
  ]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM meta WHERE key = 'token_secret'`);
  return Buffer.from(rows[0].value, 'base64');
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

function sign(secret: Buffer, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signAccessToken(
  secret: Buffer,
  claims: { sid: string; uid: string },
  nowMs: number = Date.now(),
  ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
): string {
  const iat = Math.floor(nowMs / 1000);
  const payload: AccessTokenPayload = { sid: claims.sid, uid: claims.uid, iat, exp: iat + ttlSeconds };
  const body = b64url(JSON.stringify(payload));
  return `${body}.${b64url(sign(secret, body))}`;
}

/**
 * The payload when the signature is valid and (unless ignoreExpiry) not expired, else null.
 * ignoreExpiry is for logout: an expired token still identifies which session to end.
 */
export function verifyAccessToken(
  secret: Buffer,
  token: string,
  opts: { nowMs?: number; ignoreExpiry?: boolean } = {},
): AccessTokenPayload | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = sign(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: AccessTokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload?.sid !== 'string' || typeof payload.uid !== 'string' || typeof payload.exp !== 'number') return null;
  if (!opts.ignoreExpiry && payload.exp * 1000 <= (opts.nowMs ?? Date.now())) return null;
  return payload;
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The bearer token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}
