/** Customer rules: required fields, optional fields stored as null, the delete rule, counts. */
import { describe, expect, it } from 'vitest';
import {
  countByCustomer,
  referencedCustomerLabel,
  customerDeleteRefusal,
  emptyToNull,
  normalizeCustomerInput,
  validateCustomerInput,
} from '../../../src/domain/customers';

describe('customer form validation', () => {
  it('reports both required fields at once, with the spec texts', () => {
    expect(validateCustomerInput({ name: '', phone: '   ' })).toEqual({
      name: 'Nome é obrigatório',
      phone: 'Telefone é obrigatório',
    });
    expect(validateCustomerInput({ name: 'Ana', phone: '' })).toEqual({ phone: 'Telefone é obrigatório' });
    expect(validateCustomerInput({ name: '  ', phone: '31 9' })).toEqual({ name: 'Nome é obrigatório' });
    expect(validateCustomerInput({ name: 'Ana', phone: '31 9' })).toEqual({});
  });

  it('stores empty WhatsApp and Descrição as null and trims the rest', () => {
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull(undefined)).toBeNull();
    expect(emptyToNull(' x ')).toBe('x');
    expect(normalizeCustomerInput({ name: ' Ana ', phone: ' 31 ', whatsapp: '', description: '   ' })).toEqual({
      name: 'Ana',
      phone: '31',
      whatsapp: null,
      description: null,
    });
  });
});

describe('deleting a customer', () => {
  it('is allowed only without quotations and transactions', () => {
    expect(customerDeleteRefusal({ quotations: 0, transactions: 0 })).toBeNull();
  });

  it('says how many of each when refused (singular and plural)', () => {
    expect(customerDeleteRefusal({ quotations: 2, transactions: 1 })).toBe(
      'Este cliente não pode ser excluído: possui 2 orçamentos e 1 transação.',
    );
    expect(customerDeleteRefusal({ quotations: 1, transactions: 0 })).toBe(
      'Este cliente não pode ser excluído: possui 1 orçamento.',
    );
    expect(customerDeleteRefusal({ quotations: 0, transactions: 3 })).toBe(
      'Este cliente não pode ser excluído: possui 3 transações.',
    );
  });
});

it('counts documents per customer in one pass, ignoring those without a customer', () => {
  const counts = countByCustomer([
    { customer_id: 'a' },
    { customer_id: 'b' },
    { customer_id: 'a' },
    { customer_id: null },
    {},
  ]);
  expect([...counts.entries()].sort()).toEqual([
    ['a', 2],
    ['b', 1],
  ]);
});

describe('referencedCustomerLabel (issue 18)', () => {
  it('a live customer by name, a deleted one as removed, one not here yet as not synced', () => {
    expect(referencedCustomerLabel('Ana', undefined)).toBe('Ana');
    expect(referencedCustomerLabel(null, 'Ana')).toBe('Ana (cliente removido)');
    expect(referencedCustomerLabel(null, '')).toBe('Cliente removido');
    expect(referencedCustomerLabel(null, undefined)).toBe('Cliente ainda não sincronizado');
  });
});
