/**
 * Issue 31 §6: the job an accepted quotation became, as its customer follows it on the quotation's
 * page. A whitelist built field by field: the stages passed with their instants (the OS's
 * opening, then every move in the server's order), the Previsão de entrega, the Garantia's last
 * day once delivered, and the photos staff marked Mostrar ao cliente — by their unguessable
 * public URL only. Never notes, who moved or delivered it, the Responsável, materials or their
 * costs, or any id.
 */
import { orderMoves, isWorkOrderStage, FIRST_WORK_ORDER_STAGE, type PublicWorkOrder, type WorkOrderStage } from '@shared';
import type { Queryable } from '../db/types';

/** Where a photo marked for the customer is served (sync-server/src/photos/routes.ts). */
export const publicPhotoUrl = (token: string) => `/api/public/photos/${encodeURIComponent(token)}`;

const asIso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
const asDate = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The live OS of quotation `quotationId` as its customer may see it, or null when there is none. */
export async function publicWorkOrder(q: Queryable, quotationId: string): Promise<PublicWorkOrder | null> {
  const { rows: orders } = await q.query<{ id: string; created_at: unknown; forecast_date: unknown; warranty_until: unknown }>(
    `SELECT id, created_at, to_char(forecast_date, 'YYYY-MM-DD') AS forecast_date, to_char(warranty_until, 'YYYY-MM-DD') AS warranty_until FROM work_orders WHERE quotation_id = $1 AND NOT _deleted LIMIT 1`,
    [quotationId],
  );
  const order = orders[0];
  if (!order) return null;
  const [{ rows: events }, { rows: photos }] = await Promise.all([
    q.query<{ to_stage: string | null; created_at: unknown; server_seq: unknown }>(
      `SELECT to_stage, created_at, server_seq FROM work_order_events
        WHERE work_order_id = $1 AND kind = 'move' AND NOT _deleted`,
      [order.id],
    ),
    q.query<{ public_token: string; width: number; height: number }>(
      `SELECT p.public_token, p.width, p.height FROM work_order_photos p
        WHERE p.work_order_id = $1 AND p.show_to_customer AND p.public_token IS NOT NULL AND NOT p._deleted
        ORDER BY p.taken_at, p.id`,
      [order.id],
    ),
  ]);
  const moves = orderMoves(
    events
      .filter((e) => isWorkOrderStage(e.to_stage))
      .map((e) => ({ to: e.to_stage as WorkOrderStage, moved_at: asIso(e.created_at), seq: e.server_seq === null ? null : Number(e.server_seq) })),
  );
  const steps = [{ stage: FIRST_WORK_ORDER_STAGE, at: asIso(order.created_at) }, ...moves.map((m) => ({ stage: m.to, at: m.moved_at }))];
  const stage = steps[steps.length - 1].stage;
  return {
    stage,
    steps,
    forecast_date: asDate(order.forecast_date),
    warranty_until: stage === 'entregue' ? asDate(order.warranty_until) : null,
    photos: photos.map((p) => ({ url: publicPhotoUrl(p.public_token), width: Number(p.width), height: Number(p.height) })),
  };
}
