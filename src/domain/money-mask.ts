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
 * Normalises text typed into a money field: keeps digits and the first ',' (a '.' typed
 * after the last thousands group, like '10.5', is taken as the decimal comma), at most 2
 * decimals, no leading zeros, thousands grouped. Never throws; anything else is dropped.
 */
export function maskMoneyText(raw: string): string {
  let s = String(raw ?? '').replace(/R\$/gi, '').replace(/\s/g, '');
  // A single dot followed by 1–2 digits at the end is a decimal point typed on a keypad.
  if (!s.includes(',') && /^[\d.]*\.\d{0,2}$/.test(s) && !/^\d{1,3}(\.\d{3})+$/.test(s)) {
    const i = s.lastIndexOf('.');
    s = `${s.slice(0, i)},${s.slice(i + 1)}`;
  }
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
