/**
 * quotation_decisions.refused: the log of the public page's decisions also keeps the attempts the
 * server refused — accepting a quotation past its validity date (`quotation_expired`), a second
 * decision from the link once the customer has decided (`quotation_already_decided`) — with the
 * same IP, user agent and hash of the view the customer was looking at. NULL: the decision was
 * applied (every row written before this migration).
 */
import type { Migration } from './types';

export const m008: Migration = {
  id: '008-decision-refusals',
  async up(tx) {
    await tx.query('ALTER TABLE quotation_decisions ADD COLUMN IF NOT EXISTS refused text');
  },
};
