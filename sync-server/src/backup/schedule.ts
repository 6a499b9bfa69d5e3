/**
 * The nightly backup: at FORJA_BACKUP_AT (03:00 by default) on São Paulo's clock. The timer is
 * re-armed at most every 10 minutes so a computer that slept, or a clock that was corrected,
 * still fires at the right wall-clock time. The clock is a parameter (tests move it).
 */
import { zoneOffsetMs as zoneOffset } from '@shared';
import { BACKUP_TIME_ZONE } from './settings';

/** The instant `timeZone`'s clock reads y-m-d h:mi. */
function zonedInstant(y: number, m: number, d: number, h: number, mi: number, timeZone: string): number {
  const guess = Date.UTC(y, m - 1, d, h, mi);
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/** The first time after `now` that the clock of `timeZone` reads `at`. */
export function nextRunAt(now: Date, at: { hour: number; minute: number }, timeZone: string = BACKUP_TIME_ZONE): Date {
  const local = new Date(now.getTime() + zoneOffset(now.getTime(), timeZone));
  for (let add = 0; add < 3; add++) {
    const t = zonedInstant(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate() + add, at.hour, at.minute, timeZone);
    if (t > now.getTime()) return new Date(t);
  }
  throw new Error('unreachable');
}

export interface ScheduleOptions {
  at: { hour: number; minute: number };
  run: () => Promise<unknown>;
  now?: () => Date;
  timeZone?: string;
  /** The longest single wait before the clock is looked at again. */
  maxWaitMs?: number;
}

/** Starts the nightly timer; returns its stop. */
export function startBackupSchedule({ at, run, now = () => new Date(), timeZone = BACKUP_TIME_ZONE, maxWaitMs = 10 * 60_000 }: ScheduleOptions): () => void {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let target = nextRunAt(now(), at, timeZone);
  const arm = () => {
    if (stopped) return;
    const wait = Math.max(0, Math.min(target.getTime() - now().getTime(), maxWaitMs));
    timer = setTimeout(tick, wait);
    timer.unref();
  };
  const tick = () => {
    // A timer may wake a millisecond early: within a second of the time is the time.
    if (now().getTime() + 1000 < target.getTime()) return arm();
    const fired = target;
    target = nextRunAt(new Date(Math.max(now().getTime(), fired.getTime())), at, timeZone);
    run()
      .catch(() => {})
      .finally(arm);
  };
  arm();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
