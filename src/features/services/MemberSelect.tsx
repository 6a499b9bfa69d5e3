/** Responsável: a select of the team's active members (plus the one already chosen, if inactive). */
import { NativeSelect } from '@chakra-ui/react';
import type { StaffDoc } from '@shared';
import { SV } from './messages';
import { memberName } from './useLookups';

type Props = { members: StaffDoc[]; value: string | null; onChange: (id: string | null) => void; id?: string; disabled?: boolean };

export function MemberSelect({ members, value, onChange, id, disabled }: Props) {
  const shown = members.filter((m) => m.active || m.id === value);
  return (
    <NativeSelect.Root size="lg" disabled={disabled}>
      <NativeSelect.Field id={id} name="responsible_id" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{SV.nobody}</option>
        {shown.map((m) => (
          <option key={m.id} value={m.id}>
            {memberName(m)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
