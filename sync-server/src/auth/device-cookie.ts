/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a successful
 * sign-in leaves on that browser a signed token naming the account and a random nonce. At the
 * next sign-in for that account the token makes the attempt "from a known device", counted
 * against that device's own allowance (auth/throttle.ts) — so a stranger's guesses, which lock
 * the account for unknown devices, do not lock out the people who really use it.
 *
 * One cookie holds the tokens of the last few accounts signed in on the browser (a shared office
 * PC). Each token: base64url(email) "." nonce "." HMAC-SHA256(secret, "forja-device:" email ":" nonce).
 * Only the HMAC proves a token; the nonce is what failures are counted under.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'forja_device';
/** Sent only to the sign-in route: nothing else needs it. */
export const DEVICE_COOKIE_PATH = '/api/auth/login';
export const DEVICE_COOKIE_MAX_AGE_DAYS = 365;
/** Accounts remembered per browser; the oldest is dropped. */
export const DEVICE_COOKIE_MAX_ACCOUNTS = 5;
const SEPARATOR = '~';

function signature(secret: Buffer, email: string, nonce: string): Buffer {
  return createHmac('sha256', secret).update(`forja-device:${email}:${nonce}`).digest();
}

interface DeviceToken {
  email: string;
  nonce: string;
  raw: string;
}

function parseToken(secret: Buffer, raw: string): DeviceToken | null {
  const parts = raw.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]{16,64}$/.test(parts[1])) return null;
  const email = Buffer.from(parts[0], 'base64url').toString('utf8');
  const given = Buffer.from(parts[2], 'base64url');
  const expected = signature(secret, email, parts[1]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { email, nonce: parts[1], raw };
}

function tokensOf(secret: Buffer, cookie: string | undefined): DeviceToken[] {
  if (!cookie || cookie.length > 4096) return [];
  return cookie
    .split(SEPARATOR)
    .slice(0, DEVICE_COOKIE_MAX_ACCOUNTS)
    .map((raw) => parseToken(secret, raw))
    .filter((t): t is DeviceToken => t !== null);
}

/** The nonce of this browser's valid token for the account (normalised e-mail), or null. */
export function deviceNonceFor(secret: Buffer, cookie: string | undefined, email: string): string | null {
  return tokensOf(secret, cookie).find((t) => t.email === email)?.nonce ?? null;
}

/**
 * The cookie's new value after a successful sign-in: a fresh token for this account first
 * (a new nonce, so the device's failure count starts over), the others' tokens kept.
 */
export function cookieAfterSignIn(secret: Buffer, cookie: string | undefined, email: string): string {
  const nonce = randomBytes(18).toString('base64url');
  const token = `${Buffer.from(email, 'utf8').toString('base64url')}.${nonce}.${signature(secret, email, nonce).toString('base64url')}`;
  const others = tokensOf(secret, cookie).filter((t) => t.email !== email).map((t) => t.raw);
  return [token, ...others].slice(0, DEVICE_COOKIE_MAX_ACCOUNTS).join(SEPARATOR);
}
