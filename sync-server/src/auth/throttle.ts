/**
 * Per-account sign-in throttling: after LOGIN_FAILURE_LIMIT failures for one email within
 * LOGIN_FAILURE_WINDOW, further attempts (even with the right password) get 429. Stored in the
 * database so a restart does not reset it; counted per normalised email, known or not, so the
 * answer does not reveal whether an account exists.
 */
import type { Queryable } from '../db/types';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW = '1 hour';

export async function isAccountThrottled(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM login_failures WHERE email = $1 AND failed_at > now() - interval '${LOGIN_FAILURE_WINDOW}'`,
    [email],
  );
  return Number(rows[0].n) >= LOGIN_FAILURE_LIMIT;
}

export async function recordLoginFailure(db: Queryable, email: string, ip: string | null): Promise<void> {
  await db.query('INSERT INTO login_failures (email, ip) VALUES ($1, $2)', [email, ip]);
  // Old rows are useless; trim them opportunistically.
  await db.query(`DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'`);
}

export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email = $1', [email]);
}
