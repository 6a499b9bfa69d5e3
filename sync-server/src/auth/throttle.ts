/**
 * Per-account sign-in throttling: after LOGIN_FAILURE_LIMIT failures for one email within
 * LOGIN_FAILURE_WINDOW, further attempts (even with the right password) get 429. Stored in the
 * database so a restart does not reset it; counted per normalised email, known or not, so the
 * answer does not reveal whether an account exists.
 */
import type { Database, Queryable } from '../db/types';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW = '1 hour';

export async function isAccountThrottled(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM login_failures WHERE email = $1 AND failed_at > now() - interval '${LOGIN_FAILURE_WINDOW}'`,
    [email],
  );
  return Number(rows[0].n) >= LOGIN_FAILURE_LIMIT;
}

/**
 * Counts this attempt BEFORE its password is checked, atomically per email (an advisory lock
 * serialises the count and the insert), so a burst of parallel attempts cannot all pass the
 * check while the slow hash runs: at most LOGIN_FAILURE_LIMIT attempts per window are ever
 * verified. Returns the reservation's id, or null when the account is throttled. A successful
 * sign-in clears the email's rows (clearLoginFailures); a failed one keeps its reservation.
 */
export async function reserveLoginAttempt(db: Database, email: string, ip: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('forja.login:' || $1))`, [email]);
    if (await isAccountThrottled(tx, email)) return null;
    const { rows } = await tx.query<{ id: string }>('INSERT INTO login_failures (email, ip) VALUES ($1, $2) RETURNING id::text AS id', [email, ip]);
    return rows[0].id;
  });
}

/** Old rows are useless; trimmed opportunistically after a failure. */
export async function trimLoginFailures(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'`);
}

export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email = $1', [email]);
}
