/**
 * The team in the app (issue 17):
 * - users get a display name, a role ('owner' | 'staff') and an active flag. The oldest account
 *   (the one the first start created) becomes the owner; any others stay staff. Every user gets
 *   a new `_seq`, so devices pull the new fields of the `staff` collection (version 1).
 * - login_failures.device_nonce: a failed sign-in from a device that holds a valid device
 *   cookie for that account counts against that device's own allowance, not against the
 *   account's allowance for unknown devices (OWASP "device cookies").
 */
import type { Migration } from './types';

export const m007: Migration = {
  id: '007-team-roles-device-cookies',
  async up(tx) {
    await tx.query(`ALTER TABLE users ADD COLUMN name text NOT NULL DEFAULT ''`);
    await tx.query(`ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'staff'`);
    await tx.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('owner', 'staff'))`);
    await tx.query(`ALTER TABLE users ADD COLUMN active boolean NOT NULL DEFAULT true`);
    await tx.query(
      `UPDATE users SET role = 'owner' WHERE id = (SELECT id FROM users ORDER BY created_at, id LIMIT 1)`,
    );
    await tx.query(`SELECT pg_advisory_xact_lock(7421)`);
    await tx.query(`UPDATE users SET _seq = nextval('forja_seq'), updated_at = now()`);
    await tx.query(`ALTER TABLE login_failures ADD COLUMN device_nonce text`);
    await tx.query(`CREATE INDEX login_failures_device_idx ON login_failures (email, device_nonce, failed_at)`);
  },
};
