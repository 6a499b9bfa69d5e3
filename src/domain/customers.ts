/**
 * Customer rules (spec §5 and issue 6): the form's required fields, optional fields stored as
 * null when empty, and whether a customer may be deleted (only without any history).
 */
import { isBlankText } from '@shared';

export const CUSTOMER_RULE_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  phoneRequired: 'Telefone é obrigatório',
  /** Shown for a customer a quotation or entry points to that has not reached this device yet. */
  notSyncedYet: 'Cliente ainda não sincronizado',
  /** …and for one that was deleted (here or on another device) after the record was made. */
  removed: 'Cliente removido',
} as const;

/**
 * The customer's name as a quotation or entry shows it: the name; for a deleted customer
 * 'Fulano (cliente removido)' (or 'Cliente removido' when its name is unknown); for one not on
 * this device yet 'Cliente ainda não sincronizado'.
 */
export function referencedCustomerLabel(name: string | null | undefined, removedName: string | null | undefined): string {
  if (name) return name;
  if (removedName != null) return removedName ? `${removedName} (cliente removido)` : CUSTOMER_RULE_MESSAGES.removed;
  return CUSTOMER_RULE_MESSAGES.notSyncedYet;
}

export interface CustomerInput {
  name?: string | null;
  phone?: string | null;
  whatsapp?: string | null;
  description?: string | null;
}

export type CustomerFieldErrors = Partial<Record<'name' | 'phone', string>>;

/** Trimmed text, or null when nothing is left (WhatsApp and Descrição are stored as null when empty). */
export function emptyToNull(value: string | null | undefined): string | null {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
}

/** Every required-field message at once (the form shows both when both are missing). */
export function validateCustomerInput(input: CustomerInput): CustomerFieldErrors {
  const errors: CustomerFieldErrors = {};
  // The server refuses the same blanks (schemas/rules.ts REQUIRED_TEXT_FIELDS).
  if (isBlankText(input.name)) errors.name = CUSTOMER_RULE_MESSAGES.nameRequired;
  if (isBlankText(input.phone)) errors.phone = CUSTOMER_RULE_MESSAGES.phoneRequired;
  return errors;
}

/** What the form stores: trimmed name/phone, optional fields null when empty. */
export function normalizeCustomerInput(input: CustomerInput): {
  name: string;
  phone: string;
  whatsapp: string | null;
  description: string | null;
} {
  return {
    name: (input.name ?? '').trim(),
    phone: (input.phone ?? '').trim(),
    whatsapp: emptyToNull(input.whatsapp),
    description: emptyToNull(input.description),
  };
}

export interface CustomerHistoryCounts {
  quotations: number;
  transactions: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A customer with quotations or transactions is never deleted (their history would lose its
 * customer): the refusal says how many of each. Null when the customer may be deleted.
 */
export function customerDeleteRefusal(counts: CustomerHistoryCounts): string | null {
  const parts: string[] = [];
  if (counts.quotations > 0) parts.push(plural(counts.quotations, 'orçamento', 'orçamentos'));
  if (counts.transactions > 0) parts.push(plural(counts.transactions, 'transação', 'transações'));
  if (parts.length === 0) return null;
  return `Este cliente não pode ser excluído: possui ${parts.join(' e ')}.`;
}

/** Counts per customer id from any list of documents carrying customer_id (computed once per change). */
export function countByCustomer(docs: Iterable<{ customer_id?: string | null }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of docs) {
    const id = d.customer_id;
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * Stands in for a customer a document points to that has not reached this device yet (a
 * quotation or an entry synced before its customer): editing that document keeps the link
 * instead of clearing it. Its name is what the screens show until the customer arrives.
 */
export function customerNotYetSynced<C extends { id: string; name: string }>(id: string): C {
  const at = new Date(0).toISOString();
  const name = CUSTOMER_RULE_MESSAGES.notSyncedYet;
  return { id, name, phone: '', whatsapp: null, description: null, created_at: at, updated_at: at, client_updated_at: at, created_by: null } as unknown as C;
}
