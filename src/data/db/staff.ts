import { map, of } from 'rxjs';
import type { Role, StaffDoc } from '@shared';
import { useAuth } from '../auth';
import { useLiveQuery } from './live-query';
import { comparePtBr } from '../../domain/order';

/** The e-mail of a staff member (quotations' 'Criado por'), or null when unknown. */
export function useStaffEmail(userId: string | null | undefined): string | null {
  const { data } = useLiveQuery(
    (db) => (userId ? db.staff.findOne(userId).$.pipe(map((d) => d?.email ?? null)) : of(null)),
    [userId],
  );
  return data ?? null;
}

/** Every account in the local copy (offline too): active first, owners first, then by name. */
export function useTeamMembers(): { members: StaffDoc[]; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) =>
      db.staff.find().$.pipe(
        map((docs) =>
          docs
            .map((d) => d.toJSON() as StaffDoc)
            .sort(
              (a, b) =>
                Number(b.active) - Number(a.active) ||
                Number(b.role === 'owner') - Number(a.role === 'owner') ||
                comparePtBr(a.name || a.email, b.name || b.email),
            ),
        ),
      ),
    [],
  );
  return { members: data ?? [], loading };
}

/**
 * The signed-in user's role: the local copy of their account (kept current by replication, so a
 * change made by the owner shows without signing in again), else what the sign-in said.
 */
export function useMyRole(): Role {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  const { data } = useLiveQuery(
    (db) => (userId ? db.staff.findOne(userId).$.pipe(map((d) => (d?.role as Role | undefined) ?? null)) : of(null)),
    [userId],
  );
  return data ?? (auth.status === 'signed-in' && auth.user.role === 'owner' ? 'owner' : 'staff');
}
