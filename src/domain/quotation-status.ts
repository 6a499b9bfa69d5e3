/**
 * Quotation status labels and badge colours (spec §4): pending → Pendente (yellow),
 * accepted → Aceito (green), rejected → Rejeitado (red), and the derived expired → Vencido
 * (orange); any other value shown as is.
 *
 * 'Vencido' is never stored: a pending quotation whose validity date is before the shop's today
 * (America/Sao_Paulo) is shown as expired — the same rule the server enforces when the customer
 * tries to accept it (schemas/rules.ts). Staff renew it by editing the validity date.
 */
import { isValidityPast, shopDate } from '@shared';

export type StatusColor = 'yellow' | 'green' | 'red' | 'orange' | 'gray';

/** What a list or the public page shows: the stored status, or 'expired' when it ran out. */
export type DisplayStatus = 'pending' | 'accepted' | 'rejected' | 'expired';

const STATUS: Record<string, { label: string; color: StatusColor }> = {
  pending: { label: 'Pendente', color: 'yellow' },
  accepted: { label: 'Aceito', color: 'green' },
  rejected: { label: 'Rejeitado', color: 'red' },
  expired: { label: 'Vencido', color: 'orange' },
};

export function quotationStatusLabel(status: string | null | undefined): string {
  const s = String(status ?? '');
  return Object.hasOwn(STATUS, s) ? STATUS[s].label : s;
}

export function quotationStatusColor(status: string | null | undefined): StatusColor {
  const s = String(status ?? '');
  return Object.hasOwn(STATUS, s) ? STATUS[s].color : 'gray';
}

export interface ValidityInput {
  status: string;
  validity_date?: string | null;
}

/**
 * True when the quotation is still pending and its validity date (the last valid day) is before
 * the shop's date of `now` — the clock is a parameter (Date, ISO string or ms).
 */
export function isQuotationExpired(q: ValidityInput, now: Date | string | number): boolean {
  return isValidityPast(q, shopDate(now));
}

/** The status to show at `now`: 'expired' for a pending quotation past its validity date. */
export function quotationDisplayStatus(q: ValidityInput, now: Date | string | number): string {
  return isQuotationExpired(q, now) ? 'expired' : q.status;
}

/** Label for when a decision happened: 'Aceito em' / 'Rejeitado em', or null for pending. */
export function decisionPrefix(status: string | null | undefined): string | null {
  if (status === 'accepted') return 'Aceito em';
  if (status === 'rejected') return 'Rejeitado em';
  return null;
}
