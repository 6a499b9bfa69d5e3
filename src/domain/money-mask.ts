/**
 * What a money field shows while the user types (spec §5: prefix 'R$ ', '.' thousands, ','
 * decimals, 2 decimals, an empty number becomes 0). Values are integer cents; the 'R$ '
 * prefix is drawn by the input itself, so these functions handle only the number.
 *
 *   maskMoneyText('1234,5')  → '1.234,5'   (as typed: at most 2 decimals, thousands grouped)
 *   parseMoneyText('1.234,56') → 123456     parseMoneyText('') → 0     parseMoneyText('0,5') → 50
 *   formatMoneyText(123456)  → '1.234,56'  (on blur and for initial values)
 */

const MAX_INTEGER_DIGITS = 10; // numeric(12,2) in the database

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * A single dot followed by 1–2 digits at the end, with no comma, is a decimal point typed on a
 * keypad ('10.5'); '1.234' is thousands. Its index, or -1.
 */
function decimalDotIndex(s: string): number {
  if (!s.includes(',') && /^[\d.]*\.\d{0,2}$/.test(s) && !/^\d{1,3}(\.\d{3})+$/.test(s)) return s.lastIndexOf('.');
  return -1;
}

/**
 * Normalises text typed into a money field: keeps digits and the first ',' (a '.' typed
 * after the last thousands group, like '10.5', is taken as the decimal comma), at most 2
 * decimals, no leading zeros, thousands grouped. Never throws; anything else is dropped.
 */
export function maskMoneyText(raw: string): string {
  let s = String(raw ?? '').replace(/R\$/gi, '').replace(/\s/g, '');
  const dot = decimalDotIndex(s);
  if (dot >= 0) s = `${s.slice(0, dot)},${s.slice(dot + 1)}`;
  const comma = s.indexOf(',');
  const intRaw = (comma >= 0 ? s.slice(0, comma) : s).replace(/\D/g, '');
  const fracRaw = comma >= 0 ? s.slice(comma + 1).replace(/\D/g, '').slice(0, 2) : '';
  let intDigits = intRaw.replace(/^0+(?=\d)/, '').slice(0, MAX_INTEGER_DIGITS);
  if (intDigits === '' && comma >= 0) intDigits = '0';
  const intPart = groupThousands(intDigits);
  return comma >= 0 ? `${intPart},${fracRaw}` : intPart;
}

/** Text of a money field → integer cents; '' → 0. Rounds nothing: at most 2 decimals are kept. */
export function parseMoneyText(text: string): number {
  const masked = maskMoneyText(text);
  if (masked === '') return 0;
  const [intPart, frac = ''] = masked.split(',');
  const whole = Number(intPart.replace(/\./g, '') || '0');
  const cents = Number((frac + '00').slice(0, 2));
  return whole * 100 + cents;
}

/** Integer cents → '1.234,56' (no prefix). Negative values keep their sign. */
export function formatMoneyText(cents: number): string {
  const c = Number.isFinite(cents) ? Math.round(cents) : 0;
  const abs = Math.abs(c);
  const body = `${groupThousands(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, '0')}`;
  return c < 0 ? `-${body}` : body;
}

/** A whole-number field (quantities: 0 decimals): digits only; '' → 0. */
export function parseWholeNumber(text: string): number {
  const digits = String(text ?? '').replace(/\D/g, '').slice(0, 9);
  return digits === '' ? 0 : Number(digits);
}

/** What a money field shows when it is not being edited: the amount, or nothing for zero (placeholder '0,00'). */
export function moneyFieldText(cents: number): string {
  return cents === 0 ? '' : formatMoneyText(cents);
}

export interface MoneyEdit {
  text: string;
  /** Where the caret goes in `text`. */
  caret: number;
}

/**
 * How many characters of maskMoneyText(text) — digits and its comma — stand before the caret at
 * `at`: the same steps as the mask (R$ and spaces dropped, a keypad dot read as the comma, leading
 * zeros dropped, a '0' put before a leading comma, two decimals at most).
 */
function keptBeforeCaret(text: string, at: number): number {
  let caret = at;
  let s = '';
  for (let i = 0; i < text.length; i++) {
    const skip = /\s/.test(text[i]) || (/r/i.test(text[i]) && text[i + 1] === '$') || (text[i] === '$' && /r/i.test(text[i - 1] ?? ''));
    if (skip) {
      if (i < at) caret--;
    } else s += text[i];
  }
  const dot = decimalDotIndex(s);
  if (dot >= 0) s = `${s.slice(0, dot)},${s.slice(dot + 1)}`;
  const comma = s.indexOf(',');
  const intRaw = (comma >= 0 ? s.slice(0, comma) : s).replace(/\D/g, '');
  const intBefore = (comma >= 0 && caret > comma ? s.slice(0, comma) : s.slice(0, caret)).replace(/\D/g, '').length;
  const leadingZeros = intRaw.length - intRaw.replace(/^0+(?=\d)/, '').length;
  const intKept = Math.min(intBefore - Math.min(leadingZeros, intBefore), MAX_INTEGER_DIGITS);
  if (comma < 0 || caret <= comma) return intKept;
  const zeroAdded = intRaw === '' ? 1 : 0;
  const fracBefore = Math.min(s.slice(comma + 1, caret).replace(/\D/g, '').length, 2);
  return intKept + zeroAdded + 1 + fracBefore;
}

/** The index in `masked` just after its `count`-th digit or comma (0 → before the first). */
function indexAfterKept(masked: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/[\d,]/.test(masked[i]) && ++seen === count) return i + 1;
  }
  return masked.length;
}

/**
 * One edit of a money field, as the browser reports it: the text before (`previous`, already
 * masked), the raw text after the keystroke or paste, and the caret in it. The result is masked,
 * with the caret after the same digits it followed — so a digit typed anywhere lands where the
 * thumb put it, thousands dots come and go around it, and:
 * - a digit typed into a full fraction overwrites the decimal after it ('12,|50' + 3 → '12,3|0');
 * - backspace over a thousands dot deletes the digit before it ('1.|234' → '|234');
 * - a paste of 'R$ 1.234,56' (or '1234.56') gives 1.234,56.
 * Never throws.
 */
export function editMoneyText(
  previous: string,
  raw: string,
  caret: number,
  /** InputEvent.inputType: 'deleteContentForward' (Delete key) removes the digit after a dot. */
  inputType?: string,
): MoneyEdit {
  let text = String(raw ?? '');
  let at = Math.max(0, Math.min(caret, text.length));

  // Backspace or Delete that removed only a thousands dot: remove the digit beside it instead.
  if (text.length === previous.length - 1 && previous[at] === '.' && previous.slice(0, at) + previous.slice(at + 1) === text) {
    if (inputType === 'deleteContentForward') text = text.slice(0, at) + text.slice(at + 1);
    else if (at > 0) {
      text = text.slice(0, at - 1) + text.slice(at);
      at -= 1;
    }
  }

  // A digit typed into a fraction that already had two decimals overwrites the next decimal.
  const comma = text.indexOf(',');
  if (comma >= 0 && at > comma) {
    const fraction = text.slice(comma + 1).replace(/\D/g, '');
    if (fraction.length > 2 && text.length === previous.length + 1 && at < text.length) {
      text = text.slice(0, at) + text.slice(at + 1);
    }
  }

  const masked = maskMoneyText(text);
  return { text: masked, caret: indexAfterKept(masked, keptBeforeCaret(text, at)) };
}
