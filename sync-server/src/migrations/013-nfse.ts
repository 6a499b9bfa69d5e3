/**
 * NFS-e padrão nacional (issue 38):
 * - the replicated `nfse` collection (schemas/nfse.ts), derived like 002's tables;
 * - one live note per job: a job_key is unique among notes not deleted and not cancelled (two
 *   devices asking offline for the same job, each with its own id, cannot both reach the queue);
 * - company v2: fiscal (Configurações › Fiscal), fiscal_certificate (what the server tells of
 *   the A1) and nfse_next_number;
 * - server-only tables, never replicated:
 *   nfse_certificate   the A1 (.pfx) and its password (one row; the database directory is private);
 *   nfse_series        the next DPS number of each (CNPJ, série), taken in the transaction that
 *                      stores the DPS, so numbers never collide;
 *   nfse_free_numbers  numbers of DPS the national API refused and nobody sends again: reused
 *                      first, so a refusal does not leave a hole in the série;
 *   nfse_dps           every signed DPS and cancel event, stored before it is sent: after a lost
 *                      answer the same bytes are asked about (GET /dps/{id}) and sent again.
 */
import { TABLES, tableDdl } from '../collections/tables';
import type { Migration } from './types';

export const m013: Migration = {
  id: '013-nfse',
  async up(tx) {
    for (const sql of tableDdl(TABLES.nfse)) await tx.query(sql);
    await tx.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS nfse_job_live ON nfse (job_key)
       WHERE NOT _deleted AND status <> 'cancelled'`,
    );
    // The server's queue reads what is waiting for it.
    await tx.query(
      `CREATE INDEX IF NOT EXISTS nfse_waiting ON nfse (status)
       WHERE NOT _deleted AND status IN ('requested', 'sending', 'cancel_requested', 'cancelling')`,
    );
    await tx.query('ALTER TABLE company ADD COLUMN IF NOT EXISTS fiscal jsonb');
    await tx.query('ALTER TABLE company ADD COLUMN IF NOT EXISTS fiscal_certificate jsonb');
    await tx.query('ALTER TABLE company ADD COLUMN IF NOT EXISTS nfse_next_number integer');
    await tx.query(
      `CREATE TABLE IF NOT EXISTS nfse_certificate (
         id integer PRIMARY KEY CHECK (id = 1),
         pfx bytea NOT NULL,
         password text NOT NULL,
         uploaded_at timestamptz NOT NULL DEFAULT now(),
         uploaded_by text
       )`,
    );
    await tx.query(
      `CREATE TABLE IF NOT EXISTS nfse_series (
         cnpj text NOT NULL,
         serie integer NOT NULL,
         next_number bigint NOT NULL,
         PRIMARY KEY (cnpj, serie)
       )`,
    );
    await tx.query(
      `CREATE TABLE IF NOT EXISTS nfse_free_numbers (
         cnpj text NOT NULL,
         serie integer NOT NULL,
         number bigint NOT NULL,
         PRIMARY KEY (cnpj, serie, number)
       )`,
    );
    await tx.query(
      `CREATE TABLE IF NOT EXISTS nfse_dps (
         id bigserial PRIMARY KEY,
         nfse_id text NOT NULL,
         kind text NOT NULL CHECK (kind IN ('dps', 'cancel')),
         document_id text NOT NULL,
         xml text NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         answered_at timestamptz,
         outcome text
       )`,
    );
    await tx.query('CREATE INDEX IF NOT EXISTS nfse_dps_note ON nfse_dps (nfse_id, id)');
  },
};
