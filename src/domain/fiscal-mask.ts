/**
 * What the CPF/CNPJ and CEP fields show while a person types (issue 38): the punctuation comes in
 * as the characters do — '529982' → '529.982', '12abc' → '12.ABC' — and the caret stays after the
 * character just typed, wherever the thumb put it (the same way as money-mask.ts):
 *
 *   maskTaxIdText('52998224725')    → '529.982.247-25'       (up to 11 digits: a CPF)
 *   maskTaxIdText('12abc34501de35') → '12.ABC.345/01DE-35'   (a letter, or a 12th character: a CNPJ)
 *   maskCepText('30130010')         → '30130-010'
 *   maskCnpjText('11222333')       → '11.222.333'             (Configurações › Fiscal: always a CNPJ)
 *   maskServiceCodeText('140101')  → '14.01.01'
 *
 * Punctuation typed or pasted is dropped and put back where it belongs; anything past the 14th
 * (8th) character is not taken. Never throws.
 */

export interface MaskEdit {
  text: string;
  /** Where the caret goes in `text`. */
  caret: number;
}

interface Mask {
  /** The characters a value is made of (others are punctuation, dropped). */
  keep: RegExp;
  max: number;
  /** The kept characters with their punctuation, no separator after the last one. */
  format: (kept: string) => string;
}

/** Puts `seps[i]` before the kept character at `at[i]` when there is one. */
function withSeparators(kept: string, at: readonly number[], seps: readonly string[]): string {
  let out = '';
  for (let i = 0; i < kept.length; i++) {
    const k = at.indexOf(i);
    if (k >= 0) out += seps[k];
    out += kept[i];
  }
  return out;
}

const TAX_ID: Mask = {
  keep: /[0-9A-Za-z]/,
  max: 14,
  format: (kept) =>
    kept.length <= 11 && /^\d*$/.test(kept)
      ? withSeparators(kept, [3, 6, 9], ['.', '.', '-'])
      : withSeparators(kept, [2, 5, 8, 12], ['.', '.', '/', '-']),
};

/** Configurações › Fiscal's CNPJ: a CNPJ from the first character (never read as a CPF). */
const CNPJ: Mask = {
  keep: /[0-9A-Za-z]/,
  max: 14,
  format: (kept) => withSeparators(kept, [2, 5, 8, 12], ['.', '.', '/', '-']),
};

/** A service code of the Lista de Serviços Nacional (cTribNac) as the accountant writes it: 14.01.01. */
const SERVICE_CODE: Mask = {
  keep: /\d/,
  max: 6,
  format: (kept) => withSeparators(kept, [2, 4], ['.', '.']),
};

const CEP: Mask = {
  keep: /\d/,
  max: 8,
  format: (kept) => withSeparators(kept, [5], ['-']),
};

function keptOf(mask: Mask, text: string): string {
  let kept = '';
  for (const c of text) if (mask.keep.test(c)) kept += c.toUpperCase();
  return kept.slice(0, mask.max);
}

function mask(m: Mask, raw: string): string {
  return m.format(keptOf(m, String(raw ?? '')));
}

/** The index in `masked` just after its `count`-th kept character (0 → before the first). */
function indexAfterKept(m: Mask, masked: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) if (m.keep.test(masked[i]) && ++seen === count) return i + 1;
  return masked.length;
}

/**
 * One edit as the browser reports it: the text before (already masked), the raw text after the
 * keystroke or paste, the caret in it, and InputEvent.inputType. Backspace over a separator
 * deletes the character before it (Delete: the one after), so a key is never eaten.
 */
function edit(m: Mask, previous: string, raw: string, caret: number, inputType?: string): MaskEdit {
  let text = String(raw ?? '');
  let at = Math.max(0, Math.min(caret, text.length));
  const removedOnlySeparator =
    text.length === previous.length - 1 && previous[at] !== undefined && !m.keep.test(previous[at]) && previous.slice(0, at) + previous.slice(at + 1) === text;
  if (removedOnlySeparator) {
    if (inputType === 'deleteContentForward') text = text.slice(0, at) + text.slice(at + 1);
    else if (at > 0) {
      text = text.slice(0, at - 1) + text.slice(at);
      at -= 1;
    }
  }
  const masked = mask(m, text);
  const before = keptOf(m, text.slice(0, at)).length;
  return { text: masked, caret: indexAfterKept(m, masked, before) };
}

export const maskTaxIdText = (raw: string): string => mask(TAX_ID, raw);
export const maskCepText = (raw: string): string => mask(CEP, raw);

export const editTaxIdText = (previous: string, raw: string, caret: number, inputType?: string): MaskEdit =>
  edit(TAX_ID, previous, raw, caret, inputType);
export const editCepText = (previous: string, raw: string, caret: number, inputType?: string): MaskEdit =>
  edit(CEP, previous, raw, caret, inputType);
export const maskCnpjText = (raw: string): string => mask(CNPJ, raw);
export const maskServiceCodeText = (raw: string): string => mask(SERVICE_CODE, raw);
export const editCnpjText = (previous: string, raw: string, caret: number, inputType?: string): MaskEdit =>
  edit(CNPJ, previous, raw, caret, inputType);
export const editServiceCodeText = (previous: string, raw: string, caret: number, inputType?: string): MaskEdit =>
  edit(SERVICE_CODE, previous, raw, caret, inputType);
