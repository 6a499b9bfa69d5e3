/**
 * Clock skew between devices. All soak clients live in one Node process, so they share one
 * `Date`. The data layer (src/data/db/writes.ts) stamps `client_updated_at` with
 * `new Date()`, and the server's merge decides a field edited on two devices by the later
 * `client_updated_at` — so the skew must reach exactly those stamps.
 *
 * `withClock(offsetMs, fn)` runs fn (and every await inside it) with `Date.now()` and
 * `new Date()` shifted by offsetMs, through AsyncLocalStorage: a device's writes carry its
 * own wrong clock while the other devices (and the sync loops) keep theirs. RxDB's internal
 * write time (`_meta.lwt`) is made monotonic by RxDB itself, so a device ahead of the others
 * cannot make it go backwards.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const offset = new AsyncLocalStorage<number>();
const RealDate = Date;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const realNow = RealDate.now.bind(RealDate);
  const skewedNow = () => realNow() + (offset.getStore() ?? 0);
  class SkewedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(skewedNow());
      else super(...(args as [number]));
    }
    static now(): number {
      return skewedNow();
    }
  }
  globalThis.Date = SkewedDate as DateConstructor;
}

export function withClock<T>(offsetMs: number, fn: () => Promise<T>): Promise<T> {
  install();
  return offset.run(offsetMs, fn);
}

/** Wall time for measurements, never skewed. */
export const realNow = (): number => RealDate.now();
