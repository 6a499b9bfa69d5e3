import { describe, expect, test } from 'vitest';
import { editMoneyText, formatMoneyText, maskMoneyText, moneyFieldText, parseMoneyText, parseWholeNumber } from '../../../src/domain/money-mask';

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

describe('editing a money field key by key (issue 29: what a thumb types)', () => {
  /** Types `keys` at the caret, as a browser would insert them, through editMoneyText. */
  function type(start: { text: string; caret: number }, keys: string): { text: string; caret: number } {
    let { text, caret } = start;
    for (const key of keys) {
      const raw = text.slice(0, caret) + key + text.slice(caret);
      ({ text, caret } = editMoneyText(text, raw, caret + 1));
    }
    return { text, caret };
  }
  function backspace(start: { text: string; caret: number }) {
    const raw = start.text.slice(0, start.caret - 1) + start.text.slice(start.caret);
    return editMoneyText(start.text, raw, start.caret - 1, 'deleteContentBackward');
  }
  const empty = { text: moneyFieldText(0), caret: 0 };

  test('a zero amount is an empty field (placeholder 0,00), so a tap and digits give the amount', () => {
    expect(moneyFieldText(0)).toBe('');
    expect(moneyFieldText(30000)).toBe('300,00');
    expect(parseMoneyText(type(empty, '300').text)).toBe(30000);
    expect(type(empty, '1234,5')).toEqual({ text: '1.234,5', caret: 7 });
    expect(parseMoneyText(type(empty, '1234,5').text)).toBe(123450);
    expect(type(empty, '10.5').text).toBe('10,5');
    expect(type(empty, ',5')).toEqual({ text: '0,5', caret: 3 });
  });

  test('a digit typed anywhere lands where the caret was, and the caret follows it', () => {
    // '1.2|34,56' + 7 → '12.7|34,56'
    expect(type({ text: '1.234,56', caret: 3 }, '7')).toEqual({ text: '12.734,56', caret: 4 });
    // '|234' + 1 → '1|.234'
    expect(type({ text: '234', caret: 0 }, '1')).toEqual({ text: '1.234', caret: 1 });
    // '300,00|' + 5: two decimals already — the digit is not taken, the amount stays
    expect(type({ text: '300,00', caret: 6 }, '5')).toEqual({ text: '300,00', caret: 6 });
    // '300|,00' + 5 → '3.005|,00'
    expect(type({ text: '300,00', caret: 3 }, '5')).toEqual({ text: '3.005,00', caret: 5 });
  });

  test('a digit typed into full decimals overwrites the next one', () => {
    expect(type({ text: '12,50', caret: 3 }, '3')).toEqual({ text: '12,30', caret: 4 });
    expect(type({ text: '12,50', caret: 3 }, '99')).toEqual({ text: '12,99', caret: 5 });
  });

  test('a digit typed before the last decimal takes its place and stays (issue 40)', () => {
    expect(type({ text: '12,50', caret: 4 }, '3')).toEqual({ text: '12,53', caret: 5 });
    expect(type({ text: '1.234,56', caret: 7 }, '9')).toEqual({ text: '1.234,59', caret: 8 });
  });

  test('an 11th integer digit is refused where it is typed: the column holds 10 (numeric(12,2)) (issue 40)', () => {
    const full = type(empty, '1234567890');
    expect(full).toEqual({ text: '1.234.567.890', caret: 13 });
    expect(type(full, '1').text).toBe('1.234.567.890');
    expect(maskMoneyText('12345678901')).toBe('1.234.567.890');
    expect(parseMoneyText('99999999999,99')).toBe(999_999_999_999);
  });

  test('backspace removes digits, and over a thousands dot removes the digit before it', () => {
    expect(backspace({ text: '1.234,56', caret: 8 })).toEqual({ text: '1.234,5', caret: 7 });
    expect(backspace({ text: '1.234', caret: 2 })).toEqual({ text: '234', caret: 0 });
    expect(backspace({ text: '1.234', caret: 1 })).toEqual({ text: '234', caret: 0 });
    expect(editMoneyText('1.234', '1234', 1, 'deleteContentForward')).toEqual({ text: '134', caret: 1 });
  });

  test('a paste or a select-all-and-type replaces the amount', () => {
    expect(editMoneyText('', 'R$ 1.234,56', 11)).toEqual({ text: '1.234,56', caret: 8 });
    expect(editMoneyText('', 'R$\u00a01.234,56', 11)).toEqual({ text: '1.234,56', caret: 8 });
    expect(editMoneyText('300,00', '7', 1)).toEqual({ text: '7', caret: 1 });
    expect(editMoneyText('', '1234.56', 7).text).toBe('1.234,56');
  });

  test('never throws, whatever arrives', () => {
    for (const raw of ['abc', '', ',,,', 'R$', '....', '9'.repeat(30), '0,0,0']) {
      for (let c = 0; c <= raw.length; c++) {
        const r = editMoneyText('', raw, c);
        expect(r.caret).toBeGreaterThanOrEqual(0);
        expect(r.caret).toBeLessThanOrEqual(r.text.length);
      }
    }
  });
});
