/**
 * The financial report (spec §2.4, §9): totals, detail lists, daily cash flow, expenses by
 * category, income by payment method, and the four insights. Money in integer cents.
 * 'saida' and 'despesas' both count as expenses.
 */
import { collate } from './collate';
import { categoryLabel, methodLabel } from './labels';
import { daysBetween, eachDay, inRange, type DateRange } from './period';
import type { ReportTx } from './transactions';

export interface FinancialSummary {
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
}

export function inPeriod(txs: readonly ReportTx[], range: DateRange): ReportTx[] {
  if (!range.start && !range.end) return txs.slice();
  return txs.filter((t) => inRange(t.day, range));
}

export function financialSummary(txs: readonly ReportTx[]): FinancialSummary {
  let income = 0;
  let expense = 0;
  for (const t of txs) {
    if (t.type === 'entrada') income += t.cents;
    else if (t.expense) expense += t.cents;
  }
  return { incomeCents: income, expenseCents: expense, balanceCents: income - expense };
}

/** Newest first (created_at), entradas or expenses — the detail tabs. */
export function detailRows(txs: readonly ReportTx[], kind: 'income' | 'expense'): ReportTx[] {
  return txs
    .filter((t) => (kind === 'income' ? t.type === 'entrada' : t.expense))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export interface DailyPoint {
  day: string;
  incomeCents: number;
  expenseCents: number;
}

/**
 * Daily Entradas and Saídas. With a bounded range of at most 400 days every day is present
 * (zeros included, so the line shows quiet days); otherwise only days with movement.
 */
export function dailySeries(txs: readonly ReportTx[], range: DateRange): DailyPoint[] {
  const byDay = new Map<string, DailyPoint>();
  for (const t of txs) {
    if (t.type !== 'entrada' && !t.expense) continue;
    let p = byDay.get(t.day);
    if (!p) byDay.set(t.day, (p = { day: t.day, incomeCents: 0, expenseCents: 0 }));
    if (t.type === 'entrada') p.incomeCents += t.cents;
    else p.expenseCents += t.cents;
  }
  if (range.start && range.end && range.start <= range.end && daysBetween(range.start, range.end) <= 400) {
    return eachDay(range.start, range.end).map((day) => byDay.get(day) ?? { day, incomeCents: 0, expenseCents: 0 });
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

export interface Slice {
  key: string;
  label: string;
  cents: number;
  /** Share of the total in percent, one decimal (0 when the total is 0). */
  percent: number;
}

/** Shares with one decimal, from integer cents (no float drift): 1/3 → 33.3. */
export function percentOf(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part * 1000) / total) / 10;
}

function slices(groups: Map<string, number>, label: (k: string) => string): Slice[] {
  let total = 0;
  for (const v of groups.values()) total += v;
  return [...groups.entries()]
    .map(([key, cents]) => ({ key, label: label(key), cents, percent: percentOf(cents, total) }))
    .sort((a, b) => b.cents - a.cents || collate(a.label, b.label));
}

/** Expenses (saida + despesas) grouped by category, largest first. */
export function expensesByCategory(txs: readonly ReportTx[]): Slice[] {
  const g = new Map<string, number>();
  for (const t of txs) {
    if (!t.expense) continue;
    const k = t.category ?? '';
    g.set(k, (g.get(k) ?? 0) + t.cents);
  }
  return slices(g, (k) => categoryLabel(k || null));
}

/** Entradas grouped by payment method, largest first (the pie). */
export function incomeByMethod(txs: readonly ReportTx[]): Slice[] {
  const g = new Map<string, number>();
  for (const t of txs) {
    if (t.type !== 'entrada') continue;
    g.set(t.method, (g.get(t.method) ?? 0) + t.cents);
  }
  return slices(g, methodLabel);
}

export interface MonthTotals {
  /** 'YYYY-MM' */
  month: string;
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
}

export function monthlyTotals(txs: readonly ReportTx[]): MonthTotals[] {
  const g = new Map<string, MonthTotals>();
  for (const t of txs) {
    if (t.type !== 'entrada' && !t.expense) continue;
    const month = t.month;
    let m = g.get(month);
    if (!m) g.set(month, (m = { month, incomeCents: 0, expenseCents: 0, balanceCents: 0 }));
    if (t.type === 'entrada') m.incomeCents += t.cents;
    else m.expenseCents += t.cents;
  }
  const out = [...g.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
  for (const m of out) m.balanceCents = m.incomeCents - m.expenseCents;
  return out;
}

export interface FinancialInsights {
  /** Highest monthly balance (the earliest month wins a tie); null without data. */
  mostProfitableMonth: MonthTotals | null;
  /** Highest monthly expenses; null when no month has expenses. */
  highestExpenseMonth: MonthTotals | null;
  /** Transactions not paid at all: stored 'pendente' (still pending or already overdue). */
  pendingCount: number;
  /** 3 × average monthly expenses over the months that have data (rounded to the cent). */
  reserveCents: number;
  monthsWithData: number;
}

/** Over every transaction, no date filter (spec §7: insights read all). */
export function financialInsights(txs: readonly ReportTx[]): FinancialInsights {
  const months = monthlyTotals(txs);
  let best: MonthTotals | null = null;
  let worst: MonthTotals | null = null;
  let expenses = 0;
  for (const m of months) {
    if (!best || m.balanceCents > best.balanceCents) best = m;
    if (m.expenseCents > 0 && (!worst || m.expenseCents > worst.expenseCents)) worst = m;
    expenses += m.expenseCents;
  }
  let pending = 0;
  for (const t of txs) if (t.storedStatus === 'pendente' || t.storedStatus === 'atrasado') pending++;
  const reserve = months.length === 0 ? 0 : Math.round((3 * expenses) / months.length);
  return {
    mostProfitableMonth: best,
    highestExpenseMonth: worst,
    pendingCount: pending,
    reserveCents: reserve,
    monthsWithData: months.length,
  };
}
