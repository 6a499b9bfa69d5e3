/**
 * Date rules (pt-BR). Calendar dates travel as 'YYYY-MM-DD' and are formatted from the
 * string itself, never through `new Date('YYYY-MM-DD')` (which is UTC midnight and shows the
 * previous day west of Greenwich). Instants are ISO-8601 and shown in the device's time zone.
 */

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** True for a real calendar date in 'YYYY-MM-DD' form (2024-02-30 is false). */
export function isYmd(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d;
}

/** 'YYYY-MM-DD' → local Date at midnight (no timezone shift), or null. */
export function parseYmd(value: string): Date | null {
  if (!isYmd(value)) return null;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** Local Date → 'YYYY-MM-DD'. */
export function toYmd(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (YMD.test(value)) return parseYmd(value);
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * dd/MM/yyyy. A 'YYYY-MM-DD' string is formatted as written; an ISO instant in local time.
 * Empty or invalid input gives ''.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (typeof value === 'string' && YMD.test(value)) {
    const [y, m, d] = value.split('-');
    return isYmd(value) ? `${d}/${m}/${y}` : '';
  }
  const d = toDate(value);
  return d ? `${pad2(d.getDate())}/${pad2(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

/** 'HH:mm' in local time; '' for empty or invalid input. */
export function formatTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? `${pad2(d.getHours())}:${pad2(d.getMinutes())}` : '';
}

/** 'dd/MM/yyyy às HH:mm' in local time; '' for empty or invalid input. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  return `${formatDate(d)} às ${formatTime(d)}`;
}

/** Parses 'dd/MM/yyyy' typed by a user into 'YYYY-MM-DD', or null. */
export function parseDateBR(value: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!m) return null;
  const ymd = `${m[3]}-${pad2(Number(m[2]))}-${pad2(Number(m[1]))}`;
  return isYmd(ymd) ? ymd : null;
}
