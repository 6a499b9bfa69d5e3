/**
 * Reading a spreadsheet's cells the Brazilian way (issue 32, "Moving in"): what a shop's Excel or
 * old system wrote for money, dates and phones becomes Forja's values, or a reason in pt-BR.
 * Pure: no parsing library here (the file's rows come from papaparse / read-excel-file), no clock.
 *
 *   readMoney('R$ 1.234,50') → { ok: true, cents: 123450 }     readMoney('1234,5') → 123450
 *   readDate('27/11/26') → '2026-11-27'     readDate(46353) (an Excel serial) → '2026-11-27'
 *   readPhone('+55 (35) 99123-4567') → '(35) 99123-4567'
 */

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(reason: string): Read<T> => ({ ok: false, reason });

/** A cell as the readers give it: text from a CSV, a number or a Date from an .xlsx. */
export type Cell = string | number | boolean | Date | null | undefined;

const blank = (cell: Cell) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** Largest amount the database holds: numeric(12,2). */
const MAX_CENTS = 999_999_999_999;

/**
 * Money in integer cents. Takes 'R$ 1.234,50', '1.234,50', '1234,5', '1.234' (thousands), '1234.50'
 * (a decimal point, as some exports write it), '-50,00' and '(50,00)' (negatives), and numbers from
 * .xlsx cells. More than two decimals is refused rather than rounded: a spreadsheet that says
 * 10,005 is not what the shop charged.
 */
export function readMoney(cell: Cell): Read<number> {
  if (blank(cell)) return fail('valor em branco');
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return fail('valor inválido');
    const cents = Math.round(cell * 100);
    if (Math.abs(cell * 100 - cents) > 1e-6) return fail('valor com mais de 2 casas decimais');
    return Math.abs(cents) > MAX_CENTS ? fail('valor grande demais') : ok(cents);
  }
  if (typeof cell !== 'string') return fail('valor inválido');
  let s = cell.replace(/\s|\u00a0/g, '').replace(/^R\$/i, '').replace(/^-R\$/i, '-');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  s = s.replace(/^R\$/i, '');
  let whole: string;
  let frac = '';
  if (/^\d{1,3}(\.\d{3})*(,\d+)?$/.test(s) || /^\d+(,\d+)?$/.test(s)) {
    // pt-BR: '.' thousands, ',' decimals.
    const [w, f = ''] = s.split(',');
    whole = w.replace(/\./g, '');
    frac = f;
  } else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s) || /^\d+\.\d{1,2}$/.test(s)) {
    // en-US as some systems export it: ',' thousands, '.' decimals.
    const [w, f = ''] = s.split('.');
    whole = w.replace(/,/g, '');
    frac = f;
  } else {
    return fail('valor inválido');
  }
  if (frac.length > 2) return fail('valor com mais de 2 casas decimais');
  const cents = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return fail('valor grande demais');
  return ok(negative ? -cents : cents);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function validYmd(y: number, m: number, d: number): string | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return null;
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d > last ? null : `${y}-${pad2(m)}-${pad2(d)}`;
}

/** Days from 1899-12-30 (Excel's day 0, counting its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET = 25_569;

/**
 * A calendar date ('YYYY-MM-DD'). Takes dd/MM/yyyy, dd/MM/yy (00–69 → 20xx, 70–99 → 19xx), d/M/yyyy,
 * dd-MM-yyyy, dd.MM.yyyy, ISO (yyyy-MM-dd, with or without a time), an Excel date serial (a
 * number, or the digits of one) and a Date from an .xlsx cell (its UTC calendar day: read-excel-file
 * gives dates at UTC midnight).
 */
export function readDate(cell: Cell): Read<string> {
  if (blank(cell)) return fail('data em branco');
  if (cell instanceof Date) {
    const r = Number.isNaN(cell.getTime()) ? null : validYmd(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
    return r ? ok(r) : fail('data inválida');
  }
  if (typeof cell === 'number' || (typeof cell === 'string' && /^\d{5}(\.\d+)?$/.test(cell.trim()))) {
    const serial = Math.floor(Number(cell));
    if (serial < 1 || serial > 80_000) return fail('data inválida');
    const t = new Date((serial - EXCEL_EPOCH_OFFSET) * 86_400_000);
    const r = validYmd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
    return r ? ok(r) : fail('data inválida');
  }
  if (typeof cell !== 'string') return fail('data inválida');
  const s = cell.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  if (m) {
    const r = validYmd(Number(m[1]), Number(m[2]), Number(m[3]));
    return r ? ok(r) : fail('data inválida');
  }
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(s);
  if (m) {
    let y = Number(m[3]);
    if (m[3].length === 2) y += y < 70 ? 2000 : 1900;
    const r = validYmd(y, Number(m[2]), Number(m[1]));
    return r ? ok(r) : fail('data inválida');
  }
  return fail('data inválida (use dd/mm/aaaa)');
}

/**
 * A Brazilian phone as Forja shows it: '(35) 99123-4567' or '(35) 3644-1234'. Any punctuation,
 * with or without the country code 55 (and a leading 0 of a long-distance prefix). A number that is
 * not 10 or 11 digits after that is kept as typed (trimmed) and reported, never guessed.
 */
export function readPhone(cell: Cell): Read<string> {
  if (blank(cell)) return fail('telefone em branco');
  const raw = String(cell).trim();
  let digits = raw.replace(/\D/g, '');
  if (digits.length >= 12 && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 12 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 11) return ok(`(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`);
  if (digits.length === 10) return ok(`(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`);
  return fail('telefone sem DDD ou com dígitos a mais');
}

/** A whole or decimal quantity ('12', '1,5', '1.234', a number cell); never negative. */
export function readQuantity(cell: Cell): Read<number> {
  if (blank(cell)) return fail('quantidade em branco');
  if (typeof cell === 'number') return Number.isFinite(cell) && cell >= 0 ? ok(cell) : fail('quantidade inválida');
  if (typeof cell !== 'string') return fail('quantidade inválida');
  const s = cell.trim();
  if (/^\d{1,3}(\.\d{3})+$/.test(s)) return ok(Number(s.replace(/\./g, '')));
  if (/^\d+(,\d+)?$/.test(s)) return ok(Number(s.replace(',', '.')));
  if (/^\d+\.\d+$/.test(s)) return ok(Number(s));
  return fail('quantidade inválida');
}
