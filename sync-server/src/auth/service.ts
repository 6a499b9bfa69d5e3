/** Sign-in and password change, independent of HTTP. */
import { isStrongPassword } from '@shared';
import type { Database } from '../db/types';
import { AppError } from '../http/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { openSession, revokeOtherSessions } from './sessions';
import { clearLoginFailures, reserveLoginAttempt, trimLoginFailures, waitMessage } from './throttle';
import { findUserByEmail, findUserById, normalizeEmail, updatePassword } from './users';

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

export interface PasswordChange {
  userId: string;
  sessionId: string;
  newPassword: string;
  /** Required unless the account is still in its first access. */
  currentPassword?: string;
  ip: string | null;
}

/**
 * Sets a new password, clears first_access and signs out the user's other devices
 * (a changed password is often a response to a lost or shared device).
 *
 * Outside the first access the current password must be given: a stolen 15-minute access token
 * alone must not let its holder take the account (and end the real user's sessions). Checking it
 * is a sign-in attempt for the throttle (throttle.ts), counted in the allowance of unknown
 * devices (the device cookie is not sent here): a token thief gets no more guesses than anyone.
 */
export async function changePassword(db: Database, change: PasswordChange) {
  // Checked first: a weak new password must not use up one of the account's attempts.
  if (!isStrongPassword(change.newPassword)) throw new AppError('weak_password');
  const user = await findUserById(db, change.userId);
  if (!user) throw new AppError('unauthorized');
  if (!user.first_access) {
    if (!change.currentPassword) throw new AppError('current_password_required');
    const email = normalizeEmail(user.email);
    const reservation = await reserveLoginAttempt(db, email, change.ip);
    if (!reservation.ok) throw new LoginThrottledError(reservation.retryAfterSeconds);
    if (!(await verifyPassword(change.currentPassword, user.password_hash))) {
      await trimLoginFailures(db);
      throw new AppError('wrong_current_password');
    }
    await clearLoginFailures(db, email, reservation.bucket);
  }
  const hash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    await updatePassword(tx, change.userId, hash);
    await revokeOtherSessions(tx, change.userId, change.sessionId);
  });
}
