/**
 * Money rules. Amounts travel as numbers in reais (2 decimals); arithmetic happens in integer
 * cents so 0.1 + 0.2 never shows up as R$ 0,30000000000000004.
 *
 * Formatting: 'R$ 1.234,50' with a plain ASCII space after 'R$' (not the NBSP Intl emits), so
 * the same string is produced in every runtime and tests/users can type what they see.
 */

/** Reais → integer cents (rounded half away from zero on the 3rd decimal). */
export function toCents(reais: number): number {
  if (!Number.isFinite(reais)) return 0;
  // toFixed(2) on the absolute value avoids 1.005 * 100 = 100.49999 style errors.
  const sign = reais < 0 ? -1 : 1;
  const cents = Math.round(Number((Math.abs(reais) * 100).toPrecision(15)));
  return sign * cents;
}

/** Integer cents → reais (number with at most 2 decimals). */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 1234.5 → '1.234,50' (no currency prefix). */
export function formatDecimalBR(reais: number, decimals = 2): string {
  const cents = toCents(reais);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, '0');
  const body = decimals === 0 ? groupThousands(String(Math.round(abs / 100))) : `${groupThousands(String(whole))},${frac}`;
  return negative && abs !== 0 ? `-${body}` : body;
}

/** 1234.5 → 'R$ 1.234,50'; -3 → '-R$ 3,00'. Non-finite values format as R$ 0,00. */
export function formatBRL(reais: number | null | undefined): string {
  const value = typeof reais === 'number' && Number.isFinite(reais) ? reais : 0;
  const cents = toCents(value);
  const body = formatDecimalBR(Math.abs(cents) / 100);
  return cents < 0 ? `-R$ ${body}` : `R$ ${body}`;
}

/** Same as formatBRL for an amount already in cents. */
export function formatCentsBRL(cents: number): string {
  return formatBRL(fromCents(cents));
}

/**
 * Parses money typed the pt-BR way and returns reais, or null when it is not a number.
 * Accepts 'R$ 1.234,50', '1234,5', '1.234' (thousands), '1234.50' (a lone dot followed by
 * 1–2 digits is taken as the decimal point), '-10,00'. An empty input is 0 (spec §5:
 * "An empty number becomes 0"). More than 2 decimals are rounded to cents.
 */
export function parseBRL(input: string | null | undefined): number | null {
  if (input == null) return 0;
  let s = String(input).replace(/R\$/gi, '').replace(/[\s\u00a0\u202f]/g, '');
  if (s === '') return 0;
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  }
  let normalized: string;
  if (s.includes(',')) {
    // ',' is the decimal separator; dots must be well-placed thousands separators.
    const [intPart, frac, ...rest] = s.split(',');
    if (rest.length > 0) return null;
    if (intPart.includes('.') && !/^\d{1,3}(\.\d{3})+$/.test(intPart)) return null;
    normalized = `${intPart.replace(/\./g, '') || '0'}.${frac}`;
    if (!/^\d+\.\d*$/.test(normalized)) return null;
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
    normalized = s.replace(/\./g, '');
  } else if (/^\d*\.\d{1,2}$/.test(s) || /^\d+$/.test(s)) {
    normalized = s;
  } else {
    return null;
  }
  const value = Number(normalized);
  if (!Number.isFinite(value)) return null;
  const cents = toCents(value);
  return fromCents(negative ? -cents : cents);
}

/** Sum of amounts in reais, computed in cents. */
export function sumReais(values: readonly number[]): number {
  return fromCents(values.reduce((acc, v) => acc + toCents(v), 0));
}

/** quantity × unit price, in cents (quantity is a whole number per spec §3). */
export function lineTotalCents(quantity: number, price: number): number {
  return Math.round(quantity) * toCents(price);
}

/** Sum of quantity × price over material lines, in reais. */
export function materialsTotal(materials: readonly { quantity: number; price: number }[]): number {
  return fromCents(materials.reduce((acc, m) => acc + lineTotalCents(m.quantity, m.price), 0));
}
