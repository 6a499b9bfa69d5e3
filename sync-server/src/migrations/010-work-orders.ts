/**
 * Ordens de serviço (issue 31):
 * - work_orders, work_order_events (insert-only history) and work_order_photos, derived from the
 *   shared schemas like 002's tables (`IF NOT EXISTS`: a fresh database has them from 002);
 * - one live OS per quotation, and OS codes unique ignoring case among live ones;
 * - work_order_events.server_seq: the event's place in the server's order of writes, filled from
 *   `_seq` by a trigger on every write (the current stage is the latest move in that order);
 * - work_order_photo_files: a photo's bytes, kept in the database so backups carry them;
 * - stock_movements.work_order_id (schema v1): material used on an OS;
 * - company.warranty_days (schema v1): the Garantia given at delivery (null: 90 days).
 */
import { TABLES, tableDdl } from '../collections/tables';
import type { Migration } from './types';

export const m010: Migration = {
  id: '010-work-orders',
  async up(tx) {
    for (const c of ['work_orders', 'work_order_events', 'work_order_photos'] as const) {
      for (const sql of tableDdl(TABLES[c])) await tx.query(sql);
    }
    await tx.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS work_orders_quotation_live ON work_orders (quotation_id)
       WHERE NOT _deleted AND quotation_id IS NOT NULL`,
    );
    await tx.query(`CREATE UNIQUE INDEX IF NOT EXISTS work_orders_code_live ON work_orders (lower(code)) WHERE NOT _deleted`);
    await tx.query(`CREATE INDEX IF NOT EXISTS work_order_events_order ON work_order_events (work_order_id)`);
    await tx.query(`CREATE INDEX IF NOT EXISTS work_order_photos_order ON work_order_photos (work_order_id)`);
    await tx.query(
      `CREATE OR REPLACE FUNCTION forja_event_server_seq() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN NEW.server_seq := NEW._seq; RETURN NEW; END $$`,
    );
    await tx.query('DROP TRIGGER IF EXISTS work_order_events_server_seq ON work_order_events');
    await tx.query(
      `CREATE TRIGGER work_order_events_server_seq BEFORE INSERT OR UPDATE ON work_order_events
       FOR EACH ROW EXECUTE FUNCTION forja_event_server_seq()`,
    );
    await tx.query(
      `CREATE TABLE IF NOT EXISTS work_order_photo_files (
         id text PRIMARY KEY,
         bytes bytea NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await tx.query('ALTER TABLE stock_movements ADD COLUMN IF NOT EXISTS work_order_id text');
    await tx.query('CREATE INDEX IF NOT EXISTS stock_movements_work_order ON stock_movements (work_order_id) WHERE work_order_id IS NOT NULL');
    await tx.query('ALTER TABLE company ADD COLUMN IF NOT EXISTS warranty_days integer');
  },
};
