/**
 * Date rules (pt-BR). Calendar dates travel as 'YYYY-MM-DD' and are formatted from the
 * string itself, never through `new Date('YYYY-MM-DD')` (which is UTC midnight and shows the
 * previous day west of Greenwich). Instants are ISO-8601 and shown in the device's time zone —
 * or, given `timeZone`, in that zone whatever the device's (a server drawing a page for a browser
 * whose zone it cannot know).
 */

import { wallClockIn } from '@shared';

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

interface Fields {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
}


/** The wall-clock fields of `value`: in the device's zone, or in `timeZone` when given. */
function fieldsOf(value: string | Date | null | undefined, timeZone?: string): Fields | null {
  if (timeZone && typeof value === 'string' && YMD.test(value)) {
    // A calendar date is the same day in every zone.
    if (!isYmd(value)) return null;
    const [y, mo, d] = value.split('-').map(Number);
    return { y, mo, d, h: 0, mi: 0 };
  }
  const date = toDate(value);
  if (!date) return null;
  if (!timeZone) {
    return { y: date.getFullYear(), mo: date.getMonth() + 1, d: date.getDate(), h: date.getHours(), mi: date.getMinutes() };
  }
  const w = wallClockIn(date, timeZone);
  return { y: w.year, mo: w.month, d: w.day, h: w.hour, mi: w.minute };
}

/**
 * dd/MM/yyyy. A 'YYYY-MM-DD' string is formatted as written; an ISO instant in local time (or
 * in `timeZone`). Empty or invalid input gives ''.
 */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (typeof value === 'string' && YMD.test(value)) {
    const [y, m, d] = value.split('-');
    return isYmd(value) ? `${d}/${m}/${y}` : '';
  }
  const f = fieldsOf(value, timeZone);
  return f ? `${pad2(f.d)}/${pad2(f.mo)}/${f.y}` : '';
}

/** 'HH:mm' in local time (or in `timeZone`); '' for empty or invalid input. */
export function formatTime(value: string | Date | null | undefined, timeZone?: string): string {
  const f = fieldsOf(value, timeZone);
  return f ? `${pad2(f.h)}:${pad2(f.mi)}` : '';
}

/** 'dd/MM/yyyy às HH:mm' in local time (or in `timeZone`); '' for empty or invalid input. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  const f = fieldsOf(value, timeZone);
  if (!f) return '';
  return `${pad2(f.d)}/${pad2(f.mo)}/${f.y} às ${pad2(f.h)}:${pad2(f.mi)}`;
}

/** Parses 'dd/MM/yyyy' typed by a user into 'YYYY-MM-DD', or null. */
export function parseDateBR(value: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!m) return null;
  const ymd = `${m[3]}-${pad2(Number(m[2]))}-${pad2(Number(m[1]))}`;
  return isYmd(ymd) ? ymd : null;
}
