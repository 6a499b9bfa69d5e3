/** A public quotation as the API answers it, for the public quotation page's tests. */
import type { PublicQuotation } from '@shared';

export function publicQuotation(overrides: Partial<PublicQuotation> = {}): PublicQuotation {
  return {
    code: 'ORC-ABC123',
    created_at: '2026-11-20T14:30:00Z',
    description: 'Portão de correr',
    status: 'pending',
    expired: false,
    total_amount: 1234.5,
    discounts: 0,
    taxes: 0,
    payment_method: 'PIX à vista',
    validity_date: '2031-03-09',
    execution_deadline: '10 dias úteis',
    materials: [],
    viewed_at: null,
    decided_at: null,
    decision_reason: null,
    customer: { name: 'Maria Souza' },
    ...overrides,
  };
}
