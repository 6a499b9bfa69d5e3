/** Names the OS screens show: customers by id, team members by id (name, else e-mail), live. */
import { useMemo } from 'react';
import type { CustomerDoc, StaffDoc } from '@shared';
import { useCustomers } from '../../data/db/customers';
import { useTeamMembers } from '../../data/db/staff';

export const memberName = (m: Pick<StaffDoc, 'name' | 'email'>) => m.name?.trim() || m.email;

export function useLookups(): {
  customers: ReadonlyMap<string, CustomerDoc>;
  customerName: (id: string | null | undefined) => string | null;
  members: StaffDoc[];
  memberNameOf: (id: string | null | undefined) => string | null;
  loading: boolean;
} {
  const { customers: list, loading } = useCustomers();
  const { members } = useTeamMembers();
  return useMemo(() => {
    const customers = new Map(list.map((c) => [c.id, c]));
    const names = new Map(members.map((m) => [m.id, memberName(m)]));
    return {
      customers,
      customerName: (id: string | null | undefined) => (id ? customers.get(id)?.name ?? null : null),
      members,
      memberNameOf: (id: string | null | undefined) => (id ? names.get(id) ?? null : null),
      loading,
    };
  }, [list, members, loading]);
}
