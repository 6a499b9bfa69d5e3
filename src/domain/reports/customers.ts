/**
 * The customer report (spec §4, §9): per-customer totals, classification, debtors, VIPs,
 * purchase frequency, and the recommended actions. Money in integer cents; `today` is the shop
 * date ('YYYY-MM-DD').
 */
import { collate } from './collate';
import { formatCentsBRL } from '../money';
import { formatDate } from '../dates';
import { incomeByMethod, type Slice } from './financial';
import { daysBetween } from './period';
import type { ReportTx } from './transactions';

/** Code-unit order, for ISO dates. */
const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const ACTIVE_DAYS = 90;
export const TOP_DEBTORS = 5;
export const TOP_CUSTOMERS = 10;
export const VIP_SHARE_PERCENT = 10;

export type CustomerStatus = 'ativo' | 'inativo' | 'inadimplente';

export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  inadimplente: 'Inadimplente',
};

export const CUSTOMER_STATUS_COLORS: Record<CustomerStatus, 'green' | 'gray' | 'red'> = {
  ativo: 'green',
  inativo: 'gray',
  inadimplente: 'red',
};

export interface CustomerInput {
  id: string;
  name: string;
  phone?: string | null;
  whatsapp?: string | null;
}

export interface CustomerRow {
  id: string;
  name: string;
  phone: string;
  /** The number to message: the WhatsApp field when set, else the phone. */
  whatsapp: string;
  /** Sum of the customer's entradas. */
  totalCents: number;
  /** Number of entradas. */
  purchases: number;
  ticketCents: number;
  /** Shop date of the latest entrada, or null. */
  lastPurchase: string | null;
  /** Shop date of the latest transaction of any type, or null. */
  lastActivity: string | null;
  /** Entradas pendente or atrasado (the debt). */
  debtCents: number;
  /** Oldest due date of the debt (or its shop date when it has no due date). */
  oldestDebtDate: string | null;
  hasOverdue: boolean;
  status: CustomerStatus;
}

/** Ativo / Inativo / Inadimplente: overdue first, then a transaction within 90 days (inclusive). */
export function classifyCustomer(hasOverdue: boolean, lastActivity: string | null, today: string): CustomerStatus {
  if (hasOverdue) return 'inadimplente';
  if (lastActivity && daysBetween(lastActivity, today) <= ACTIVE_DAYS) return 'ativo';
  return 'inativo';
}

export type FrequencySegment = 'frequente' | 'regular' | 'ocasional' | 'primeira';

export const FREQUENCY_LABELS: Record<FrequencySegment, string> = {
  frequente: 'Cliente frequente',
  regular: 'Cliente regular',
  ocasional: 'Cliente ocasional',
  primeira: 'Primeira compra',
};

/** By count of entradas: > 10 frequente, > 5 regular, > 1 ocasional, else primeira compra. */
export function frequencySegment(purchases: number): FrequencySegment {
  if (purchases > 10) return 'frequente';
  if (purchases > 5) return 'regular';
  if (purchases > 1) return 'ocasional';
  return 'primeira';
}

export function customerRows(customers: readonly CustomerInput[], txs: readonly ReportTx[], today: string): CustomerRow[] {
  const rows = new Map<string, CustomerRow>();
  for (const c of customers) {
    rows.set(c.id, {
      id: c.id,
      name: c.name,
      phone: c.phone ?? '',
      whatsapp: (c.whatsapp ?? '').trim() || (c.phone ?? ''),
      totalCents: 0,
      purchases: 0,
      ticketCents: 0,
      lastPurchase: null,
      lastActivity: null,
      debtCents: 0,
      oldestDebtDate: null,
      hasOverdue: false,
      status: 'inativo',
    });
  }
  for (const t of txs) {
    if (!t.customerId) continue;
    const r = rows.get(t.customerId);
    if (!r) continue;
    if (!r.lastActivity || t.day > r.lastActivity) r.lastActivity = t.day;
    if (t.status === 'atrasado') r.hasOverdue = true;
    if (t.type !== 'entrada') continue;
    r.totalCents += t.cents;
    r.purchases++;
    if (!r.lastPurchase || t.day > r.lastPurchase) r.lastPurchase = t.day;
    if (t.status === 'pendente' || t.status === 'atrasado') {
      r.debtCents += t.cents;
      const due = t.dueDate ?? t.day;
      if (!r.oldestDebtDate || due < r.oldestDebtDate) r.oldestDebtDate = due;
    }
  }
  const out = [...rows.values()];
  for (const r of out) {
    r.ticketCents = r.purchases > 0 ? Math.round(r.totalCents / r.purchases) : 0;
    r.status = classifyCustomer(r.hasOverdue, r.lastActivity, today);
  }
  return out;
}

export interface CustomerSummary {
  total: number;
  revenueCents: number;
  active: number;
  inactive: number;
  defaulters: number;
}

export function customerSummary(rows: readonly CustomerRow[]): CustomerSummary {
  const s: CustomerSummary = { total: rows.length, revenueCents: 0, active: 0, inactive: 0, defaulters: 0 };
  for (const r of rows) {
    s.revenueCents += r.totalCents;
    if (r.status === 'ativo') s.active++;
    else if (r.status === 'inativo') s.inactive++;
    else s.defaulters++;
  }
  return s;
}

/** Customers owing (pendente or atrasado entradas), largest debt first. */
export function debtors(rows: readonly CustomerRow[]): CustomerRow[] {
  return rows.filter((r) => r.debtCents > 0).sort((a, b) => b.debtCents - a.debtCents || collate(a.name, b.name));
}

/** Customers by total spent, largest first (only those who bought). */
export function topCustomers(rows: readonly CustomerRow[], limit = TOP_CUSTOMERS): CustomerRow[] {
  return rows
    .filter((r) => r.totalCents > 0)
    .sort((a, b) => b.totalCents - a.totalCents || collate(a.name, b.name))
    .slice(0, limit);
}

/** VIP opportunities: 10 % of the customers, rounded down. */
export function vipOpportunityCount(customerCount: number): number {
  return Math.floor((customerCount * VIP_SHARE_PERCENT) / 100);
}

/** The VIP opportunities themselves: the best customers, as many as vipOpportunityCount. */
export function vipCandidates(rows: readonly CustomerRow[]): CustomerRow[] {
  return topCustomers(rows, vipOpportunityCount(rows.length));
}

export function inactiveCustomers(rows: readonly CustomerRow[]): CustomerRow[] {
  return rows
    .filter((r) => r.status === 'inativo')
    .sort((a, b) => cmpStr(a.lastActivity ?? '', b.lastActivity ?? '') || collate(a.name, b.name));
}

export interface FrequencySlice {
  key: FrequencySegment;
  label: string;
  count: number;
  percent: number;
}

/** Customers who bought at least once, by purchase frequency (order: frequente → primeira). */
export function frequencyDistribution(rows: readonly CustomerRow[]): FrequencySlice[] {
  const counts: Record<FrequencySegment, number> = { frequente: 0, regular: 0, ocasional: 0, primeira: 0 };
  let total = 0;
  for (const r of rows) {
    if (r.purchases === 0) continue;
    counts[frequencySegment(r.purchases)]++;
    total++;
  }
  return (Object.keys(counts) as FrequencySegment[])
    .filter((k) => counts[k] > 0)
    .map((k) => ({ key: k, label: FREQUENCY_LABELS[k], count: counts[k], percent: total ? Math.round((counts[k] * 1000) / total) / 10 : 0 }));
}

/** Payment methods among entradas (all of them), for the behaviour pie. */
export function customerPaymentMethods(txs: readonly ReportTx[]): Slice[] {
  return incomeByMethod(txs);
}

/** Customer list search (name or phone) and sort. */
export type CustomerSortKey = 'name' | 'total' | 'lastPurchase' | 'status';

export function sortCustomerRows(rows: readonly CustomerRow[], key: CustomerSortKey, dir: 'asc' | 'desc'): CustomerRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const byName = (a: CustomerRow, b: CustomerRow) => collate(a.name, b.name);
  const cmp: Record<CustomerSortKey, (a: CustomerRow, b: CustomerRow) => number> = {
    name: byName,
    total: (a, b) => a.totalCents - b.totalCents,
    lastPurchase: (a, b) => cmpStr(a.lastPurchase ?? '', b.lastPurchase ?? ''),
    status: (a, b) => collate(CUSTOMER_STATUS_LABELS[a.status], CUSTOMER_STATUS_LABELS[b.status]),
  };
  return [...rows].sort((a, b) => sign * cmp[key](a, b) || byName(a, b));
}

/** The polite payment reminder 'Enviar Lembrete' opens in WhatsApp. */
export function debtReminderMessage(name: string, debtCents: number, oldestDate: string | null): string {
  const since = oldestDate ? `, com vencimento desde ${formatDate(oldestDate)}` : '';
  return (
    `Olá ${name}, tudo bem? Passando para lembrar, com todo o respeito, que consta em aberto ` +
    `o valor de ${formatCentsBRL(debtCents)}${since}. Se o pagamento já foi feito, por favor ` +
    `desconsidere esta mensagem. Qualquer dúvida, estamos à disposição. Obrigado!`
  );
}

export const REACTIVATION_TEMPLATE =
  'Olá {nome}, tudo bem? Faz um tempo que não nos vemos por aqui! Precisando de solda, estruturas metálicas ou usinagem, estamos à disposição para um orçamento sem compromisso.';

export const VIP_TEMPLATE =
  'Olá {nome}, tudo bem? Você é um dos nossos melhores clientes e queremos agradecer a parceria. No seu próximo serviço conosco você tem condições especiais — é só chamar!';

export const DEBT_TEMPLATE =
  'Olá {nome}, tudo bem? Passando para lembrar, com todo o respeito, que consta em aberto o valor de {valor}, com vencimento desde {vencimento}. Se o pagamento já foi feito, por favor desconsidere esta mensagem. Obrigado!';

/** Fills '{nome}' in a campaign message with the customer's first name. */
export function fillCampaignMessage(template: string, name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? name;
  return template.replace(/\{nome\}/g, first);
}

/** Fills {nome} (first name), {valor} (amount owed) and {vencimento} (oldest due date, dd/MM/yyyy). */
export function fillCustomerMessage(template: string, row: Pick<CustomerRow, 'name' | 'debtCents' | 'oldestDebtDate'>): string {
  return fillCampaignMessage(template, row.name)
    .replace(/\{valor\}/g, formatCentsBRL(row.debtCents))
    .replace(/\{vencimento\}/g, row.oldestDebtDate ? formatDate(row.oldestDebtDate) : '-');
}

export interface RecommendedAction {
  kind: 'charge' | 'reactivate' | 'vip' | 'none';
  text: string;
}

/** What to do next, from the data: who to charge first, who has not bought in 90 days, VIPs. */
export function recommendedActions(rows: readonly CustomerRow[]): RecommendedAction[] {
  const out: RecommendedAction[] = [];
  for (const d of debtors(rows).slice(0, 3)) {
    const since = d.oldestDebtDate ? ` (em aberto desde ${formatDate(d.oldestDebtDate)})` : '';
    out.push({ kind: 'charge', text: `Cobrar ${d.name}: ${formatCentsBRL(d.debtCents)}${since}` });
  }
  const inactive = inactiveCustomers(rows).filter((r) => r.lastActivity !== null);
  if (inactive.length > 0) {
    const n = inactive.length;
    out.push({
      kind: 'reactivate',
      text: `${n} ${n === 1 ? 'cliente não compra' : 'clientes não compram'} há mais de ${ACTIVE_DAYS} dias: envie a campanha de reativação`,
    });
  }
  const vips = vipCandidates(rows);
  if (vips.length > 0) {
    out.push({
      kind: 'vip',
      text: `Ofereça condições especiais aos ${vips.length} melhores clientes (${vips.slice(0, 3).map((v) => v.name).join(', ')}${vips.length > 3 ? '…' : ''})`,
    });
  }
  if (out.length === 0) out.push({ kind: 'none', text: 'Nenhuma ação urgente no momento.' });
  return out;
}
