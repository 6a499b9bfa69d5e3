import { describe, expect, test } from 'vitest';
import { formatMoneyText, maskMoneyText, parseMoneyText, parseWholeNumber } from '../../../src/domain/money-mask';

describe('money field text (R$ mask)', () => {
  test('parses the pt-BR way into integer cents', () => {
    expect(parseMoneyText('1.234,56')).toBe(123456);
    expect(parseMoneyText('0,5')).toBe(50);
    expect(parseMoneyText('')).toBe(0);
    expect(parseMoneyText('R$ 10')).toBe(1000);
    expect(parseMoneyText('10.5')).toBe(1050);
    expect(parseMoneyText('1.000')).toBe(100000);
  });
  test('formats cents with thousands and two decimals', () => {
    expect(formatMoneyText(123456)).toBe('1.234,56');
    expect(formatMoneyText(0)).toBe('0,00');
    expect(formatMoneyText(50)).toBe('0,50');
    expect(formatMoneyText(100000000)).toBe('1.000.000,00');
  });
  test('masks while typing: groups thousands, one comma, at most 2 decimals, no letters', () => {
    expect(maskMoneyText('1234')).toBe('1.234');
    expect(maskMoneyText('1234,567')).toBe('1.234,56');
    expect(maskMoneyText('12a,3,4')).toBe('12,34');
    expect(maskMoneyText(',5')).toBe('0,5');
    expect(maskMoneyText('007')).toBe('7');
    expect(maskMoneyText('')).toBe('');
  });
  test('what is shown parses back to the same cents', () => {
    for (const cents of [0, 1, 99, 100, 123456, 999999999]) expect(parseMoneyText(formatMoneyText(cents))).toBe(cents);
  });
  test('0.1 + 0.2 typed as money adds up exactly in cents', () => {
    expect(parseMoneyText('0,1') + parseMoneyText('0,2')).toBe(parseMoneyText('0,3'));
  });
});

test('quantities are whole numbers; empty is 0', () => {
  expect(parseWholeNumber('12')).toBe(12);
  expect(parseWholeNumber('1,5')).toBe(15);
  expect(parseWholeNumber('')).toBe(0);
});
