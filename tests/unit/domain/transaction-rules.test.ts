import { describe, expect, test } from 'vitest';
import {
  checkDuplicate,
  normalizeDraft,
  registeredBy,
  statusesFor,
  totalsOf,
  validateDraft,
  categoriesFor,
  CATEGORY_LABELS,
  TX_RULE_MESSAGES,
  type RecentTx,
  type TxDraft,
} from '../../../src/domain/transaction-rules';

const NOW = Date.parse('2026-03-10T15:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const base = {
  type: 'saida',
  amount: 150.5,
  customer_id: null,
  name: 'Casa do Aço',
  category: 'material',
  payment_method: 'pix',
  payment_status: 'pago',
  description: 'Chapas 2mm',
};
const recent = (ageMs: number, over: Partial<RecentTx> = {}): RecentTx => ({ ...base, id: `r${ageMs}`, registered_at: ago(ageMs), ...over });

describe('double entries', () => {
  test('an identical transaction 59.9 s ago is refused; 60.1 s ago it is not identical any more', () => {
    expect(checkDuplicate(base, [recent(59_900)], NOW)).toEqual({ kind: 'identical', id: 'r59900' });
    expect(checkDuplicate(base, [recent(60_100)], NOW)).toEqual({ kind: 'none' });
    expect(checkDuplicate(base, [recent(60_000)], NOW).kind).toBe('none');
  });

  test('same type and amount but otherwise different: similar at 44.9 s, nothing at 45.1 s', () => {
    const other = { description: 'Outra coisa', name: 'Outro fornecedor' };
    expect(checkDuplicate(base, [recent(44_900, other)], NOW)).toEqual({ kind: 'similar', id: 'r44900' });
    expect(checkDuplicate(base, [recent(45_100, other)], NOW)).toEqual({ kind: 'none' });
  });

  test('identical between 45 s and 60 s is still refused (identical wins over similar)', () => {
    expect(checkDuplicate(base, [recent(10_000, { description: 'x' }), recent(50_000)], NOW).kind).toBe('identical');
  });

  test('a different amount or type is neither identical nor similar', () => {
    expect(checkDuplicate(base, [recent(1_000, { amount: 150.51 })], NOW).kind).toBe('none');
    expect(checkDuplicate(base, [recent(1_000, { type: 'despesas' })], NOW).kind).toBe('none');
  });

  test('amounts compare in cents (0.1 + 0.2 is 0.30) and text ignores case, accents and spaces', () => {
    const c = { ...base, amount: 0.1 + 0.2, description: '  CHAPAS 2MM ', name: 'casa do aco' };
    expect(checkDuplicate(c, [recent(5_000, { amount: 0.3 })], NOW).kind).toBe('identical');
  });

  test('every compared field matters: another customer, category, method or status is only similar', () => {
    for (const over of [{ customer_id: 'c2' }, { category: 'servico' }, { payment_method: 'dinheiro' }, { payment_status: 'pendente' }]) {
      expect(checkDuplicate(base, [recent(5_000, over)], NOW).kind).toBe('similar');
    }
  });
});

const draft = (over: Partial<TxDraft> = {}): TxDraft => ({
  type: 'entrada',
  customer_id: 'c1',
  name: null,
  category: null,
  description: '',
  amountCents: 1000,
  payment_method: 'pix',
  payment_status: 'pendente',
  due_date: null,
  ...over,
});

describe('validation', () => {
  test('an entrada needs a customer (selected or typed)', () => {
    expect(validateDraft(draft({ customer_id: null }), '  ').customer).toBe(TX_RULE_MESSAGES.customerRequired);
    expect(validateDraft(draft({ customer_id: null }), 'Ana')).toEqual({});
    expect(validateDraft(draft({ type: 'saida', customer_id: null }), '')).toEqual({});
  });
  test('the amount must be greater than zero', () => {
    expect(validateDraft(draft({ amountCents: 0 }), '').amount).toBe('O valor da transação deve ser maior que zero.');
    expect(validateDraft(draft({ amountCents: -5 }), '').amount).toBeDefined();
    expect(validateDraft(draft({ amountCents: 1 }), '')).toEqual({});
  });
});

describe('what is stored per type (spec §5)', () => {
  test('entrada: name null, no category', () => {
    expect(normalizeDraft(draft({ name: 'x', category: 'luz' }))).toMatchObject({ name: null, category: null });
  });
  test('despesas: method n/a, no customer, never parcial; category one of the nine', () => {
    const d = normalizeDraft(draft({ type: 'despesas', payment_status: 'parcial', category: 'equipamentos', customer_id: 'c1' }));
    expect(d).toMatchObject({ payment_method: 'n/a', payment_status: 'pendente', customer_id: null, category: 'equipamentos' });
    expect(categoriesFor('despesas')).toHaveLength(9);
    expect(CATEGORY_LABELS.equipamentos).toBe('Equipamentos Pesados');
    expect(statusesFor('despesas')).not.toContain('parcial');
  });
  test('saída keeps material / serviço / outros in category', () => {
    expect(normalizeDraft(draft({ type: 'saida', category: 'servico' })).category).toBe('servico');
    expect(normalizeDraft(draft({ type: 'saida', category: 'luz' })).category).toBe('material');
  });
});

describe('totals in cents', () => {
  test('entradas, saídas (saida + despesas) and saldo never drift', () => {
    const t = totalsOf([
      { type: 'entrada', amount: 0.1 },
      { type: 'entrada', amount: 0.2 },
      { type: 'saida', amount: 0.3 },
      { type: 'despesas', amount: 1234.5 },
    ]);
    expect(t).toEqual({ incomeCents: 30, expenseCents: 123480, balanceCents: -123450, count: 4 });
  });
  test('empty is zero', () => {
    expect(totalsOf([])).toEqual({ incomeCents: 0, expenseCents: 0, balanceCents: 0, count: 0 });
  });
});

test("'Registrado por': e-mail, 'Usuário' or a dash", () => {
  const emails = new Map([['u1', 'ana@forja.test']]);
  expect(registeredBy('u1', (id) => emails.get(id))).toBe('ana@forja.test');
  expect(registeredBy('u2', (id) => emails.get(id))).toBe('Usuário');
  expect(registeredBy('bob@x.com', () => undefined)).toBe('bob@x.com');
  expect(registeredBy(null, () => undefined)).toBe('—');
});
