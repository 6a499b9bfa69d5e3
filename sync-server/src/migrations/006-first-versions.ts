/**
 * sync_first_versions: the version a document was created with, kept the first time the
 * document is overwritten. A device whose create's answer was lost pushes the document again
 * with no assumed master (it never learnt the server had it); if another device edited the
 * document meanwhile, that push must merge against the version the device created — not an
 * empty document, which would count every field as changed on both sides and let the later
 * device clock overwrite the other device's edits (found by npm run soak). A document never
 * overwritten has no row: its stored version is its first one.
 */
import type { Migration } from './types';

export const m006: Migration = {
  id: '006-first-versions',
  async up(tx) {
    await tx.query(
      `CREATE TABLE IF NOT EXISTS sync_first_versions (
         collection text NOT NULL,
         doc_id text NOT NULL,
         document jsonb NOT NULL,
         recorded_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (collection, doc_id)
       )`,
    );
  },
};
