/**
 * Staff accounts. Every change bumps the row's `_seq` (and notifies) in the same transaction:
 * users replicate to devices as the read-only `staff` collection.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '@shared';
import type { Database, Queryable } from '../db/types';
import { nextSeq, notifyChange } from '../db/sequence';
import { hashPassword } from './passwords';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  password_hash: string;
  first_access: boolean;
}

const USER_COLUMNS = 'id, email, name, role, active, password_hash, first_access';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE email = $1`,
    [normalizeEmail(email)],
  );
  return rows[0] ?? null;
}

export class DuplicateEmailError extends Error {}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export interface NewUser {
  email: string;
  password: string;
  firstAccess: boolean;
  name?: string;
  role?: Role;
}

/** Inserts a user inside tx (caller's transaction). Throws DuplicateEmailError when taken. */
export async function insertUser(tx: Queryable, input: NewUser): Promise<{ id: string; email: string }> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const seq = await nextSeq(tx);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO users (id, email, password_hash, first_access, name, role, _seq) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT DO NOTHING RETURNING id`,
    [randomUUID(), email, passwordHash, input.firstAccess, input.name?.trim() ?? '', input.role ?? 'staff', seq],
  );
  if (rows.length === 0) throw new DuplicateEmailError(`O email ${email} já está cadastrado.`);
  await notifyChange(tx, 'staff', seq);
  return { id: rows[0].id, email };
}

export async function createUser(db: Database, input: NewUser): Promise<{ id: string; email: string }> {
  return db.transaction((tx) => insertUser(tx, input));
}

/** New password (already hashed, so the transaction stays short); clears first_access. */
export async function updatePassword(tx: Queryable, userId: string, passwordHash: string): Promise<void> {
  const seq = await nextSeq(tx);
  await tx.query(
    `UPDATE users SET password_hash = $1, first_access = false, updated_at = now(), _seq = $2 WHERE id = $3`,
    [passwordHash, seq, userId],
  );
  await notifyChange(tx, 'staff', seq);
}
