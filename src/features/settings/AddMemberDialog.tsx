/** 'Adicionar membro': name, e-mail and role; the server creates the account and answers the temporary password. */
import { useState } from 'react';
import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { MEMBER_MESSAGES, memberProblems, ROLES, type MemberField, type Role } from '@shared';
import { addTeamMember, type TemporaryPasswordResponse } from '../../data/team';
import { MemberDialog, MemberFormActions } from './MemberDialog';
import { TEAM_TEXT as T } from './teamMessages';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (result: TemporaryPasswordResponse) => void;
}

export function AddMemberDialog({ open, onClose, onCreated }: Props) {
  return (
    <MemberDialog open={open} title={T.addTitle} testId="add-member-dialog" onClose={onClose}>
      <AddMemberForm onCancel={onClose} onCreated={onCreated} />
    </MemberDialog>
  );
}

function AddMemberForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: Props['onCreated'] }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [errors, setErrors] = useState<Partial<Record<MemberField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const problems = memberProblems({ name, email, role });
    setErrors(Object.fromEntries(problems.map((p) => [p.field, MEMBER_MESSAGES[p.problem]])));
    setFailure(null);
    if (problems.length > 0) return;
    setBusy(true);
    const res = await addTeamMember({ name: name.trim(), email: email.trim(), role });
    setBusy(false);
    if (res.ok) onCreated(res.value);
    else if (res.code === 'duplicate_email') setErrors({ email: res.message });
    else setFailure(res.code === 'offline' ? T.offlineChange : res.message);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="4">
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>{T.name}</Field.Label>
          <Input name="member-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" maxLength={130} />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.email} required>
          <Field.Label>{T.email}</Field.Label>
          <Input name="member-email" type="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.role}>
          <Field.Label>{T.role}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="member-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {T.roles[r]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.role}</Field.ErrorText>
        </Field.Root>
        <MemberFormActions failure={failure} busy={busy} onCancel={onCancel} submit={T.create} submitting={T.creating} />
      </Stack>
    </form>
  );
}
