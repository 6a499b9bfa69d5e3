/**
 * The newest documents of a collection by `created_at`, reading about as many as asked for.
 *
 * RxDB's query planner never satisfies a descending sort with an index (storages keep ascending
 * indexes), so `find({ sort: [{ created_at: 'desc' }], limit: 10 })` reads every document of the
 * collection through a cursor, sorts them and keeps ten: on a big shop the "first page" of the
 * quotations read all 5,000 and the cash book's all 20,000 before painting (bench:ui profile,
 * issue 33). Here counts over the created_at index — answered by IndexedDB without reading a
 * document — find how far back the newest `limit` go, and only that range is read.
 */
import type { RxCollection, RxDocument } from 'rxdb';
import { compareCodeUnits } from '../../domain/order';

/** Windows grow by this factor from an hour back until one holds `limit` documents. */
const GROWTH = 4;
const FIRST_WINDOW_MS = 60 * 60 * 1000;
/** Past this the window is "everything" (and the range read is the whole collection). */
const LONGEST_WINDOW_MS = 200 * 365 * 24 * 60 * 60 * 1000;
/** A range holding more than this many times `limit` is narrowed by bisection (a few counts more). */
const OVERSHOOT = 4;
const MAX_BISECTIONS = 12;

type Dated = { created_at: string; id: string };

/**
 * Newest first (created_at descending, then id ascending — the order of
 * `find({ sort: [{ created_at: 'desc' }] })`), at most `limit`. `now` is where the first window ends
 * (documents dated after it are counted and read too).
 */
export async function findNewest<T extends Dated>(collection: RxCollection<T>, limit: number, now = Date.now()): Promise<RxDocument<T>[]> {
  if (limit <= 0) return [];
  const everything = () => collection.find({ sort: [{ created_at: 'desc' }], limit } as never).exec();
  // A small collection (an empty one at first) is read whole: no counts to spare.
  if ((await collection.count().exec()) <= limit * OVERSHOOT) return everything();
  const countSince = (ms: number) => collection.count({ selector: { created_at: { $gte: new Date(ms).toISOString() } } as never }).exec();
  let found = false;
  let back = FIRST_WINDOW_MS;
  let tooFew = 0; // a window known to hold fewer than `limit`
  let count = 0;
  for (; back <= LONGEST_WINDOW_MS; back *= GROWTH) {
    count = await countSince(now - back);
    if (count >= limit) {
      found = true;
      break;
    }
    tooFew = back;
  }
  if (!found) return everything();
  // Narrow a range that holds far more than asked (documents dense in time), keeping ≥ limit.
  let enough = back;
  for (let i = 0; i < MAX_BISECTIONS && count > limit * OVERSHOOT && enough - tooFew > 1000; i++) {
    const mid = Math.floor((enough + tooFew) / 2);
    const c = await countSince(now - mid);
    if (c >= limit) {
      enough = mid;
      count = c;
    } else tooFew = mid;
  }
  const since = new Date(now - enough).toISOString();
  const docs = await collection.find({ selector: { created_at: { $gte: since } }, sort: [{ created_at: 'asc' }] } as never).exec();
  return docs.sort(newestFirst).slice(0, limit);
}

type DatedDoc = { get(field: string): unknown; primary: string };
function newestFirst(a: DatedDoc, b: DatedDoc): number {
  return compareCodeUnits(b.get('created_at') as string, a.get('created_at') as string) || compareCodeUnits(a.primary, b.primary);
}
