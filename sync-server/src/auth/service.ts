/** Sign-in and password change, independent of HTTP. */
import { isStrongPassword } from '@shared';
import type { Database } from '../db/types';
import { AppError } from '../http/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { openSession, revokeOtherSessions } from './sessions';
import { clearLoginFailures, reserveLoginAttempt, trimLoginFailures, waitMessage } from './throttle';
import { findUserByEmail, normalizeEmail, updatePassword } from './users';

export interface LoginInput {
  email: string;
  password: string;
  deviceId: string;
  deviceName: string | null;
  ip: string | null;
  /** This browser's device-cookie nonce for the account, when it holds a valid one. */
  deviceNonce?: string | null;
}

/** 429 with how long to wait (the route sends it as Retry-After too). */
export class LoginThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', waitMessage(retryAfterSeconds), { retry_after_seconds: retryAfterSeconds });
  }
}

export async function login(db: Database, input: LoginInput) {
  const email = normalizeEmail(input.email);
  // The attempt counts as a failure until its password is proven right (see reserveLoginAttempt).
  const reservation = await reserveLoginAttempt(db, email, input.ip, input.deviceNonce ?? null);
  if (!reservation.ok) throw new LoginThrottledError(reservation.retryAfterSeconds);
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    await trimLoginFailures(db);
    throw new AppError('invalid_credentials');
  }
  // Said only to whoever knows the password, so it reveals nothing to a guesser.
  if (!user.active) {
    await clearLoginFailures(db, email, reservation.bucket);
    throw new AppError('account_deactivated');
  }
  const { sessionId, refreshToken } = await openSession(db, {
    userId: user.id,
    deviceId: input.deviceId,
    deviceName: input.deviceName,
  });
  await clearLoginFailures(db, email, reservation.bucket);
  return { user: { id: user.id, email: user.email, first_access: user.first_access, role: user.role }, sessionId, refreshToken };
}

/**
 * Sets a new password, clears first_access and signs out the user's other devices
 * (a changed password is often a response to a lost or shared device).
 */
export async function changePassword(db: Database, userId: string, sessionId: string, newPassword: string) {
  if (!isStrongPassword(newPassword)) throw new AppError('weak_password');
  const hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await updatePassword(tx, userId, hash);
    await revokeOtherSessions(tx, userId, sessionId);
  });
}
