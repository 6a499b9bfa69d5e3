/**
 * The owner's team management: list, add (with a temporary password shown once), reset a
 * password, rename, change role, deactivate and reactivate. Every change bumps the user's
 * `_seq` (devices pull it as the `staff` collection). Accounts are never deleted, so history
 * keeps every member's e-mail.
 *
 * One advisory lock serialises the changes that could leave the shop without an active owner.
 */
import { MEMBER_MESSAGES, memberProblems, type AddMemberRequest, type Role, type TeamMember, type UpdateMemberRequest } from '@shared';
import type { Database, Queryable } from '../db/types';
import { nextSeq, notifyChange } from '../db/sequence';
import { AppError } from '../http/errors';
import { generateTemporaryPassword, hashPassword } from '../auth/passwords';
import { liveSessionSql, revokeAllSessions } from '../auth/sessions';
import { DuplicateEmailError, insertUser, normalizeEmail } from '../auth/users';

/**
 * Changes of a member's role or activity run under this lock, here and in `npm run user:add`
 * (accounts-cli.ts), so "at least one active owner" is checked and kept by one writer at a time.
 */
export async function lockTeam(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('forja.team'))`);
}

interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  first_access: boolean;
  created_at: Date;
}

interface SessionRow {
  id: string;
  user_id: string;
  device_name: string | null;
  created_at: Date;
  last_seen_at: Date;
}

const iso = (d: Date) => new Date(d).toISOString();

function toMember(u: MemberRow, sessions: SessionRow[], lastSeen: Date | null): TeamMember {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role === 'owner' ? 'owner' : 'staff',
    active: u.active,
    first_access: u.first_access,
    created_at: iso(u.created_at),
    last_activity_at: lastSeen ? iso(lastSeen) : null,
    sessions: sessions.map((s) => ({ id: s.id, device_name: s.device_name, created_at: iso(s.created_at), last_seen_at: iso(s.last_seen_at) })),
  };
}

/** Owners first, then by name (e-mail when nameless); deactivated accounts last. */
export async function listMembers(db: Queryable, onlyId?: string): Promise<TeamMember[]> {
  const { rows: users } = await db.query<MemberRow>(
    `SELECT id, name, email, role, active, first_access, created_at FROM users
      WHERE ($1::text IS NULL OR id = $1)
      ORDER BY active DESC, role = 'owner' DESC, lower(coalesce(nullif(name, ''), email))`,
    [onlyId ?? null],
  );
  const { rows: sessions } = await db.query<SessionRow>(
    `SELECT id, user_id, device_name, created_at, last_seen_at FROM sessions
      WHERE ($1::text IS NULL OR user_id = $1) AND ${liveSessionSql()} ORDER BY last_seen_at DESC`,
    [onlyId ?? null],
  );
  // Last activity counts ended sessions too: a member signed out yesterday was active yesterday.
  const { rows: seen } = await db.query<{ user_id: string; last: Date }>(
    `SELECT user_id, max(last_seen_at) AS last FROM sessions WHERE ($1::text IS NULL OR user_id = $1) GROUP BY user_id`,
    [onlyId ?? null],
  );
  const lastByUser = new Map(seen.map((r) => [r.user_id, r.last]));
  return users.map((u) => toMember(u, sessions.filter((s) => s.user_id === u.id), lastByUser.get(u.id) ?? null));
}

async function memberOrThrow(db: Queryable, id: string): Promise<TeamMember> {
  const [m] = await listMembers(db, id);
  if (!m) throw new AppError('member_not_found');
  return m;
}

function refuseProblems(input: Record<string, unknown>): void {
  const problems = memberProblems(input);
  if (problems.length > 0) {
    throw new AppError('invalid_request', MEMBER_MESSAGES[problems[0].problem], { fields: problems.map((p) => p.field) });
  }
}

export async function addMember(db: Database, input: AddMemberRequest): Promise<{ member: TeamMember; temporaryPassword: string }> {
  refuseProblems({ name: input.name, email: input.email, role: input.role });
  const temporaryPassword = generateTemporaryPassword();
  try {
    const { id } = await db.transaction((tx) =>
      insertUser(tx, { email: normalizeEmail(input.email), password: temporaryPassword, firstAccess: true, name: input.name.trim(), role: input.role }),
    );
    return { member: await memberOrThrow(db, id), temporaryPassword };
  } catch (err) {
    if (err instanceof DuplicateEmailError) throw new AppError('duplicate_email');
    throw err;
  }
}

/** A new temporary password; every session of the member ends. Returns the ended session ids too. */
export async function resetMemberPassword(
  db: Database,
  id: string,
): Promise<{ member: TeamMember; temporaryPassword: string; endedSessions: string[] }> {
  const temporaryPassword = generateTemporaryPassword();
  const hash = await hashPassword(temporaryPassword);
  const endedSessions = await db.transaction(async (tx) => {
    const seq = await nextSeq(tx);
    const { rows } = await tx.query(
      'UPDATE users SET password_hash = $1, first_access = true, updated_at = now(), _seq = $2 WHERE id = $3 RETURNING id',
      [hash, seq, id],
    );
    if (rows.length === 0) throw new AppError('member_not_found');
    await notifyChange(tx, 'staff', seq);
    return revokeAllSessions(tx, id);
  });
  return { member: await memberOrThrow(db, id), temporaryPassword, endedSessions };
}

/**
 * Renames, changes the role of, deactivates or reactivates a member. The last active owner can
 * be neither demoted nor deactivated. Deactivation ends all the member's sessions.
 */
export async function updateMember(
  db: Database,
  id: string,
  change: UpdateMemberRequest,
): Promise<{ member: TeamMember; endedSessions: string[] }> {
  refuseProblems({ name: change.name, role: change.role });
  if (change.active !== undefined && typeof change.active !== 'boolean') throw new AppError('invalid_request');
  const endedSessions = await db.transaction(async (tx) => {
    await lockTeam(tx);
    const { rows } = await tx.query<{ role: Role; active: boolean }>('SELECT role, active FROM users WHERE id = $1 FOR UPDATE', [id]);
    const current = rows[0];
    if (!current) throw new AppError('member_not_found');
    const role = change.role ?? current.role;
    const active = change.active ?? current.active;
    const losesOwner = current.role === 'owner' && current.active && (role !== 'owner' || !active);
    if (losesOwner) {
      const { rows: others } = await tx.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM users WHERE role = 'owner' AND active AND id <> $1`,
        [id],
      );
      if (Number(others[0].n) === 0) throw new AppError('last_owner');
    }
    const seq = await nextSeq(tx);
    await tx.query(
      `UPDATE users SET name = coalesce($1, name), role = $2, active = $3, updated_at = now(), _seq = $4 WHERE id = $5`,
      [change.name?.trim() ?? null, role, active, seq, id],
    );
    await notifyChange(tx, 'staff', seq);
    return current.active && !active ? revokeAllSessions(tx, id) : [];
  });
  return { member: await memberOrThrow(db, id), endedSessions };
}
