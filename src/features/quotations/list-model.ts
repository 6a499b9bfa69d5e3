/**
 * The list's search and filter, in memory over one live query (fast with thousands of
 * quotations: the search text of each row is normalised once per data change, not per keystroke).
 */
import type { CustomerDoc, QuotationDoc } from '@shared';
import { referencedCustomerLabel } from '../../domain/customers';
import { normalizeForSearch } from '../../domain/search';
import { quotationDisplayStatus } from '../../domain/quotation-status';

/** 'pending' is still open; 'expired' (Vencido) is pending past its validity date. */
export type StatusFilter = 'all' | 'pending' | 'expired' | 'accepted' | 'rejected';

export type QuotationRow = {
  q: QuotationDoc;
  customer: CustomerDoc | null;
  key: string;
  /** Set when the customer was deleted: its last name ('' when unknown). */
  removedCustomer?: string;
};

/** What the list shows in the customer column. */
export function customerColumn(r: Pick<QuotationRow, 'q' | 'customer' | 'removedCustomer'>, noCustomer: string): string {
  if (!r.q.customer_id) return r.customer?.name ?? noCustomer;
  return referencedCustomerLabel(r.customer?.name, r.removedCustomer);
}

/** Rows in the given order (newest first from the query), each with its search key. */
export function buildRows(quotations: readonly QuotationDoc[], customers: ReadonlyMap<string, CustomerDoc>): QuotationRow[] {
  return quotations.map((q) => {
    const customer = q.customer_id ? customers.get(q.customer_id) ?? null : null;
    return { q, customer, key: normalizeForSearch(`${q.code}\n${customer?.name ?? ''}\n${q.description}`) };
  });
}

/**
 * Rows whose code, customer name or description contain the text (accent/case-insensitive) and
 * match the status as shown at `now` (Pendente and Vencido apart).
 */
export function filterRows(rows: readonly QuotationRow[], text: string, status: StatusFilter, now: Date | number = Date.now()): QuotationRow[] {
  const q = normalizeForSearch(text);
  if (q === '' && status === 'all') return rows as QuotationRow[];
  return rows.filter((r) => (status === 'all' || quotationDisplayStatus(r.q, now) === status) && (q === '' || r.key.includes(q)));
}
