/**
 * Transactions as the reports read them, prepared once: amount in integer cents, the shop date
 * of `created_at`, the derived status (overdue by the shared rule) — so every report below is a
 * cheap pass over plain numbers and strings.
 */
import { toCents } from '../money';
import { effectiveStatus, shopDate, type EffectiveStatus } from '../transaction-status';

/** The fields of a transaction document the reports use. */
export interface TransactionInput {
  id: string;
  type: string;
  customer_id?: string | null;
  name?: string | null;
  category?: string | null;
  description?: string | null;
  amount: number;
  payment_method: string;
  payment_status: string;
  due_date?: string | null;
  created_at: string;
}

export interface ReportTx {
  id: string;
  type: 'entrada' | 'saida' | 'despesas';
  expense: boolean;
  customerId: string | null;
  name: string | null;
  category: string | null;
  description: string;
  cents: number;
  method: string;
  status: EffectiveStatus;
  /** The status as typed (pago, parcial, pendente; 'atrasado' in older data). */
  storedStatus: string;
  dueDate: string | null;
  /** Shop date 'YYYY-MM-DD' (America/Sao_Paulo) of created_at. */
  day: string;
  createdAt: string;
}

const hourCache = new Map<string, string>();

/**
 * shopDate for an ISO instant, memoised per UTC hour: São Paulo's offset is a whole number of
 * hours, so every instant of one UTC hour falls on the same shop date. Other forms fall back to
 * shopDate itself. Same result as shopDate, ~50× faster over 50,000 rows.
 */
export function shopDay(instant: string): string {
  if (instant.length >= 20 && instant.endsWith('Z') && instant[13] === ':') {
    const key = instant.slice(0, 13);
    let day = hourCache.get(key);
    if (day === undefined) {
      day = shopDate(`${key}:00:00Z`);
      if (hourCache.size > 200_000) hourCache.clear();
      hourCache.set(key, day);
    }
    return day;
  }
  return shopDate(instant);
}

export function isExpenseType(type: string): boolean {
  return type === 'saida' || type === 'despesas';
}

/** Plain documents → ReportTx, with `today` ('YYYY-MM-DD', shop date) for the overdue rule. */
export function prepareTransactions(docs: readonly TransactionInput[], today: string): ReportTx[] {
  const out: ReportTx[] = new Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    out[i] = {
      id: d.id,
      type: d.type as ReportTx['type'],
      expense: isExpenseType(d.type),
      customerId: d.customer_id ?? null,
      name: d.name ?? null,
      category: d.category ?? null,
      description: d.description ?? '',
      cents: toCents(d.amount),
      method: d.payment_method,
      status: effectiveStatus(d, today),
      storedStatus: d.payment_status,
      dueDate: d.due_date ?? null,
      day: shopDay(d.created_at),
      createdAt: d.created_at,
    };
  }
  return out;
}
