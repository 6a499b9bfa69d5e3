/** The form's state, its defaults (spec §4) and its mapping to a draft. Pure. */
import type { CustomerDoc, TransactionDoc } from '@shared';
import { toCents } from '../../domain/money';
import { shopDate } from '../../domain/transaction-status';
import { categoriesFor, type TxDraft, type TxMethod, type TxStatus, type TxType } from '../../domain/transaction-rules';

export interface FormState {
  type: TxType;
  customer: CustomerDoc | null;
  customerQuery: string;
  name: string;
  saidaCategory: string;
  expenseCategory: string;
  description: string;
  amountCents: number;
  method: TxMethod;
  status: TxStatus;
  date: string;
  dueDate: string;
}

/** Defaults: entrada, pix, pendente, category luz, date today. */
export function defaultForm(now: Date, type: TxType = 'entrada'): FormState {
  return {
    type,
    customer: null,
    customerQuery: '',
    name: '',
    saidaCategory: 'material',
    expenseCategory: 'luz',
    description: '',
    amountCents: 0,
    method: 'pix',
    status: 'pendente',
    date: shopDate(now),
    dueDate: '',
  };
}

export function formFromTransaction(t: TransactionDoc, customer: CustomerDoc | null): FormState {
  const type = t.type as TxType;
  const base = defaultForm(new Date(t.created_at), type);
  return {
    ...base,
    customer,
    customerQuery: customer?.name ?? '',
    name: t.name ?? '',
    saidaCategory: type === 'saida' && t.category && categoriesFor('saida').includes(t.category) ? t.category : base.saidaCategory,
    expenseCategory: type === 'despesas' && t.category ? t.category : base.expenseCategory,
    description: t.description,
    amountCents: toCents(t.amount),
    method: t.payment_method === 'n/a' ? 'pix' : (t.payment_method as TxMethod),
    status:
      t.payment_status === 'atrasado' || (type === 'despesas' && t.payment_status === 'parcial') ? 'pendente' : (t.payment_status as TxStatus),
    dueDate: t.due_date ?? '',
  };
}

export function draftOf(f: FormState): TxDraft & { date: string } {
  return {
    type: f.type,
    customer_id: f.type === 'entrada' ? (f.customer?.id ?? null) : null,
    name: f.type === 'entrada' ? null : f.name,
    category: f.type === 'saida' ? f.saidaCategory : f.type === 'despesas' ? f.expenseCategory : null,
    description: f.description,
    amountCents: f.amountCents,
    payment_method: f.type === 'despesas' ? 'n/a' : f.method,
    payment_status: f.type === 'despesas' && f.status === 'parcial' ? 'pendente' : f.status,
    due_date: f.dueDate || null,
    date: f.date,
  };
}
