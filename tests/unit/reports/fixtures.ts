import type { TransactionInput } from '../../../src/domain/reports';

let n = 0;
/** A transaction document; `at` is the instant (ISO, UTC). */
export function tx(fields: Partial<TransactionInput> & { at?: string }): TransactionInput {
  const { at, ...rest } = fields;
  n++;
  return {
    id: `t${n}`,
    type: 'entrada',
    customer_id: null,
    name: null,
    category: null,
    description: `tx ${n}`,
    amount: 10,
    payment_method: 'pix',
    payment_status: 'pago',
    due_date: null,
    created_at: at ?? '2026-03-10T15:00:00.000Z',
    ...rest,
  };
}
