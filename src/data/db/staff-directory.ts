import { map } from 'rxjs';
import { useLiveQuery } from './live-query';

/** user id → e-mail of every staff member (conflict log, movement history), live. */
export function useStaffDirectory(): Map<string, string> {
  const { data } = useLiveQuery((db) => db.staff.find().$.pipe(map((docs) => new Map(docs.map((d) => [d.id, d.email])))), []);
  return data ?? EMPTY;
}
const EMPTY = new Map<string, string>();
