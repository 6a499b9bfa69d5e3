/**
 * The floor list's rules (issue 31 §1): which stage group an OS falls in, in what order, what the
 * search and Meus serviços keep, and which moves the OS view offers as big buttons. Pure.
 */
import { WORK_ORDER_STAGES, type WorkOrderStage } from '@shared';
import { matchesSearch } from '../../domain/search';
import { newestFirst } from '../../domain/order';

/** What these rules read of an OS (a WorkOrderView has all of it). */
export interface BoardOrder {
  id: string;
  code: string;
  customer_id?: string | null;
  responsible_id?: string | null;
  forecast_date?: string | null;
  created_at: string;
  stage: WorkOrderStage;
  late: boolean;
}

/** Stages the shop still has work in, plus ready for pickup: the board's columns, the list's open groups. */
export const ACTIVE_STAGES: readonly WorkOrderStage[] = ['aguardando_inicio', 'aguardando_material', 'em_execucao', 'pronto_para_retirada'];
/** Finished one way or another: at the end of the list (collapsed), a filter on the board. */
export const CLOSED_STAGES: readonly WorkOrderStage[] = ['entregue', 'cancelada'];

export interface StageGroup<T> {
  stage: WorkOrderStage;
  orders: T[];
}

/** Late first, then the nearest forecast, then the newest (closed stages: the newest first). */
export function compareInStage(a: BoardOrder, b: BoardOrder): number {
  if (a.late !== b.late) return a.late ? -1 : 1;
  const fa = a.forecast_date ?? '9999-99-99';
  const fb = b.forecast_date ?? '9999-99-99';
  if (fa !== fb) return fa < fb ? -1 : 1;
  return newestFirst(a, b);
}

/** Every stage in the floor's order, each with its orders sorted (empty groups included). */
export function groupByStage<T extends BoardOrder>(orders: readonly T[]): StageGroup<T>[] {
  return WORK_ORDER_STAGES.map((stage) => {
    const list = orders.filter((o) => o.stage === stage);
    list.sort(CLOSED_STAGES.includes(stage) ? newestFirst : compareInStage);
    return { stage, orders: list };
  });
}

export interface OrderFilter {
  /** Code or customer name (case- and accent-insensitive, contains). */
  text: string;
  /** Meus serviços: only those whose Responsável is `me`. */
  mine: boolean;
  me: string | null;
}

export function filterOrders<T extends BoardOrder>(orders: readonly T[], f: OrderFilter, customerName: (id: string | null | undefined) => string | null): T[] {
  return orders.filter(
    (o) => (!f.mine || (f.me !== null && o.responsible_id === f.me)) && matchesSearch(f.text, [o.code, customerName(o.customer_id)]),
  );
}

/** The moves offered as big buttons from a stage (the usual next steps); any other is in the menu. */
export function nextStages(stage: WorkOrderStage): WorkOrderStage[] {
  switch (stage) {
    case 'aguardando_inicio':
      return ['em_execucao', 'aguardando_material'];
    case 'aguardando_material':
      return ['em_execucao'];
    case 'em_execucao':
      return ['pronto_para_retirada'];
    case 'pronto_para_retirada':
      return ['entregue'];
    case 'entregue':
      return [];
    case 'cancelada':
      return ['aguardando_inicio'];
  }
}

/** Every other stage (the Mover para… menu). */
export function otherStages(stage: WorkOrderStage): WorkOrderStage[] {
  const next = nextStages(stage);
  return WORK_ORDER_STAGES.filter((s) => s !== stage && !next.includes(s));
}
