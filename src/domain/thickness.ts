/**
 * Thicknesses in inches the way a metal shop writes them (issue 39): 1/4", 3/16", 1 1/4". Kept
 * apart from catalog.ts so the stock rules (stock.ts, which catalog.ts uses) can read them too.
 */

const MM_PER_INCH = 25.4;
const MARK = `(?:"|''|\u201d|\u2033|pol\\.?|in)`;
/** 1/4", 1/4 pol, 1 1/4", 1-1/4", 1.1/4", 3/16 (a bare fraction is inches), 1" — quotes straight or typographic. */
const INCH = new RegExp(`^(?:(\\d{1,3})(?:\\s+|-|\\.))?(\\d{1,3})\\/(\\d{1,3})\\s*${MARK}?$|^(\\d{1,3})\\s*${MARK}$`, 'i');

/**
 * Inches as written → the name they keep ('1/4"', '1 1/4"', '1"') and the value in mm (6.35;
 * 3/16" → 4.7625, 4 decimals), or null when `text` is no inch measure.
 */
export function parseInches(text: string): { name: string; value: number } | null {
  const m = INCH.exec(text.trim().replace(/\s+/g, ' '));
  if (!m) return null;
  const [, whole, num, den, only] = m;
  if (only === undefined && (Number(den) === 0 || Number(num) === 0)) return null;
  const inches = only !== undefined ? Number(only) : Number(whole ?? 0) + Number(num) / Number(den);
  const value = Math.round(inches * MM_PER_INCH * 10000) / 10000;
  if (!(value > 0)) return null;
  const name = only !== undefined ? `${Number(only)}"` : `${whole ? `${Number(whole)} ` : ''}${Number(num)}/${Number(den)}"`;
  return { name, value };
}

/** True when a thickness entry is named in inches ('1/4"'): its name is how it is shown. */
export const isInchThickness = (name: string | null | undefined): boolean =>
  typeof name === 'string' && /["\u201d\u2033]$/.test(name.trim()) && INCH.test(name.trim());
