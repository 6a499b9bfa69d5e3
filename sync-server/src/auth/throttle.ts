/**
 * Sign-in throttling, kept in the database so a restart does not reset it, counted per
 * normalised email (known or not, so the answer does not reveal whether an account exists).
 *
 * Two kinds of allowance (OWASP device cookies, auth/device-cookie.ts):
 * - unknown devices share one per account: after LOGIN_FAILURE_LIMIT failures within
 *   LOGIN_FAILURE_WINDOW every further attempt from an unknown device gets 429, even with the
 *   right password — exactly as strict as before device cookies;
 * - a device where the account signed in before has its own LOGIN_FAILURE_LIMIT, so guesses
 *   from elsewhere never lock it out. When its own allowance is used up it counts as unknown.
 * The per-IP limit of the route (app.ts rate-limit) applies to everyone on top of this.
 */
import type { Database, Queryable } from '../db/types';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW = '1 hour';
const WINDOW_SECONDS = 3600;

/** Whose allowance an attempt uses: a known device's nonce, or null for unknown devices. */
type Bucket = string | null;

const bucketSql = `email = $1 AND device_nonce IS NOT DISTINCT FROM $2 AND failed_at > now() - interval '${LOGIN_FAILURE_WINDOW}'`;

/** Seconds until the bucket may try again, or 0 when it is not throttled. */
async function secondsUntilAllowed(db: Queryable, email: string, bucket: Bucket): Promise<number> {
  // Throttled while LIMIT failures are inside the window: free again once the LIMIT-th newest leaves it.
  const { rows } = await db.query<{ wait: string | null }>(
    `SELECT ceil(extract(epoch FROM (failed_at + interval '${LOGIN_FAILURE_WINDOW}' - now())))::text AS wait
       FROM login_failures WHERE ${bucketSql}
      ORDER BY failed_at DESC OFFSET ${LOGIN_FAILURE_LIMIT - 1} LIMIT 1`,
    [email, bucket],
  );
  const wait = rows[0]?.wait;
  return wait == null ? 0 : Math.min(WINDOW_SECONDS, Math.max(1, Number(wait)));
}

export async function isAccountThrottled(db: Queryable, email: string, deviceNonce: string | null = null): Promise<boolean> {
  return (await secondsUntilAllowed(db, email, deviceNonce)) > 0;
}

export type Reservation =
  | { ok: true; id: string; bucket: Bucket }
  | { ok: false; retryAfterSeconds: number };

/**
 * Counts this attempt BEFORE its password is checked, atomically per email (an advisory lock
 * serialises the count and the insert), so a burst of parallel attempts cannot all pass the
 * check while the slow hash runs: at most LOGIN_FAILURE_LIMIT attempts per window and bucket
 * are ever verified. A successful sign-in clears its bucket's rows (clearLoginFailures); a
 * failed one keeps its reservation.
 */
export async function reserveLoginAttempt(db: Database, email: string, ip: string | null, deviceNonce: string | null = null): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('forja.login:' || $1))`, [email]);
    let bucket: Bucket = deviceNonce;
    if (bucket !== null && (await secondsUntilAllowed(tx, email, bucket)) > 0) bucket = null;
    const wait = await secondsUntilAllowed(tx, email, bucket);
    if (wait > 0) return { ok: false, retryAfterSeconds: wait };
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO login_failures (email, ip, device_nonce) VALUES ($1, $2, $3) RETURNING id::text AS id',
      [email, ip, bucket],
    );
    return { ok: true, id: rows[0].id, bucket };
  });
}

/** Old rows are useless; trimmed opportunistically after a failure. */
export async function trimLoginFailures(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'`);
}

/**
 * After a successful sign-in: forgets the failures of the allowance it used. A known device's
 * success leaves the unknown-device count alone — a stranger still guessing stays throttled.
 */
export async function clearLoginFailures(db: Queryable, email: string, bucket: Bucket = null): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email = $1 AND device_nonce IS NOT DISTINCT FROM $2', [email, bucket]);
}

/** "Tente novamente em 12 minutos." — how long to wait, in words a user reads. */
export function waitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const when = minutes <= 1 ? 'em 1 minuto' : `em ${minutes} minutos`;
  return `Muitas tentativas de entrar com este e-mail. Tente novamente ${when}.`;
}
