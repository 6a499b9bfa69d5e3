/**
 * Which backups to keep: 7 daily, 4 weekly and 12 monthly (issue 41), counted like restic's
 * --keep-daily/--keep-weekly/--keep-monthly: the newest backup of each of the 7 most recent days
 * that have one, of each of the 4 most recent ISO weeks, of each of the 12 most recent months —
 * days, weeks and months of São Paulo's calendar. Counting days that HAVE a backup (not the last
 * 7 calendar days) means a server left off for a month never finds its old backups all expired.
 * The newest is always kept, and so is anything dated after `now` (a clock set wrong must not
 * delete good copies). Pure: the clock is a parameter.
 */
import { BACKUP_TIME_ZONE } from './settings';

export interface DatedBackup {
  name: string;
  at: Date;
}

export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of `at` in `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(at);
}

/** ISO 8601 week of a calendar day, as YYYY-Www (the week-year may differ from the day's year). */
export function isoWeek(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides the week-year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The names to delete, given every good backup there is. */
export function backupsToPrune(
  backups: readonly DatedBackup[],
  now: Date,
  policy: RetentionPolicy = DEFAULT_RETENTION,
  timeZone: string = BACKUP_TIME_ZONE,
): string[] {
  const past = backups.filter((b) => b.at.getTime() <= now.getTime()).sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
  const keep = new Set<string>();
  if (past[0]) keep.add(past[0].name);
  const buckets: [number, (b: DatedBackup) => string][] = [
    [policy.daily, (b) => localDay(b.at, timeZone)],
    [policy.weekly, (b) => isoWeek(localDay(b.at, timeZone))],
    [policy.monthly, (b) => localDay(b.at, timeZone).slice(0, 7)],
  ];
  for (const [count, key] of buckets) {
    const seen = new Set<string>();
    for (const b of past) {
      if (seen.size >= count) break;
      const k = key(b);
      if (seen.has(k)) continue;
      seen.add(k);
      keep.add(b.name);
    }
  }
  return past.filter((b) => !keep.has(b.name)).map((b) => b.name);
}
