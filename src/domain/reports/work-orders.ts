/**
 * Relatórios › Serviços (issue 31 §9): jobs by stage, the late ones, and the median days from
 * acceptance to delivery in the period. Pure: the shop's `today` and the period are parameters.
 *
 * - By stage and Atrasada describe the floor as it stands (the current stage is the latest move
 *   in the server's order, src/domain/work-orders.ts), not the period.
 * - Acceptance is the quotation's decided_at (the customer accepted), or the OS's created_at for
 *   a counter job (or a quotation without that instant); delivery is the Entregue move that
 *   counts. A delivery belongs to the period of its shop date. Days are shop calendar days.
 */
import { shopDate, WORK_ORDER_STAGES, type WorkOrderDoc, type WorkOrderEventDoc, type WorkOrderStage } from '@shared';
import { workOrderState } from '../work-orders';
import { collate } from './collate';
import { daysBetween, inRange, type DateRange } from './period';

export type WorkOrderInput = Pick<WorkOrderDoc, 'id' | 'code' | 'quotation_id' | 'customer_id' | 'forecast_date' | 'created_at'>;

export interface LateWorkOrder {
  id: string;
  code: string;
  customerId: string | null;
  stage: WorkOrderStage;
  /** Previsão de entrega ('YYYY-MM-DD'). */
  forecast: string;
  /** Days past the forecast on `today` (1 the day after). */
  daysLate: number;
}

export interface WorkOrderReport {
  byStage: { stage: WorkOrderStage; count: number }[];
  total: number;
  /** Most days late first, then by code. */
  late: LateWorkOrder[];
  /** Median days from acceptance to delivery of the jobs delivered in the period; null without any. */
  medianDaysToDelivery: number | null;
  /** Jobs delivered in the period (what the median is of). */
  deliveredInPeriod: number;
}

/** The median of `values` (the mean of the two middle ones for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function workOrderReport(
  orders: readonly WorkOrderInput[],
  events: readonly WorkOrderEventDoc[],
  acceptedAt: ReadonlyMap<string, string | null | undefined>,
  range: DateRange,
  today: string,
): WorkOrderReport {
  const byOrder = new Map<string, WorkOrderEventDoc[]>();
  for (const e of events) {
    const list = byOrder.get(e.work_order_id);
    if (list) list.push(e);
    else byOrder.set(e.work_order_id, [e]);
  }
  const counts = new Map<WorkOrderStage, number>(WORK_ORDER_STAGES.map((s) => [s, 0]));
  const late: LateWorkOrder[] = [];
  const durations: number[] = [];
  for (const o of orders) {
    const state = workOrderState(o, byOrder.get(o.id) ?? [], today);
    counts.set(state.stage, (counts.get(state.stage) ?? 0) + 1);
    if (state.late && o.forecast_date) {
      late.push({ id: o.id, code: o.code, customerId: o.customer_id ?? null, stage: state.stage, forecast: o.forecast_date, daysLate: daysBetween(o.forecast_date, today) });
    }
    if (state.delivery) {
      const delivered = shopDate(state.delivery.at);
      if (!inRange(delivered, range)) continue;
      const accepted = (o.quotation_id ? acceptedAt.get(o.quotation_id) : null) || o.created_at;
      durations.push(Math.max(0, daysBetween(shopDate(accepted), delivered)));
    }
  }
  late.sort((a, b) => b.daysLate - a.daysLate || collate(a.code, b.code));
  return {
    byStage: WORK_ORDER_STAGES.map((stage) => ({ stage, count: counts.get(stage) ?? 0 })),
    total: orders.length,
    late,
    medianDaysToDelivery: median(durations),
    deliveredInPeriod: durations.length,
  };
}
