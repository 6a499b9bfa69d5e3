import { map, of } from 'rxjs';
import { useLiveQuery } from './live-query';

/** The e-mail of a staff member (quotations' 'Criado por'), or null when unknown. */
export function useStaffEmail(userId: string | null | undefined): string | null {
  const { data } = useLiveQuery(
    (db) => (userId ? db.staff.findOne(userId).$.pipe(map((d) => d?.email ?? null)) : of(null)),
    [userId],
  );
  return data ?? null;
}
