/** 'Renomear': the owner corrects a member's name (the server checks it again and every device gets it). */
import { useState } from 'react';
import { Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { MEMBER_MESSAGES, memberProblems, type StaffDoc } from '@shared';
import { updateTeamMember } from '../../data/team';
import { TEAM_TEXT as T } from './teamMessages';

interface Props {
  /** The member being renamed; null when closed. */
  member: StaffDoc | null;
  onClose: () => void;
  onRenamed: (name: string) => void;
}

export function RenameMemberDialog({ member, onClose, onRenamed }: Props) {
  return (
    <Dialog.Root open={member !== null} onOpenChange={(d) => !d.open && onClose()} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="rename-member-dialog">
            <Dialog.Header>
              <Dialog.Title>{T.renameTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">{member && <RenameForm member={member} onCancel={onClose} onRenamed={onRenamed} />}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RenameForm({ member, onCancel, onRenamed }: { member: StaffDoc; onCancel: () => void; onRenamed: Props['onRenamed'] }) {
  const [name, setName] = useState(member.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const [problem] = memberProblems({ name });
    setError(problem ? MEMBER_MESSAGES[problem.problem] : null);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    const res = await updateTeamMember(member.id, { name: name.trim() });
    setBusy(false);
    if (res.ok) onRenamed(name.trim());
    else if (res.code === 'invalid_request') setError(res.message);
    else setFailure(res.code === 'offline' ? T.offlineChange : res.message);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="4">
        <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
          {member.email}
        </Text>
        <Field.Root invalid={!!error} required>
          <Field.Label>{T.name}</Field.Label>
          <Input name="member-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" maxLength={130} />
          <Field.ErrorText>{error}</Field.ErrorText>
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
          <Button type="submit" colorPalette="blue" loading={busy} loadingText={T.saving}>
            {T.save}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
