/**
 * Cash-flow filters ↔ the address query string (spec §2.1: type, paymentMethod, paymentStatus,
 * startDate, endDate, isFixedExpense), and the filtering itself. Pure; `today` is the shop's
 * date ('YYYY-MM-DD', from shopDate) so 'atrasado' is derived the same everywhere.
 */
import { effectiveStatus } from './transaction-status';

/**
 * The instant the shop's day starts (America/Sao_Paulo is UTC−3 all year since 2019), as
 * the ISO string `toISOString()` produces, so it compares with stored instants as text.
 */
export function shopDayStartIso(date: string): string {
  return new Date(`${date}T00:00:00-03:00`).toISOString();
}

/** 'YYYY-MM-DD' + 1 day. */
export function nextDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export interface TransactionFilters {
  type: '' | 'entrada' | 'saida' | 'despesas';
  /** The filter offers pix, dinheiro, cartao (spec §3). */
  paymentMethod: '' | 'pix' | 'dinheiro' | 'cartao';
  /** pago, pendente, atrasado (atrasado is derived). */
  paymentStatus: '' | 'pago' | 'pendente' | 'atrasado';
  /** Shop dates 'YYYY-MM-DD', inclusive. */
  startDate: string;
  endDate: string;
  /** 'true': only Despesa Fixa; 'false': everything but Despesa Fixa. */
  isFixedExpense: '' | 'true' | 'false';
}

export const EMPTY_FILTERS: TransactionFilters = {
  type: '',
  paymentMethod: '',
  paymentStatus: '',
  startDate: '',
  endDate: '',
  isFixedExpense: '',
};

export const FILTER_KEYS = Object.keys(EMPTY_FILTERS) as (keyof TransactionFilters)[];

const ALLOWED: { [K in keyof TransactionFilters]: readonly string[] | 'date' } = {
  type: ['entrada', 'saida', 'despesas'],
  paymentMethod: ['pix', 'dinheiro', 'cartao'],
  paymentStatus: ['pago', 'pendente', 'atrasado'],
  startDate: 'date',
  endDate: 'date',
  isFixedExpense: ['true', 'false'],
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Reads filters from a query string (or URLSearchParams); unknown or malformed values are ignored. */
export function filtersFromQuery(query: string | URLSearchParams): TransactionFilters {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const out: TransactionFilters = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) {
    const raw = (params.get(key) ?? '').trim();
    if (!raw) continue;
    const allowed = ALLOWED[key];
    const ok = allowed === 'date' ? validDate(raw) : allowed.includes(raw);
    if (ok) (out as unknown as Record<string, string>)[key] = raw;
  }
  return out;
}

/**
 * Filters → query string entries. Other parameters of `base` (e.g. the page) are kept; the
 * filter keys are replaced. Empty filters are left out so a clean list has a clean address.
 */
export function filtersToQuery(filters: TransactionFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of FILTER_KEYS) {
    const v = filters[key];
    if (v) params.set(key, v);
    else params.delete(key);
  }
  return params;
}

export function hasActiveFilters(f: TransactionFilters): boolean {
  return FILTER_KEYS.some((k) => f[k] !== '');
}

export function sameFilters(a: TransactionFilters, b: TransactionFilters): boolean {
  return FILTER_KEYS.every((k) => a[k] === b[k]);
}

export interface FilterableTx {
  type: string;
  payment_method: string;
  payment_status: string;
  due_date?: string | null;
  created_at: string;
}

/**
 * A predicate for the filters, built once per change (so the per-row work is a few string
 * comparisons). Dates compare the shop's calendar date of `created_at`.
 */
export function filterPredicate(f: TransactionFilters, today: string): (t: FilterableTx) => boolean {
  const { type, paymentMethod, paymentStatus, startDate, endDate, isFixedExpense } = f;
  const [from, to] = startDate && endDate && startDate > endDate ? [endDate, startDate] : [startDate, endDate];
  // Bounds as instants, computed once: rows compare ISO strings (no date parsing per row).
  const fromIso = from ? shopDayStartIso(from) : '';
  const toIso = to ? shopDayStartIso(nextDate(to)) : '';
  return (t) => {
    if (type && t.type !== type) return false;
    if (isFixedExpense === 'true' && t.type !== 'despesas') return false;
    if (isFixedExpense === 'false' && t.type === 'despesas') return false;
    if (paymentMethod && t.payment_method !== paymentMethod) return false;
    if (paymentStatus) {
      const s = effectiveStatus(t, today);
      // 'Pendente' lists what is still to be paid and not yet overdue (parcial included).
      if (paymentStatus === 'pendente' ? s !== 'pendente' && s !== 'parcial' : s !== paymentStatus) return false;
    }
    if (fromIso && t.created_at < fromIso) return false;
    if (toIso && t.created_at >= toIso) return false;
    return true;
  };
}

export function applyFilters<T extends FilterableTx>(txs: readonly T[], f: TransactionFilters, today: string): T[] {
  if (!hasActiveFilters(f)) return txs as T[];
  return txs.filter(filterPredicate(f, today));
}
