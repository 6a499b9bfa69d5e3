/**
 * Rules of the quotation form (spec §5, §9): totals in integer cents, required fields, the two
 * duplicate guards, the customer search, putting a decided quotation back to pending, and what a
 * device does when the server refuses its quotation code. Pure: the clock is a parameter.
 */
import { generateQuotationCode, isBlankText, normalizeQuotationCode, type RandomBytes } from '@shared';
import { toCents } from './money';
import { normalizeForSearch } from './search';

export const IDENTICAL_WINDOW_MS = 10_000;
export const SIMILAR_WINDOW_MS = 60_000;
/** Totals differing by less than this fraction count as similar (guard 2). */
export const SIMILAR_TOTAL_RATIO = 0.05;
export const CUSTOMER_SEARCH_MIN_CHARS = 2;
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 300;
export const CUSTOMER_SEARCH_LIMIT = 5;

export const QUOTATION_FORM_MESSAGES = {
  customerRequired: 'Por favor, selecione um cliente.',
  descriptionRequired: 'Descrição é obrigatória',
  totalRequired: 'Valor Total é obrigatório',
  paymentRequired: 'Método de Pagamento é obrigatório',
  validityRequired: 'Data de Validade é obrigatória',
  materialNameRequired: 'Informe o nome do material',
  identical: 'Orçamento idêntico enviado recentemente. Evitando duplicação.',
  similar: 'Um orçamento similar para este cliente foi criado recentemente. Deseja continuar mesmo assim?',
} as const;

/** A material line as the form holds it: price in cents, whole quantity. */
export type MaterialDraft = { name: string; quantity: number; priceCents: number };

/** Σ quantity × price in cents. */
export function materialsSubtotalCents(materials: readonly MaterialDraft[]): number {
  return materials.reduce((acc, m) => acc + Math.max(0, Math.round(m.quantity)) * Math.round(m.priceCents), 0);
}

/** Σ quantity × price − discount + taxes, in cents, never below 0. */
export function quotationTotalCents(materials: readonly MaterialDraft[], discountCents: number, taxesCents: number): number {
  return Math.max(0, materialsSubtotalCents(materials) - Math.round(discountCents) + Math.round(taxesCents));
}

export type QuotationDraft = {
  customerId: string | null;
  description: string;
  materials: MaterialDraft[];
  discountCents: number;
  taxesCents: number;
  totalCents: number;
  paymentMethod: string;
  validityDate: string;
  executionDeadline: string;
};

export type DraftField = 'customer' | 'description' | 'total' | 'payment' | 'validity' | 'materials';

/** Field → message for everything missing (empty object = valid). Lines with neither name nor price are ignored. */
export function validateQuotationDraft(d: QuotationDraft): Partial<Record<DraftField, string>> {
  const M = QUOTATION_FORM_MESSAGES;
  const e: Partial<Record<DraftField, string>> = {};
  if (!d.customerId) e.customer = M.customerRequired;
  // Blank texts: the rule the server refuses them with (schemas/rules.ts REQUIRED_TEXT_FIELDS).
  if (isBlankText(d.description)) e.description = M.descriptionRequired;
  if (!(d.totalCents > 0)) e.total = M.totalRequired;
  if (isBlankText(d.paymentMethod)) e.payment = M.paymentRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d.validityDate)) e.validity = M.validityRequired;
  // Prazo de Execução is optional (issue 39): saved as '' and shown as '—'.
  if (meaningfulMaterials(d.materials).some((m) => isBlankText(m.name))) e.materials = M.materialNameRequired;
  return e;
}

/**
 * Lines the user actually filled: a name or a price. A blank row left in the form (the form starts
 * with one, quantity 1) is dropped, so a quotation of a description and a total saves as it is.
 */
export function meaningfulMaterials(materials: readonly MaterialDraft[]): MaterialDraft[] {
  return materials.filter((m) => m.name.trim() !== '' || m.priceCents > 0);
}

/** What the guards compare: a stored quotation (money in reais, as the schema keeps it). */
export type StoredQuotationLike = {
  id: string;
  customer_id?: string | null;
  description: string;
  total_amount: number;
  payment_method: string;
  materials: readonly { name: string; quantity: number; price: number }[];
  created_at: string;
  client_updated_at?: string;
};

function sameMaterials(a: readonly MaterialDraft[], b: StoredQuotationLike['materials']): boolean {
  if (a.length !== b.length) return false;
  return a.every(
    (m, i) => m.name.trim() === b[i].name.trim() && Math.round(m.quantity) === b[i].quantity && Math.round(m.priceCents) === toCents(b[i].price),
  );
}

const msOf = (iso: string | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : -Infinity;
};

/**
 * Guard 1: an identical quotation (same customer, description, total, payment method, materials)
 * written less than 10 s ago — the one found, or null. `exceptId` is the quotation being edited.
 */
export function findIdenticalRecent(
  draft: QuotationDraft,
  existing: readonly StoredQuotationLike[],
  now: number,
  exceptId?: string,
): StoredQuotationLike | null {
  const mats = meaningfulMaterials(draft.materials);
  for (const q of existing) {
    if (q.id === exceptId) continue;
    const at = Math.max(msOf(q.created_at), msOf(q.client_updated_at));
    if (!(now - at < IDENTICAL_WINDOW_MS)) continue;
    if ((q.customer_id ?? null) !== draft.customerId) continue;
    if (q.description.trim() !== draft.description.trim()) continue;
    if (toCents(q.total_amount) !== draft.totalCents) continue;
    if (q.payment_method.trim() !== draft.paymentMethod.trim()) continue;
    if (!sameMaterials(mats, q.materials)) continue;
    return q;
  }
  return null;
}

/** True when the totals differ by less than 5 % of the earlier one (both 0 → similar). */
export function totalsSimilar(newCents: number, earlierCents: number): boolean {
  if (earlierCents === 0) return newCents === 0;
  return Math.abs(newCents - earlierCents) < SIMILAR_TOTAL_RATIO * Math.abs(earlierCents);
}

/** Guard 2 (creation only): same customer, created less than 1 minute ago, total within 5 %. */
export function findSimilarRecent(draft: QuotationDraft, existing: readonly StoredQuotationLike[], now: number): StoredQuotationLike | null {
  if (!draft.customerId) return null;
  for (const q of existing) {
    if ((q.customer_id ?? null) !== draft.customerId) continue;
    if (!(now - msOf(q.created_at) < SIMILAR_WINDOW_MS)) continue;
    if (totalsSimilar(draft.totalCents, toCents(q.total_amount))) return q;
  }
  return null;
}

/** The customer search's query: trimmed, or null below 2 characters (no search). */
export function customerSearchQuery(text: string): string | null {
  const t = text.trim();
  return t.length >= CUSTOMER_SEARCH_MIN_CHARS ? t : null;
}

/** Customers whose name contains the text (case/accent-insensitive), at most 5, in the given order. */
export function searchCustomersByName<C extends { name: string }>(customers: readonly C[], text: string): C[] {
  const q = customerSearchQuery(text);
  if (q === null) return [];
  const n = normalizeForSearch(q);
  const out: C[] = [];
  for (const c of customers) {
    if (normalizeForSearch(c.name).includes(n)) {
      out.push(c);
      if (out.length >= CUSTOMER_SEARCH_LIMIT) break;
    }
  }
  return out;
}

export type DecisionEntry = { status: 'pending' | 'accepted' | 'rejected'; decided_at?: string | null; reason?: string | null; reset_at: string };

/**
 * Editing a quotation the customer already accepted/rejected: back to pending, the earlier
 * decision appended to the history. A pending one is left as it is (null = nothing to change).
 */
export function resetDecision(
  q: { status: string; decided_at?: string | null; decision_reason?: string | null; decision_history?: readonly DecisionEntry[] | null },
  nowIso: string,
): { status: 'pending'; decided_at: null; decision_reason: null; decision_history: DecisionEntry[] } | null {
  if (q.status !== 'accepted' && q.status !== 'rejected') return null;
  return {
    status: 'pending',
    decided_at: null,
    decision_reason: null,
    decision_history: [
      ...(q.decision_history ?? []),
      { status: q.status, decided_at: q.decided_at ?? null, reason: q.decision_reason ?? null, reset_at: nowIso },
    ],
  };
}

/** True when editing this quotation must be confirmed first (it has a decision). */
export const needsDecisionResetConfirmation = (status: string) => status === 'accepted' || status === 'rejected';

export type RefusedLike = { collection: string; id: string; error: string; document: Record<string, unknown> };

export type CodeRetry =
  | { action: 'recode'; id: string; oldCode: string; newCode: string; document: Record<string, unknown> }
  | { action: 'none' };

/**
 * The server refused a pushed quotation because its code is taken (another device chose it
 * meanwhile): take a new code nobody here has and push the same quotation again. Deleted
 * versions and other refusals are not this rule's business.
 */
export function decideCodeRetry(
  refused: RefusedLike,
  takenCodes: ReadonlySet<string>,
  randomBytes?: RandomBytes,
): CodeRetry {
  if (refused.collection !== 'quotations' || refused.error !== 'duplicate_code') return { action: 'none' };
  if (refused.document._deleted === true) return { action: 'none' };
  const oldCode = String(refused.document.code ?? '');
  const taken = new Set([...takenCodes].map((c) => normalizeQuotationCode(c)));
  taken.add(normalizeQuotationCode(oldCode));
  let newCode = generateQuotationCode(randomBytes);
  for (let i = 0; i < 50 && taken.has(normalizeQuotationCode(newCode)); i++) newCode = generateQuotationCode(randomBytes);
  if (taken.has(normalizeQuotationCode(newCode))) return { action: 'none' };
  return { action: 'recode', id: refused.id, oldCode, newCode, document: { ...refused.document, code: newCode } };
}
