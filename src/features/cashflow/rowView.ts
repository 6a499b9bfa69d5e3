/** How one transaction reads in the list (table row or card). Pure. */
import type { TransactionDoc } from '@shared';
import { formatBRL } from '../../domain/money';
import { CASHFLOW_TEXT } from './messages';
import { formatDate, formatDateTime } from '../../domain/dates';
import { categoryLabel, registeredBy, TX_TYPE_LABELS, type TxType } from '../../domain/transaction-rules';
import { effectiveStatus, shopDate, PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, type EffectiveStatus } from '../../domain/transaction-status';

export interface RowView {
  id: string;
  type: TxType;
  typeLabel: string;
  title: string;
  detail: string;
  amount: string;
  date: string;
  dateTime: string;
  due: string;
  status: EffectiveStatus;
  statusLabel: string;
  statusColor: string;
  by: string;
  fromQuotation: boolean;
}

export function rowView(
  t: TransactionDoc,
  today: string,
  customerName: (id: string) => string | undefined,
  emailOf: (id: string) => string | undefined,
): RowView {
  const type = t.type as TxType;
  const who = type === 'entrada' ? (t.customer_id ? (customerName(t.customer_id) ?? CASHFLOW_TEXT.customerNotSynced) : '') : (t.name ?? '');
  const cat = type === 'entrada' ? '' : categoryLabel(t.category);
  const title = t.description || who || cat || TX_TYPE_LABELS[type];
  const detail = [t.description ? who : '', cat].filter(Boolean).join(' · ');
  const status = effectiveStatus(t, today);
  return {
    id: t.id,
    type,
    typeLabel: TX_TYPE_LABELS[type] ?? t.type,
    title,
    detail,
    amount: `${type === 'entrada' ? '' : '-'}${formatBRL(t.amount)}`,
    date: formatDate(shopDate(t.created_at)),
    dateTime: formatDateTime(t.created_at),
    due: t.due_date ? formatDate(t.due_date) : '',
    status,
    statusLabel: PAYMENT_STATUS_LABELS[status],
    statusColor: PAYMENT_STATUS_COLORS[status],
    by: registeredBy(t.created_by, emailOf),
    fromQuotation: !!t.quotation_id,
  };
}
