/**
 * The wall clock of a time zone at an instant — one Intl formatter per zone, kept. Both sides read
 * it: the app's dates in the shop's zone (src/domain/dates.ts) and the server's nightly backup at
 * 03:00 São Paulo time (sync-server/src/backup/schedule.ts).
 */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

export function wallClockIn(instant: Date | number, timeZone: string): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** How far `timeZone`'s wall clock is ahead of UTC at instant `ts`, in ms (whole seconds). */
export function zoneOffsetMs(ts: number, timeZone: string): number {
  const w = wallClockIn(ts, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ts / 1000) * 1000;
}
