/**
 * Date-times for the national XML (TSDateTimeUTC): `AAAA-MM-DDThh:mm:ss±hh:00`, no milliseconds,
 * no `Z`. The wall-clock time and the offset both come from the instant in the shop's time zone,
 * so the written time means the real moment (Odoo's l10n-brazil once wrote the UTC clock with a
 * hard-coded "-03:00", three hours off — see the research notes §9). Brazil has no daylight time
 * since 2019, but the time-zone database is asked anyway, so old dates and other zones stay right.
 */
import { SHOP_TIME_ZONE, wallClockIn as wallClock } from '@shared';

export { SHOP_TIME_ZONE };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-03-10T14:05:00-03:00` for the instant, in `timeZone`. */
export function formatDateTime(instant: Date, timeZone = SHOP_TIME_ZONE): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('invalid date');
  // Whole seconds: the XSD has no fraction, and truncating keeps the written time <= the real one (E0008).
  const at = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  const w = wallClock(at, timeZone);
  const offsetMinutes = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  // The XSD only knows whole-hour offsets (±hh:00); every Brazilian zone is one.
  if (abs % 60 !== 0) throw new RangeError(`time zone ${timeZone} has a non-whole-hour offset`);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(abs / 60)}:00`;
}

/** `2026-03-10`: the shop's calendar date of the instant. */
export function formatDate(instant: Date, timeZone = SHOP_TIME_ZONE): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** Reads a TSDateTimeUTC back into an instant (Date parses the ±hh:mm offset itself). */
export function parseDateTime(text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new RangeError(`invalid date-time ${text}`);
  return date;
}
