/**
 * Cash-flow transaction rules (spec §3, §5, §8, §9; issue 7): labels, validation, the
 * double-entry guard and totals. Pure: no React, no IO, the clock is a parameter.
 */
import { normalizeForSearch } from './search';
import { toCents } from './money';
import { PAYMENT_STATUS_LABELS } from './transaction-status';

export type TxType = 'entrada' | 'saida' | 'despesas';
export type TxMethod = 'dinheiro' | 'pix' | 'cartao' | 'transferencia' | 'n/a';
export type TxStatus = 'pago' | 'parcial' | 'pendente';

export const TX_TYPE_LABELS: Record<TxType, string> = { entrada: 'Entrada', saida: 'Saída', despesas: 'Despesa Fixa' };
export const TX_TYPES: readonly TxType[] = ['entrada', 'saida', 'despesas'];

export const TX_METHOD_LABELS: Record<TxMethod, string> = {
  dinheiro: 'Dinheiro',
  pix: 'PIX',
  cartao: 'Cartão',
  transferencia: 'Transferência',
  'n/a': 'N/A',
};
/** Methods offered by the form (expenses store 'n/a'). */
export const FORM_METHODS: readonly TxMethod[] = ['dinheiro', 'pix', 'cartao', 'transferencia'];

/** The stored statuses' labels: the same words as everywhere (transaction-status.ts). */
export const TX_STATUS_LABELS: Record<TxStatus, string> = { pago: PAYMENT_STATUS_LABELS.pago, parcial: PAYMENT_STATUS_LABELS.parcial, pendente: PAYMENT_STATUS_LABELS.pendente };
/** Statuses offered by the form for a type: 'Pago Parcial' is not offered for fixed expenses. */
export function statusesFor(type: TxType): TxStatus[] {
  return type === 'despesas' ? ['pago', 'pendente'] : ['pago', 'parcial', 'pendente'];
}

export const FIXED_EXPENSE_CATEGORIES = [
  'luz', 'internet', 'aluguel', 'agua', 'salario', 'materia-prima', 'ferramentas', 'equipamentos', 'outros',
] as const;
export const SAIDA_CATEGORIES = ['material', 'servico', 'outros'] as const;
export const CATEGORY_LABELS: Record<string, string> = {
  luz: 'Luz',
  internet: 'Internet',
  aluguel: 'Aluguel',
  agua: 'Água',
  salario: 'Salário',
  'materia-prima': 'Matéria-prima',
  ferramentas: 'Ferramentas',
  equipamentos: 'Equipamentos Pesados',
  outros: 'Outros',
  material: 'Material',
  servico: 'Serviço',
};
export const categoryLabel = (c: string | null | undefined): string => (c ? (CATEGORY_LABELS[c] ?? c) : '');

export function categoriesFor(type: TxType): readonly string[] {
  if (type === 'despesas') return FIXED_EXPENSE_CATEGORIES;
  if (type === 'saida') return SAIDA_CATEGORIES;
  return [];
}

export const TX_RULE_MESSAGES = {
  customerRequired: 'Cliente obrigatório para registrar uma entrada',
  amountPositive: 'O valor da transação deve ser maior que zero.',
  inFlight: 'Esta transação já está sendo processada',
  identical: 'Transação idêntica enviada recentemente. Evitando duplicação.',
  similar: 'Uma transação similar foi registrada recentemente. Verifique sua lista de transações.',
} as const;

/** Windows of the double-entry guard (issue 7). */
export const IDENTICAL_WINDOW_MS = 60_000;
export const SIMILAR_WINDOW_MS = 45_000;

/** What the form submits, before it becomes a document. */
export interface TxDraft {
  type: TxType;
  customer_id: string | null;
  /** Saída / Despesa Fixa: who was paid (free text). Entrada stores null. */
  name: string | null;
  category: string | null;
  description: string;
  amountCents: number;
  payment_method: TxMethod;
  payment_status: TxStatus;
  due_date: string | null;
}

/**
 * Normalises a draft per spec §5: entrada keeps the customer and no name, expenses keep no
 * customer; category is kept for despesas and saída (reports show it), despesas pay 'n/a'
 * and are never 'parcial'.
 */
export function normalizeDraft(d: TxDraft): TxDraft {
  const description = d.description.trim();
  const name = d.name?.trim() ? d.name.trim() : null;
  if (d.type === 'entrada') {
    return { ...d, name: null, category: null, description, payment_method: d.payment_method === 'n/a' ? 'pix' : d.payment_method };
  }
  const cats = categoriesFor(d.type);
  const category = d.category && cats.includes(d.category) ? d.category : cats[0];
  if (d.type === 'despesas') {
    return {
      ...d,
      customer_id: null,
      name,
      category,
      description,
      payment_method: 'n/a',
      payment_status: d.payment_status === 'parcial' ? 'pendente' : d.payment_status,
    };
  }
  return { ...d, customer_id: null, name, category, description, payment_method: d.payment_method === 'n/a' ? 'pix' : d.payment_method };
}

export type TxFieldErrors = Partial<Record<'customer' | 'amount', string>>;

/** Field errors of a draft (empty object when valid). `customerName` is what the user typed. */
export function validateDraft(d: TxDraft, customerName: string): TxFieldErrors {
  const errors: TxFieldErrors = {};
  if (d.type === 'entrada' && !d.customer_id && !customerName.trim()) errors.customer = TX_RULE_MESSAGES.customerRequired;
  if (!(Number.isInteger(d.amountCents) && d.amountCents > 0)) errors.amount = TX_RULE_MESSAGES.amountPositive;
  return errors;
}

/** The fields compared by the 'identical' rule. */
export interface TxComparable {
  type: string;
  amount: number;
  customer_id: string | null;
  name: string | null;
  category: string | null;
  payment_method: string;
  payment_status: string;
  description: string;
}

/** A stored transaction as the guard needs it: its fields and when it was registered. */
export interface RecentTx extends TxComparable {
  id: string;
  /** ISO instant the transaction was registered on its device. */
  registered_at: string;
}

export function fingerprint(t: TxComparable): string {
  return [
    t.type,
    toCents(t.amount),
    t.customer_id ?? '',
    normalizeForSearch(t.name),
    t.category ?? '',
    t.payment_method,
    t.payment_status,
    normalizeForSearch(t.description),
  ].join('\u0001');
}

export type DuplicateVerdict = { kind: 'none' } | { kind: 'identical'; id: string } | { kind: 'similar'; id: string };

/**
 * The double-entry guard against the local database (every synced device's transactions):
 * identical within 60 s → refused; same type and amount within 45 s → 'similar' (the user
 * may confirm). An age exactly at the window's end is outside it.
 */
export function checkDuplicate(candidate: TxComparable, recent: readonly RecentTx[], nowMs: number): DuplicateVerdict {
  const fp = fingerprint(candidate);
  const cents = toCents(candidate.amount);
  let similar: string | null = null;
  for (const r of recent) {
    const at = Date.parse(r.registered_at);
    if (!Number.isFinite(at)) continue;
    const age = nowMs - at;
    if (age < 0 - 5_000) continue; // clock skew: far-future entries are ignored
    if (age < IDENTICAL_WINDOW_MS && fingerprint(r) === fp) return { kind: 'identical', id: r.id };
    if (similar === null && age < SIMILAR_WINDOW_MS && r.type === candidate.type && toCents(r.amount) === cents) similar = r.id;
  }
  return similar ? { kind: 'similar', id: similar } : { kind: 'none' };
}

export interface CashTotals {
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
  count: number;
}

/** Entradas, Saídas (saida + despesas) and Saldo, in integer cents (spec §9). */
export function totalsOf(txs: readonly { type: string; amount: number }[]): CashTotals {
  let income = 0;
  let expense = 0;
  for (const t of txs) {
    const c = toCents(t.amount);
    if (t.type === 'entrada') income += c;
    else expense += c;
  }
  return { incomeCents: income, expenseCents: expense, balanceCents: income - expense, count: txs.length };
}

/** 'Registrado por': the e-mail when known, 'Usuário' for an id without one, '—' when empty. */
export function registeredBy(createdBy: string | null | undefined, emailOf: (id: string) => string | null | undefined): string {
  if (!createdBy) return '—';
  if (createdBy.includes('@')) return createdBy;
  return emailOf(createdBy) ?? 'Usuário';
}
