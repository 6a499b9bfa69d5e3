/** The `staff` collection's documents, served from the users table (never deleted, read-only). */
import type { Doc } from '../collections/convert';
import type { Queryable } from '../db/types';

export const STAFF_COLUMNS = 'id, email, name, role, active, created_at, updated_at';

export function staffDocOf(row: Record<string, unknown>): Doc {
  return {
    id: String(row.id),
    email: String(row.email),
    name: String(row.name ?? ''),
    role: row.role === 'owner' ? 'owner' : 'staff',
    active: row.active !== false,
    created_at: new Date(row.created_at as Date).toISOString(),
    updated_at: new Date(row.updated_at as Date).toISOString(),
    _deleted: false,
  } as Doc;
}

export async function storedStaffDoc(db: Queryable, id: string): Promise<Doc | null> {
  const { rows } = await db.query(`SELECT ${STAFF_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? staffDocOf(rows[0]) : null;
}
