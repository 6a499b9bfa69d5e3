import { describe, expect, it } from 'vitest';
import {
  customerSearchQuery, decideCodeRetry, findIdenticalRecent, findSimilarRecent, quotationTotalCents,
  meaningfulMaterials, resetDecision, searchCustomersByName, totalsSimilar, validateQuotationDraft, QUOTATION_FORM_MESSAGES as M,
  type QuotationDraft, type StoredQuotationLike,
} from '../../../src/domain/quotation-form';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');
const draft = (over: Partial<QuotationDraft> = {}): QuotationDraft => ({
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
const stored = (msAgo: number, over: Partial<StoredQuotationLike> = {}): StoredQuotationLike => ({
  id: 'q1',
  customer_id: 'c1',
  description: 'Portão basculante',
  total_amount: 137.7,
  payment_method: 'PIX',
  materials: [{ name: 'Tubo 40x40', quantity: 3, price: 45.9 }],
  created_at: new Date(T0 - msAgo).toISOString(),
  client_updated_at: new Date(T0 - msAgo).toISOString(),
  ...over,
});

describe('total in cents', () => {
  it('Σ quantity × price − discount + taxes, exact in cents', () => {
    const mats = [
      { name: 'a', quantity: 3, priceCents: 10 },
      { name: 'b', quantity: 7, priceCents: 1999 },
    ];
    expect(quotationTotalCents(mats, 0, 0)).toBe(30 + 13993);
    expect(quotationTotalCents(mats, 23, 100)).toBe(30 + 13993 - 23 + 100);
    // 0.1 + 0.2 style sums stay exact
    expect(quotationTotalCents([{ name: 'x', quantity: 1, priceCents: 10 }, { name: 'y', quantity: 1, priceCents: 20 }], 0, 0)).toBe(30);
  });
  it('never below zero; fractional quantities are rounded to whole numbers', () => {
    expect(quotationTotalCents([{ name: 'a', quantity: 1, priceCents: 100 }], 500, 0)).toBe(0);
    expect(quotationTotalCents([{ name: 'a', quantity: 2.4, priceCents: 100 }], 0, 0)).toBe(200);
  });
});

describe('validation (spec §5)', () => {
  it('a customer must be selected and the required fields filled', () => {
    const e = validateQuotationDraft(draft({ customerId: null, description: ' ', paymentMethod: '', validityDate: '', executionDeadline: '', totalCents: 0 }));
    expect(e.customer).toBe('Por favor, selecione um cliente.');
    expect(Object.keys(e).sort()).toEqual(['customer', 'description', 'payment', 'total', 'validity']);
    expect(validateQuotationDraft(draft())).toEqual({});
  });
  it('Prazo de Execução is optional (issue 39): empty or blank, the draft is valid', () => {
    expect(validateQuotationDraft(draft({ executionDeadline: '' }))).toEqual({});
    expect(validateQuotationDraft(draft({ executionDeadline: '   ' }))).toEqual({});
  });
  it('materials are optional: the blank line the form starts with (quantity 1) and blank lines added later are ignored', () => {
    const blank = { name: '', quantity: 1, priceCents: 0 };
    expect(validateQuotationDraft(draft({ materials: [blank] }))).toEqual({});
    expect(validateQuotationDraft(draft({ materials: [blank, { name: '  ', quantity: 5, priceCents: 0 }] }))).toEqual({});
    expect(meaningfulMaterials([blank, { name: 'Eletrodo', quantity: 1, priceCents: 0 }])).toEqual([{ name: 'Eletrodo', quantity: 1, priceCents: 0 }]);
  });
  it('a line with a price but no name still asks for the name', () => {
    expect(validateQuotationDraft(draft({ materials: [{ name: '', quantity: 1, priceCents: 1500 }] }))).toEqual({ materials: M.materialNameRequired });
  });
});

describe('duplicate guard 1: identical within 10 s', () => {
  it('refuses at 9.9 s, allows at 10.1 s', () => {
    expect(findIdenticalRecent(draft(), [stored(9_900)], T0)).not.toBeNull();
    expect(findIdenticalRecent(draft(), [stored(10_100)], T0)).toBeNull();
  });
  it('any difference (customer, description, total, payment, materials) is not identical', () => {
    expect(findIdenticalRecent(draft({ customerId: 'c2' }), [stored(1000)], T0)).toBeNull();
    expect(findIdenticalRecent(draft({ description: 'Outro' }), [stored(1000)], T0)).toBeNull();
    expect(findIdenticalRecent(draft({ totalCents: 13771 }), [stored(1000)], T0)).toBeNull();
    expect(findIdenticalRecent(draft({ paymentMethod: 'Dinheiro' }), [stored(1000)], T0)).toBeNull();
    expect(findIdenticalRecent(draft({ materials: [{ name: 'Tubo 40x40', quantity: 4, priceCents: 4590 }] }), [stored(1000)], T0)).toBeNull();
  });
  it('the quotation being edited is not its own duplicate', () => {
    expect(findIdenticalRecent(draft(), [stored(1000)], T0, 'q1')).toBeNull();
  });
  expect(M.identical).toBe('Orçamento idêntico enviado recentemente. Evitando duplicação.');
});

describe('duplicate guard 2: same customer, < 1 min, total < 5 % apart', () => {
  it('4.9 % apart asks, 5 % does not', () => {
    const earlier = stored(30_000, { total_amount: 1000 });
    expect(findSimilarRecent(draft({ totalCents: 104_900 }), [earlier], T0)).not.toBeNull();
    expect(findSimilarRecent(draft({ totalCents: 95_100 }), [earlier], T0)).not.toBeNull();
    expect(findSimilarRecent(draft({ totalCents: 105_000 }), [earlier], T0)).toBeNull();
    expect(findSimilarRecent(draft({ totalCents: 95_000 }), [earlier], T0)).toBeNull();
    expect(totalsSimilar(0, 0)).toBe(true);
  });
  it('only within the minute and for the same customer', () => {
    expect(findSimilarRecent(draft({ totalCents: 100_000 }), [stored(59_900, { total_amount: 1000 })], T0)).not.toBeNull();
    expect(findSimilarRecent(draft({ totalCents: 100_000 }), [stored(60_100, { total_amount: 1000 })], T0)).toBeNull();
    expect(findSimilarRecent(draft({ totalCents: 100_000, customerId: 'c9' }), [stored(1000, { total_amount: 1000 })], T0)).toBeNull();
  });
});

describe('customer search (spec §5, §9)', () => {
  const customers = ['José da Silva', 'Joana Prado', 'JOÃO Ferreira', 'Maria José', 'Josué Lima', 'Josias', 'Josefa'].map((name, i) => ({ id: String(i), name }));
  it('needs 2 trimmed characters', () => {
    expect(customerSearchQuery(' j ')).toBeNull();
    expect(customerSearchQuery('  jo ')).toBe('jo');
    expect(searchCustomersByName(customers, 'j ')).toEqual([]);
  });
  it('contains, case- and accent-insensitive, at most 5', () => {
    expect(searchCustomersByName(customers, 'jose').map((c) => c.name)).toEqual(['José da Silva', 'Maria José', 'Josefa']);
    expect(searchCustomersByName(customers, 'JOAO').map((c) => c.name)).toEqual(['JOÃO Ferreira']);
    expect(searchCustomersByName(customers, 'jo')).toHaveLength(5);
    expect(searchCustomersByName(customers, 'xyz')).toEqual([]);
  });
});

describe('editing a decided quotation', () => {
  it('goes back to pending and keeps the earlier decision in the history', () => {
    const r = resetDecision({ status: 'rejected', decided_at: '2026-03-01T10:00:00.000Z', decision_reason: 'Caro', decision_history: [] }, '2026-03-02T09:00:00.000Z');
    expect(r).toEqual({
      status: 'pending', decided_at: null, decision_reason: null,
      decision_history: [{ status: 'rejected', decided_at: '2026-03-01T10:00:00.000Z', reason: 'Caro', reset_at: '2026-03-02T09:00:00.000Z' }],
    });
    expect(resetDecision({ status: 'pending' }, 'x')).toBeNull();
  });
});

describe('code collision retry', () => {
  const refused = { collection: 'quotations', id: 'q1', error: 'duplicate_code', document: { id: 'q1', code: 'ORC-AAAAAA', description: 'x' } };
  it('takes a new code not known on this device and keeps the rest of the quotation', () => {
    const seq = [0, 0, 0, 0, 0, 0, 128, 128, 128, 128, 128, 128];
    let i = 0;
    const random = (bytes: Uint8Array) => bytes.map(() => seq[i++ % seq.length]);
    // the first candidate (ORC-222222) is taken here; the second is free
    const d = decideCodeRetry(refused, new Set(['orc-222222']), random);
    expect(d.action).toBe('recode');
    if (d.action !== 'recode') return;
    expect(d.oldCode).toBe('ORC-AAAAAA');
    expect(d.newCode).not.toBe('ORC-222222');
    expect(d.newCode).toMatch(/^ORC-[2-9A-Z]{6}$/);
    expect(d.document).toEqual({ id: 'q1', code: d.newCode, description: 'x' });
  });
  it('leaves other refusals and deleted versions alone', () => {
    expect(decideCodeRetry({ ...refused, error: 'invalid_document' }, new Set()).action).toBe('none');
    expect(decideCodeRetry({ ...refused, collection: 'customers' }, new Set()).action).toBe('none');
    expect(decideCodeRetry({ ...refused, document: { ...refused.document, _deleted: true } }, new Set()).action).toBe('none');
  });
});
