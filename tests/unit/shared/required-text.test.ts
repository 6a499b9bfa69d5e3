/**
 * The required-text rule both sides share (schemas/rules.ts): the app's forms refuse exactly the
 * blanks the server refuses on push (tests/server/sync-required-text.test.ts), so a document the
 * form saved is never refused later for it, and nothing blank slips past the form either.
 */
import { describe, expect, test } from 'vitest';
import { blankRequiredFields, isBlankText } from '@shared';
import { validateCustomerInput } from '../../../src/domain/customers';
import { validateQuotationDraft, type QuotationDraft } from '../../../src/domain/quotation-form';

const SAMPLES = ['', ' ', '   ', '\t', '\n \r\n', '\u00a0', '\u2003\u3000', '\ufeff', 'a', ' Ana ', '.', '0'];

const draft = (over: Partial<QuotationDraft>): QuotationDraft => ({
  customerId: 'c1',
  description: 'Portão basculante',
  materials: [{ name: 'Tubo 40x40', quantity: 3, priceCents: 4590 }],
  discountCents: 0,
  taxesCents: 0,
  totalCents: 13770,
  paymentMethod: 'PIX',
  validityDate: '2026-04-10',
  executionDeadline: '10 dias',
  ...over,
});

describe('required texts', () => {
  test('blank is nothing but spaces of any kind', () => {
    expect(SAMPLES.filter(isBlankText)).toEqual(['', ' ', '   ', '\t', '\n \r\n', '\u00a0', '\u2003\u3000', '\ufeff']);
    expect(isBlankText(null)).toBe(true);
    expect(isBlankText(undefined)).toBe(true);
  });

  test('the customer form and the server refuse the same names and phones', () => {
    for (const s of SAMPLES) {
      const form = Object.keys(validateCustomerInput({ name: s, phone: s })).sort();
      expect(form, JSON.stringify(s)).toEqual(blankRequiredFields('customers', { name: s, phone: s }).sort());
    }
  });

  test('the quotation form and the server refuse the same descriptions, payment methods, deadlines and material names', () => {
    const formField = { description: 'description', payment: 'payment_method', deadline: 'execution_deadline', materials: 'materials' } as const;
    for (const s of SAMPLES) {
      const errors = validateQuotationDraft(
        draft({ description: s, paymentMethod: s, executionDeadline: s, materials: [{ name: s, quantity: 1, priceCents: 100 }] }),
      );
      const form = Object.keys(errors).map((k) => formField[k as keyof typeof formField]).sort();
      const server = blankRequiredFields('quotations', {
        description: s,
        payment_method: s,
        execution_deadline: s,
        materials: [{ name: s, quantity: 1, price: 1 }],
      }).sort();
      expect(form, JSON.stringify(s)).toEqual(server);
    }
  });
});
