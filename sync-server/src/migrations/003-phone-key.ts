/**
 * Customer phones are unique by their digits (schemas/rules.ts `phoneKey`): "(31) 99999-1234"
 * and "31 999991234" are the same phone. 002 indexed the raw text, so the client refused what
 * the server accepted. The expression below is `phoneKey` in SQL.
 */
import type { Migration } from './types';

export const PHONE_KEY_SQL = `coalesce(nullif(regexp_replace(phone, '[^0-9]', '', 'g'), ''), lower(btrim(phone)))`;

export const m003: Migration = {
  id: '003-phone-key',
  async up(tx) {
    await tx.query('DROP INDEX IF EXISTS customers_phone_live');
    await tx.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS customers_phone_key_live ON customers ((${PHONE_KEY_SQL})) WHERE NOT _deleted`,
    );
  },
};
