/**
 * Schema version 1 of customers, quotations and transactions:
 * - `updated_by` on the three: who wrote the stored version, stamped by the server like
 *   `updated_at` (sync/store.ts). Existing rows take it from `_written_by`, which held the same.
 * - quotations.decision_history: earlier decisions kept when staff put a decided quotation back
 *   to pending.
 * - transactions.quotation_id: the accepted quotation an entrada was launched from, unique
 *   among live rows so two offline devices cannot launch the same quotation twice.
 * `IF NOT EXISTS` because a fresh database gets these columns from 002, which derives its tables
 * from the current schemas.
 */
import type { Migration } from './types';

export const m004: Migration = {
  id: '004-updated-by-decisions-quotation-link',
  async up(tx) {
    for (const table of ['customers', 'quotations', 'transactions']) {
      await tx.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS updated_by text`);
      await tx.query(`UPDATE ${table} SET updated_by = _written_by WHERE updated_by IS NULL`);
    }
    await tx.query('ALTER TABLE quotations ADD COLUMN IF NOT EXISTS decision_history jsonb');
    await tx.query('ALTER TABLE transactions ADD COLUMN IF NOT EXISTS quotation_id text');
    await tx.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS transactions_quotation_live ON transactions (quotation_id)
       WHERE NOT _deleted AND quotation_id IS NOT NULL`,
    );
  },
};
