/**
 * Issue 38: CPF/CNPJ and CEP fields punctuate as the person types, the caret staying after the
 * character just typed; backspace over a separator deletes the character before it.
 */
import { describe, expect, it } from 'vitest';
import { editCepText, editTaxIdText, maskCepText, maskTaxIdText } from '../../../src/domain/fiscal-mask';

/** Types `keys` one by one at the end, as a thumb would, through the edit function. */
function typeAtEnd(edit: typeof editTaxIdText, keys: string): string[] {
  let text = '';
  const seen: string[] = [];
  for (const k of keys) {
    const raw = text + k;
    const r = edit(text, raw, raw.length);
    expect(r.caret).toBe(r.text.length);
    text = r.text;
    seen.push(text);
  }
  return seen;
}

describe('CPF/CNPJ mask', () => {
  it('a CPF punctuates digit by digit', () => {
    expect(typeAtEnd(editTaxIdText, '52998224725')).toEqual([
      '5', '52', '529', '529.9', '529.98', '529.982', '529.982.2', '529.982.24', '529.982.247', '529.982.247-2', '529.982.247-25',
    ]);
  });
  it('a 12th character turns it into a CNPJ; letters (alphanumeric CNPJ) are upper-cased', () => {
    expect(typeAtEnd(editTaxIdText, '11222333000181').at(-1)).toBe('11.222.333/0001-81');
    expect(typeAtEnd(editTaxIdText, '12abc34501de35').at(-1)).toBe('12.ABC.345/01DE-35');
    expect(maskTaxIdText('12a')).toBe('12.A');
  });
  it('a paste is taken as it is, punctuation or not; nothing beyond 14 characters', () => {
    expect(maskTaxIdText('529.982.247-25')).toBe('529.982.247-25');
    expect(maskTaxIdText(' 12.ABC.345/01DE-35 ')).toBe('12.ABC.345/01DE-35');
    expect(maskTaxIdText('112223330001819999')).toBe('11.222.333/0001-81');
    expect(maskTaxIdText('')).toBe('');
  });
  it('a digit typed in the middle stays where the caret was', () => {
    // '529.|982' + '1' → '529.1|98.2'
    const r = editTaxIdText('529.982', '529.1982', 5);
    expect(r.text).toBe('529.198.2');
    expect(r.text.slice(0, r.caret)).toBe('529.1');
  });
  it('backspace right after a separator deletes the digit before it (not eaten)', () => {
    // '529.|982' backspace removes the '.', the mask would put it back: the 9 goes instead.
    const r = editTaxIdText('529.982', '529982', 3, 'deleteContentBackward');
    expect(r.text).toBe('529.82');
    expect(r.caret).toBe(2);
    const d = editTaxIdText('529.982', '529982', 3, 'deleteContentForward');
    expect(d.text).toBe('529.82');
    expect(d.caret).toBe(3);
  });
});

describe('CEP mask', () => {
  it('12345-678 as typed, digits only, 8 at most', () => {
    expect(typeAtEnd(editCepText, '30130010')).toEqual(['3', '30', '301', '3013', '30130', '30130-0', '30130-01', '30130-010']);
    expect(maskCepText('30130-0109')).toBe('30130-010');
    expect(maskCepText('ab30.130-010')).toBe('30130-010');
  });
  it('a letter typed is not taken and the caret does not move', () => {
    const r = editCepText('30130', '30130x', 6);
    expect(r).toEqual({ text: '30130', caret: 5 });
  });
});
