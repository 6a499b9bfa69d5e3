/** 'Renomear': the owner corrects a member's name (the server checks it again and every device gets it). */
import { useState } from 'react';
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { MEMBER_MESSAGES, memberProblems, type StaffDoc } from '@shared';
import { updateTeamMember } from '../../data/team';
import { MemberDialog, MemberFormActions } from './MemberDialog';
import { TEAM_TEXT as T } from './teamMessages';

interface Props {
  /** The member being renamed; null when closed. */
  member: StaffDoc | null;
  onClose: () => void;
  onRenamed: (name: string) => void;
}

export function RenameMemberDialog({ member, onClose, onRenamed }: Props) {
  return (
    <MemberDialog open={member !== null} title={T.renameTitle} testId="rename-member-dialog" onClose={onClose}>
      {member && <RenameForm member={member} onCancel={onClose} onRenamed={onRenamed} />}
    </MemberDialog>
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
        <MemberFormActions failure={failure} busy={busy} onCancel={onCancel} submit={T.save} submitting={T.saving} />
      </Stack>
    </form>
  );
}
