/**
 * Transaction status as every screen shows it. 'atrasado' is derived, never typed: a
 * transaction that is pendente or parcial with a due date before the shop's today is overdue.
 * One function, so two offline devices always agree and nobody has to edit old entries.
 *
 * Dates are the shop's local calendar dates (America/Sao_Paulo), passed in: `today` is a
 * 'YYYY-MM-DD' string from `shopDate(now)`.
 */

export type EffectiveStatus = 'pago' | 'parcial' | 'pendente' | 'atrasado';

// The shop's calendar is shared with the server (schemas/rules.ts).
export { SHOP_TIME_ZONE, shopDate } from '@shared';

export interface StatusInput {
  payment_status: string;
  due_date?: string | null;
}

/**
 * pago stays pago; pendente/parcial past their due date (strictly before today) are atrasado;
 * a stored 'atrasado' (older data) stays atrasado. Due today is not overdue.
 */
export function effectiveStatus(tx: StatusInput, today: string): EffectiveStatus {
  const s = String(tx.payment_status ?? '').toLowerCase();
  if (s === 'pago') return 'pago';
  if (s === 'atrasado') return 'atrasado';
  const overdue = typeof tx.due_date === 'string' && tx.due_date !== '' && tx.due_date < today;
  if (overdue) return 'atrasado';
  return s === 'parcial' ? 'parcial' : 'pendente';
}

export const isOverdue = (tx: StatusInput, today: string): boolean => effectiveStatus(tx, today) === 'atrasado';

export const PAYMENT_STATUS_LABELS: Record<EffectiveStatus, string> = {
  pago: 'Pago',
  parcial: 'Pago Parcial',
  pendente: 'Pendente',
  atrasado: 'Atrasado',
};

export const PAYMENT_STATUS_COLORS: Record<EffectiveStatus, 'green' | 'blue' | 'yellow' | 'red'> = {
  pago: 'green',
  parcial: 'blue',
  pendente: 'yellow',
  atrasado: 'red',
};
