/** 'Adicionar membro': name, e-mail and role; the server creates the account and answers the temporary password. */
import { useState } from 'react';
import { Button, CloseButton, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { MEMBER_MESSAGES, memberProblems, ROLES, type MemberField, type Role } from '@shared';
import { addTeamMember, type TemporaryPasswordResponse } from '../../data/team';
import { TEAM_TEXT as T } from './teamMessages';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (result: TemporaryPasswordResponse) => void;
}

export function AddMemberDialog({ open, onClose, onCreated }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="add-member-dialog">
            <Dialog.Header>
              <Dialog.Title>{T.addTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">
              <AddMemberForm onCancel={onClose} onCreated={onCreated} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
        {failure && (
          <Text color="red.600" role="alert">
            {failure}
          </Text>
        )}
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" loading={busy} loadingText={T.creating}>
            {T.create}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
