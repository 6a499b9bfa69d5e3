/** Issue 32: a spreadsheet's cells read the Brazilian way, and its columns matched by their names. */
import { describe, expect, it } from 'vitest';
import { readDate, readMoney, readPhone, readQuantity } from '../../../../src/domain/import/values';
import { matchHeaders, normalizeHeader } from '../../../../src/domain/import/headers';

const value = <T,>(r: { ok: true; value: T } | { ok: false; reason: string }) => (r.ok ? r.value : `✗ ${r.reason}`);

describe('money', () => {
  it('reads what a Brazilian sheet writes', () => {
    expect(value(readMoney('R$ 1.234,50'))).toBe(123450);
    expect(value(readMoney('R$\u00a01.234,50'))).toBe(123450);
    expect(value(readMoney('1234,5'))).toBe(123450);
    expect(value(readMoney('1.234'))).toBe(123400);
    expect(value(readMoney('12.345.678,90'))).toBe(1234567890);
    expect(value(readMoney('0,99'))).toBe(99);
    expect(value(readMoney(1234.5))).toBe(123450);
  });
  it('and what other exports write: a decimal point, negatives', () => {
    expect(value(readMoney('1234.50'))).toBe(123450);
    expect(value(readMoney('1,234.50'))).toBe(123450);
    expect(value(readMoney('-50,00'))).toBe(-5000);
    expect(value(readMoney('(50,00)'))).toBe(-5000);
    expect(value(readMoney('-R$ 50,00'))).toBe(-5000);
  });
  it('refuses with a reason instead of guessing', () => {
    expect(value(readMoney(''))).toBe('✗ valor em branco');
    expect(value(readMoney('abc'))).toBe('✗ valor inválido');
    expect(value(readMoney('10,005'))).toBe('✗ valor com mais de 2 casas decimais');
    expect(value(readMoney(10.005))).toBe('✗ valor com mais de 2 casas decimais');
    expect(value(readMoney('=HYPERLINK("x")'))).toBe('✗ valor inválido');
    expect(value(readMoney('9'.repeat(20)))).toBe('✗ valor grande demais');
  });
});

describe('dates', () => {
  it('dd/MM/yyyy, dd/MM/yy, ISO and Excel serials', () => {
    expect(value(readDate('27/11/2026'))).toBe('2026-11-27');
    expect(value(readDate('27/11/26'))).toBe('2026-11-27');
    expect(value(readDate('5/3/2026'))).toBe('2026-03-05');
    expect(value(readDate('27-11-2026'))).toBe('2026-11-27');
    expect(value(readDate('2026-11-27'))).toBe('2026-11-27');
    expect(value(readDate('2026-11-27T10:00:00Z'))).toBe('2026-11-27');
    expect(value(readDate(46353))).toBe('2026-11-27');
    expect(value(readDate('46353'))).toBe('2026-11-27');
    expect(value(readDate(new Date(Date.UTC(2026, 10, 27))))).toBe('2026-11-27');
    expect(value(readDate('01/01/99'))).toBe('1999-01-01');
  });
  it('impossible dates are refused', () => {
    expect(value(readDate('31/02/2026'))).toBe('✗ data inválida');
    expect(value(readDate('2026-13-01'))).toBe('✗ data inválida');
    expect(value(readDate('amanhã'))).toBe('✗ data inválida (use dd/mm/aaaa)');
    expect(value(readDate(''))).toBe('✗ data em branco');
  });
});

describe('phones', () => {
  it('any punctuation, with or without 55', () => {
    expect(value(readPhone('35991234567'))).toBe('(35) 99123-4567');
    expect(value(readPhone('+55 (35) 99123-4567'))).toBe('(35) 99123-4567');
    expect(value(readPhone('55 35 3644-1234'))).toBe('(35) 3644-1234');
    expect(value(readPhone('035 99123.4567'))).toBe('(35) 99123-4567');
    // DDD 55 (Santa Maria, RS) is not the country code.
    expect(value(readPhone('(55) 99123-4567'))).toBe('(55) 99123-4567');
    expect(value(readPhone(5535991234567))).toBe('(35) 99123-4567');
  });
  it('a number without DDD is reported', () => {
    expect(value(readPhone('99123-4567'))).toBe('✗ telefone sem DDD ou com dígitos a mais');
  });
});

describe('quantities', () => {
  it('whole, decimal and grouped', () => {
    expect(value(readQuantity('12'))).toBe(12);
    expect(value(readQuantity('1,5'))).toBe(1.5);
    expect(value(readQuantity('1.234'))).toBe(1234);
    expect(value(readQuantity(3))).toBe(3);
    expect(value(readQuantity('-2'))).toBe('✗ quantidade inválida');
  });
});

describe('headers', () => {
  it('are matched by name and variant, case and accents ignored', () => {
    expect(normalizeHeader('  Observação / Descrição ')).toBe('observacao / descricao');
    expect(normalizeHeader('Entrada/Saída')).toBe('entrada/saida');
    expect(matchHeaders('customers', ['CLIENTE', 'Celular', 'WhatsApp', 'Observação'])).toEqual({ name: 0, phone: 1, whatsapp: 2, description: 3, tax_id: null, cnpj: null, street: null, number: null, complement: null, cep: null, district: null, city: null, uf: null });
    expect(matchHeaders('customers', ['Nome', 'Fone', 'Anotações'])).toEqual({ name: 0, phone: 1, whatsapp: null, description: 2, tax_id: null, cnpj: null, street: null, number: null, complement: null, cep: null, district: null, city: null, uf: null });
  });
  it('use each column once, exact names before prefixes', () => {
    expect(matchHeaders('transactions', ['Data', 'Vencimento', 'Valor', 'Tipo', 'Forma de pagamento', 'Status', 'Cliente', 'Descrição'])).toEqual({
      amount: 2, date: 0, due_date: 1, type: 3, payment_method: 4, payment_status: 5, customer: 6, description: 7, category: null,
    });
    expect(matchHeaders('stock', ['Categoria', 'Tipo', 'Material', 'Espessura', 'Dimensão', 'Quantidade', 'Quantidade mínima'])).toEqual({
      category: 0, type: 1, material: 2, thickness: 3, dimension: 4, quantity: 5, min_quantity: 6, description: null,
    });
    expect(matchHeaders('customers', ['Telefone 1', 'Telefone 2', 'Nome'])).toMatchObject({ name: 2, phone: 0 });
  });
});
