/**
 * Quotation status labels and badge colours (spec §4): pending → Pendente (yellow),
 * accepted → Aceito (green), rejected → Rejeitado (red); any other value shown as is.
 */

export type StatusColor = 'yellow' | 'green' | 'red' | 'gray';

const STATUS: Record<string, { label: string; color: StatusColor }> = {
  pending: { label: 'Pendente', color: 'yellow' },
  accepted: { label: 'Aceito', color: 'green' },
  rejected: { label: 'Rejeitado', color: 'red' },
};

export function quotationStatusLabel(status: string | null | undefined): string {
  const s = String(status ?? '');
  return Object.hasOwn(STATUS, s) ? STATUS[s].label : s;
}

export function quotationStatusColor(status: string | null | undefined): StatusColor {
  const s = String(status ?? '');
  return Object.hasOwn(STATUS, s) ? STATUS[s].color : 'gray';
}

/** Label for when a decision happened: 'Aceito em' / 'Rejeitado em', or null for pending. */
export function decisionPrefix(status: string | null | undefined): string | null {
  if (status === 'accepted') return 'Aceito em';
  if (status === 'rejected') return 'Rejeitado em';
  return null;
}
