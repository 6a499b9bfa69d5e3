/**
 * Transaction status as every screen shows it. 'atrasado' is derived, never typed: a
 * transaction that is pendente or parcial with a due date before the shop's today is overdue.
 * One function, so two offline devices always agree and nobody has to edit old entries.
 *
 * Dates are the shop's local calendar dates (America/Sao_Paulo), passed in: `today` is a
 * 'YYYY-MM-DD' string from `shopDate(now)`.
 */

export type EffectiveStatus = 'pago' | 'parcial' | 'pendente' | 'atrasado';

export const SHOP_TIME_ZONE = 'America/Sao_Paulo';

const shopDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's calendar date ('YYYY-MM-DD') of an instant (Date or ISO string); '' when invalid. */
export function shopDate(instant: Date | string | number): string {
  const d = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(d.getTime())) return '';
  return shopDateFormat.format(d);
}

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
