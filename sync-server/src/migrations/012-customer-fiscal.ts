/**
 * Customers' fiscal data (schema version 2, issue 38): CPF/CNPJ and the address an NFS-e to an
 * identified customer needs — all optional, null for every customer stored before. Checked on
 * every push by sync/validate.ts (check digits, CEP, the município's IBGE code), not by the
 * database: a refusal then names the field and says what to fix. `IF NOT EXISTS`: a fresh database
 * has the columns from 002, which derives its tables from the current schemas.
 */
import type { Migration } from './types';

export const CUSTOMER_FISCAL_COLUMNS = [
  'tax_id',
  'address_cep',
  'address_street',
  'address_number',
  'address_complement',
  'address_district',
  'address_city_code',
] as const;

export const m012: Migration = {
  id: '012-customer-fiscal',
  async up(tx) {
    for (const column of CUSTOMER_FISCAL_COLUMNS) await tx.query(`ALTER TABLE customers ADD COLUMN IF NOT EXISTS ${column} text`);
  },
};
