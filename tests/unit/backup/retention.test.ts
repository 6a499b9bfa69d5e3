/**
 * Backup retention (issue 41): 7 daily, 4 weekly, 12 monthly, on São Paulo's calendar, the clock
 * a parameter; and the nightly schedule's next time.
 */
import { describe, expect, test } from 'vitest';
import { backupsToPrune, isoWeek, localDay, type DatedBackup } from '../../../sync-server/src/backup/retention';
import { nextRunAt } from '../../../sync-server/src/backup/schedule';
import { backupDate, backupFileName } from '../../../sync-server/src/backup/service';
import { backupWarnings } from '../../../schemas/backups';

/** One backup a night at 03:00 São Paulo (06:00 UTC) for `days` nights ending on `last` (YYYY-MM-DD). */
function nightly(last: string, days: number): DatedBackup[] {
  const end = Date.parse(`${last}T06:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const at = new Date(end - i * 86_400_000);
    return { name: backupFileName(at), at };
  });
}

const kept = (all: DatedBackup[], now: Date) => {
  const pruned = new Set(backupsToPrune(all, now));
  return all.filter((b) => !pruned.has(b.name)).map((b) => localDay(b.at, 'America/Sao_Paulo'));
};

describe('backupsToPrune', () => {
  test('a year of nightly backups keeps 7 days, the newest of 4 weeks and of 12 months', () => {
    const all = nightly('2026-11-28', 400);
    const now = new Date('2026-11-28T07:00:00Z');
    const days = kept(all, now);
    // 7 most recent days.
    expect(days.slice(0, 7)).toEqual(['2026-11-28', '2026-11-27', '2026-11-26', '2026-11-25', '2026-11-24', '2026-11-23', '2026-11-22']);
    // Weeks (ISO, Monday first): 2026-11-28 is a Saturday; the previous weeks end on Sundays 22, 15, 8.
    expect(days).toContain('2026-11-15');
    expect(days).toContain('2026-11-08');
    expect(days).not.toContain('2026-11-01');
    // Months: the newest of each of the 12 most recent months (the last day of each past month).
    for (const m of ['2026-10-31', '2026-09-30', '2026-08-31', '2026-01-31', '2025-12-31']) expect(days).toContain(m);
    expect(days).not.toContain('2025-11-30');
    expect(days).toHaveLength(7 + 2 + 11);
  });

  test('a second backup the same day: only the newest of that day counts for the day', () => {
    const all = nightly('2026-11-28', 3);
    const manual = { name: 'forja-backup-2026-11-28T150000Z.bak', at: new Date('2026-11-28T15:00:00Z') };
    expect(backupsToPrune([...all, manual], new Date('2026-11-28T16:00:00Z'))).toEqual([all[0].name]);
  });

  test('a server off for two months keeps its old backups: days that have a backup are counted, not calendar days', () => {
    const old = nightly('2026-09-10', 10);
    expect(kept(old, new Date('2026-11-28T12:00:00Z'))).toHaveLength(7);
  });

  test('backups dated after now (a clock set wrong) are never deleted and the newest is always kept', () => {
    const all = nightly('2026-11-28', 30);
    const now = new Date('2026-11-01T12:00:00Z');
    const pruned = backupsToPrune(all, now);
    for (const b of all.filter((x) => x.at > now)) expect(pruned).not.toContain(b.name);
    expect(backupsToPrune([], now)).toEqual([]);
    expect(backupsToPrune(all.slice(0, 1), new Date('2030-01-01T00:00:00Z'))).toEqual([]);
  });

  test('days are São Paulo days: 01:30 UTC on the 28th is still the 27th', () => {
    const late = { name: 'a', at: new Date('2026-11-28T01:30:00Z') };
    const early = { name: 'b', at: new Date('2026-11-27T04:00:00Z') };
    // Both on the 27th in São Paulo: the earlier is not the newest of any day, week or month.
    expect(backupsToPrune([late, early], new Date('2026-11-28T12:00:00Z'))).toEqual(['b']);
  });

  test('ISO weeks across a year boundary', () => {
    expect(isoWeek('2026-12-31')).toBe('2026-W53');
    expect(isoWeek('2027-01-03')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
  });
});

describe('nextRunAt', () => {
  test('03:00 São Paulo is 06:00 UTC, today when still ahead, else tomorrow', () => {
    expect(nextRunAt(new Date('2026-11-28T05:59:00Z'), { hour: 3, minute: 0 }).toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(nextRunAt(new Date('2026-11-28T06:00:00Z'), { hour: 3, minute: 0 }).toISOString()).toBe('2026-11-29T06:00:00.000Z');
    // 23:30 São Paulo on the 27th is 02:30 UTC on the 28th: 03:00 is the 28th's.
    expect(nextRunAt(new Date('2026-11-28T02:30:00Z'), { hour: 3, minute: 0 }).toISOString()).toBe('2026-11-28T06:00:00.000Z');
    // 19:00 São Paulo on 31 December: 22:15 that evening is already 2027 in UTC.
    expect(nextRunAt(new Date('2026-12-31T22:00:00Z'), { hour: 22, minute: 15 }).toISOString()).toBe('2027-01-01T01:15:00.000Z');
  });
});

test('backup names carry their UTC time and read back', () => {
  const at = new Date('2026-11-28T06:00:07.123Z');
  expect(backupFileName(at)).toBe('forja-backup-2026-11-28T060007Z.bak');
  expect(backupDate(backupFileName(at))?.toISOString()).toBe('2026-11-28T06:00:07.000Z');
  expect(backupDate('forja-backup-2026-11-28T060007Z.bak.falhou')).toBeNull();
});

test('the owner is warned when the last good backup is older than 48 hours, or none, or the copy failed', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const good = (at: string) => ({ file: 'f', at, size: 1, verified: true, encrypted: false, tables: 1, rows: 1 });
  const since = '2026-11-01T00:00:00Z';
  expect(backupWarnings({ lastGood: good('2026-11-27T06:00:00Z'), copy: null, copyDir: null, since }, now)).toEqual([]);
  expect(backupWarnings({ lastGood: good('2026-11-26T11:59:00Z'), copy: null, copyDir: null, since }, now)).toEqual([{ kind: 'stale', since: '2026-11-26T11:59:00Z' }]);
  expect(backupWarnings({ lastGood: null, copy: null, copyDir: null, since }, now)).toEqual([{ kind: 'stale', since: null }]);
  // A new install (first start a day ago) has its first night before it is warned.
  expect(backupWarnings({ lastGood: null, copy: null, copyDir: null, since: '2026-11-27T12:00:00Z' }, now)).toEqual([]);
  expect(
    backupWarnings({ lastGood: good('2026-11-28T06:00:00Z'), copy: { dir: '/mnt/pen', at: '', ok: false, reason: 'sem espaço' }, copyDir: '/mnt/pen', since }, now),
  ).toEqual([{ kind: 'copy_failed', reason: 'sem espaço' }]);
});
