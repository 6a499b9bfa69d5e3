/**
 * An ordem de serviço as the screens read it (issue 31): its history in the order it counts,
 * the current stage, Atrasada, who delivered it and when, and the materials used on it. Pure:
 * the shop's today is a parameter; nothing here is stored.
 */
import { compareCodeUnits } from './order';
import {
  isWorkOrderLate,
  orderMoves,
  type WorkOrderDoc,
  type WorkOrderEventDoc,
  type WorkOrderStage,
  FIRST_WORK_ORDER_STAGE,
  isWorkOrderStage,
  type StockMovementDoc,
} from '@shared';

export interface WorkOrderMove {
  id: string;
  from: WorkOrderStage | null;
  to: WorkOrderStage;
  /** Who moved it (a team member's id) and when (ISO instant). */
  by: string | null;
  at: string;
  /** Still on this device (not yet in the server's order). */
  pending: boolean;
}

export interface WorkOrderNote {
  id: string;
  text: string;
  by: string | null;
  at: string;
  pending: boolean;
}

export interface WorkOrderState {
  stage: WorkOrderStage;
  /** When the current stage began (the last move's time; the OS's creation before any). */
  stageSince: string;
  late: boolean;
  moves: WorkOrderMove[];
  /** Notes newest first. */
  notes: WorkOrderNote[];
  /** The move to Entregue that counts, while the OS is delivered. */
  delivery: { by: string | null; at: string } | null;
}

const asMove = (e: WorkOrderEventDoc): WorkOrderMove | null =>
  e.kind === 'move' && isWorkOrderStage(e.to_stage)
    ? {
        id: e.id,
        from: isWorkOrderStage(e.from_stage) ? e.from_stage : null,
        to: e.to_stage,
        by: e.created_by ?? null,
        at: e.created_at,
        pending: e.server_seq === null || e.server_seq === undefined,
      }
    : null;

/** The OS's state from its events (any order) on the shop's `today` ('YYYY-MM-DD'). */
export function workOrderState(order: Pick<WorkOrderDoc, 'created_at' | 'forecast_date'>, events: readonly WorkOrderEventDoc[], today: string): WorkOrderState {
  const own = events.filter((e) => e.kind === 'move');
  const ordered = orderMoves(own.map((e) => ({ e, to: e.to_stage as WorkOrderStage, moved_at: e.created_at, seq: e.server_seq ?? null })));
  const moves = ordered.map((o) => asMove(o.e)).filter((m): m is WorkOrderMove => m !== null);
  const last = moves[moves.length - 1];
  const stage = last?.to ?? FIRST_WORK_ORDER_STAGE;
  const notes = events
    .filter((e) => e.kind === 'note' && typeof e.text === 'string')
    .map((e) => ({ id: e.id, text: e.text as string, by: e.created_by ?? null, at: e.created_at, pending: e.server_seq === null || e.server_seq === undefined }))
    .sort((a, b) => compareCodeUnits(b.at, a.at));
  return {
    stage,
    stageSince: last?.at ?? order.created_at,
    late: isWorkOrderLate(stage, order.forecast_date, today),
    moves,
    notes,
    delivery: stage === 'entregue' && last ? { by: last.by, at: last.at } : null,
  };
}

export interface MaterialUsed {
  stock_item_id: string;
  /** Net quantity taken from stock for this OS (positive). */
  quantity: number;
}

/** The materials an OS used: per stock item, what its movements took net (lines netting to zero are gone). */
export function materialsUsed(movements: readonly Pick<StockMovementDoc, 'stock_item_id' | 'delta'>[]): MaterialUsed[] {
  const net = new Map<string, number>();
  for (const m of movements) net.set(m.stock_item_id, (net.get(m.stock_item_id) ?? 0) - m.delta);
  return [...net.entries()]
    .map(([stock_item_id, q]) => ({ stock_item_id, quantity: Math.round(q * 1000) / 1000 }))
    .filter((m) => m.quantity > 0);
}
