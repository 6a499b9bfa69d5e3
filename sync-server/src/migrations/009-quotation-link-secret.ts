/**
 * quotations.link_secret (schema version 2, issue 30): the long secret the links staff send carry
 * beside the short code (/quotation/{code}?k=…; public/access.ts). New quotations get theirs on
 * the device that creates them; every live quotation stored before gets one here, from Node's
 * crypto (the same generator as the app's), and a new `_seq`, so every device pulls it and its
 * links carry it from then on. `IF NOT EXISTS`: a fresh database has the column from 002.
 */
import { generateLinkSecret } from '@shared';
import type { Migration } from './types';

export const m009: Migration = {
  id: '009-quotation-link-secret',
  async up(tx) {
    await tx.query('ALTER TABLE quotations ADD COLUMN IF NOT EXISTS link_secret text');
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM quotations WHERE link_secret IS NULL AND NOT _deleted');
    if (rows.length === 0) return;
    // The writers' lock (db/sequence.ts) before taking sequence numbers, like every write.
    await tx.query('SELECT pg_advisory_xact_lock(7421)');
    await tx.query(
      `UPDATE quotations q SET link_secret = s.secret, _seq = nextval('forja_seq'), updated_at = now()
         FROM unnest($1::text[], $2::text[]) AS s(id, secret)
        WHERE q.id = s.id`,
      [rows.map((r) => r.id), rows.map(() => generateLinkSecret())],
    );
  },
};
