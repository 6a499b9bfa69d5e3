/**
 * What `npm run user:add` does to the accounts, wherever it runs (directly on the database, or
 * inside the running server through the local admin socket): the first account is an owner; an
 * e-mail that exists is rescued (new temporary password, reactivated, every session ended —
 * the owner who forgot their password); `owner` makes the account an owner.
 */
import type { Role } from '@shared';
import type { Database } from '../db/types';
import { nextSeq, notifyChange } from '../db/sequence';
import { generateTemporaryPassword, hashPassword } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import { insertUser, normalizeEmail } from '../auth/users';
import { lockTeam } from './service';

export interface UserAddInput {
  email: string;
  owner: boolean;
  name?: string;
}

export interface UserAddResult {
  email: string;
  role: Role;
  temporaryPassword: string;
  /** false: the account existed and was rescued. */
  created: boolean;
  endedSessions: string[];
}

export async function addOrRescueUser(db: Database, input: UserAddInput): Promise<UserAddResult> {
  const email = normalizeEmail(input.email);
  const temporaryPassword = generateTemporaryPassword();
  const hash = await hashPassword(temporaryPassword);
  return db.transaction(async (tx) => {
    await lockTeam(tx);
    const { rows: existing } = await tx.query<{ id: string; role: Role }>('SELECT id, role FROM users WHERE email = $1 FOR UPDATE', [email]);
    if (existing[0]) {
      const role: Role = input.owner ? 'owner' : existing[0].role;
      const seq = await nextSeq(tx);
      await tx.query(
        `UPDATE users SET password_hash = $1, first_access = true, active = true, role = $2,
                name = CASE WHEN $3::text IS NULL OR $3 = '' THEN name ELSE $3 END, updated_at = now(), _seq = $4
          WHERE id = $5`,
        [hash, role, input.name?.trim() ?? null, seq, existing[0].id],
      );
      await notifyChange(tx, 'staff', seq);
      const endedSessions = await revokeAllSessions(tx, existing[0].id);
      return { email, role, temporaryPassword, created: false, endedSessions };
    }
    const { rows: any } = await tx.query('SELECT 1 FROM users LIMIT 1');
    const role: Role = input.owner || any.length === 0 ? 'owner' : 'staff';
    await insertUser(tx, { email, password: temporaryPassword, firstAccess: true, name: input.name, role });
    return { email, role, temporaryPassword, created: true, endedSessions: [] };
  });
}
