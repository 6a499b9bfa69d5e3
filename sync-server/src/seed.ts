/** First-start data: the admin account when there are no users, and the company profile. */
import type { Config } from './config';
import type { Database } from './db/types';
import { generateTemporaryPassword } from './auth/passwords';
import { DuplicateEmailError, insertUser } from './auth/users';
import { seedCompanyProfile } from './public/company';

export const DEFAULT_ADMIN_EMAIL = 'admin@forja.local';

export interface AdminSeed {
  email: string;
  /** Set only when it was generated just now (print it once). */
  generatedPassword: string | null;
  created: boolean;
}

const SEED_LOCK_KEY = 7422;

export async function ensureAdmin(db: Database, config: Pick<Config, 'adminEmail' | 'adminPassword'>): Promise<AdminSeed> {
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generated = config.adminPassword ? null : generateTemporaryPassword();
  try {
    return await db.transaction(async (tx) => {
      // Two servers starting together must not both create an admin.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      const { rows } = await tx.query<{ email: string }>('SELECT email FROM users ORDER BY created_at LIMIT 1');
      if (rows.length > 0) return { email: rows[0].email, generatedPassword: null, created: false };
      // The first account is the shop's owner (manages the team and the company profile).
      await insertUser(tx, { email, password: config.adminPassword ?? generated!, firstAccess: true, role: 'owner' });
      return { email, generatedPassword: generated, created: true };
    });
  } catch (err) {
    if (err instanceof DuplicateEmailError) return { email, generatedPassword: null, created: false };
    throw err;
  }
}

export async function seed(db: Database, config: Config): Promise<{ admin: AdminSeed; companySeeded: boolean }> {
  const admin = await ensureAdmin(db, config);
  const companySeeded = await seedCompanyProfile(db);
  return { admin, companySeeded };
}
