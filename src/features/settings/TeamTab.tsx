/**
 * Configurações → Equipe (owner only). The list is the local copy of the accounts (offline
 * too); sessions and last activity come from the server when online. Every change needs the
 * server and says so when there is none.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import type { Role, StaffDoc } from '@shared';
import { useAuth } from '../../data/auth';
import { useSyncStatus, useTeamMembers } from '../../data/db';
import { listTeam, resetTeamMemberPassword, updateTeamMember, type TeamMember, type TemporaryPasswordResponse } from '../../data/team';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AddMemberDialog } from './AddMemberDialog';
import { MemberCard, type MemberAction } from './MemberCard';
import { notifyError, notifySuccess } from './notify';
import { RenameMemberDialog } from './RenameMemberDialog';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import { TEAM_TEXT as T } from './teamMessages';

type Pending = { member: StaffDoc; action: 'reset' | 'deactivate' };

export function TeamTab() {
  const auth = useAuth();
  const myId = auth.status === 'signed-in' ? auth.user.id : null;
  const { members, loading } = useTeamMembers();
  const online = useSyncStatus().online;
  const [server, setServer] = useState<Map<string, TeamMember> | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<{ result: TemporaryPasswordResponse; reset: boolean } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [renaming, setRenaming] = useState<StaffDoc | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let alive = true;
    void listTeam().then((res) => {
      if (!alive) return;
      if (res.ok) {
        setServer(new Map(res.value.map((m) => [m.id, m])));
        setServerError(null);
      } else setServerError(res.code === 'offline' ? T.serverOnly : res.message);
    });
    return () => {
      alive = false;
    };
  }, [tick, online]);

  const failed = (res: { ok: false; message: string; code?: string }) => notifyError(new Error(res.code === 'offline' ? T.offlineChange : res.message));

  async function act(member: StaffDoc, action: MemberAction, role?: Role) {
    if (action === 'reset' || action === 'deactivate') return setPending({ member, action });
    if (action === 'rename') return online ? setRenaming(member) : notifyError(new Error(T.offlineChange));
    setBusyId(member.id);
    const res = await updateTeamMember(member.id, action === 'role' ? { role } : { active: true });
    setBusyId(null);
    if (!res.ok) return failed(res);
    const name = member.name || member.email;
    notifySuccess(action === 'role' ? T.roleChanged(name, role!) : T.reactivated(name));
    reload();
  }

  async function confirmPending() {
    if (!pending) return;
    const { member, action } = pending;
    const name = member.name || member.email;
    if (action === 'reset') {
      const res = await resetTeamMemberPassword(member.id);
      setPending(null);
      if (!res.ok) return failed(res);
      setShown({ result: res.value, reset: true });
    } else {
      const res = await updateTeamMember(member.id, { active: false });
      setPending(null);
      if (!res.ok) return failed(res);
      notifySuccess(T.deactivated(name));
    }
    reload();
  }

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">
            {T.title}
          </Heading>
          <Button colorPalette="blue" size="sm" onClick={() => (online ? setAdding(true) : notifyError(new Error(T.offlineChange)))}>
            <UserPlus size={16} /> {T.add}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text textStyle="sm" color="fg.muted">
            {T.intro}
          </Text>
          {serverError && (
            <Text textStyle="sm" color="orange.700" data-testid="team-server-note">
              {serverError}
            </Text>
          )}
          {loading && <Spinner size="sm" />}
          <Stack as="ul" listStyleType="none" gap="2" data-testid="team-list">
            {members.map((m) => (
              <MemberCard
                key={m.id}
                member={m}
                server={server?.get(m.id) ?? null}
                isMe={m.id === myId}
                busy={busyId === m.id}
                onAction={(action, role) => void act(m, action, role)}
              />
            ))}
          </Stack>
        </Stack>
      </Card.Body>
      <AddMemberDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(result) => {
          setAdding(false);
          setShown({ result, reset: false });
          reload();
        }}
      />
      <RenameMemberDialog
        member={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(name) => {
          setRenaming(null);
          notifySuccess(T.renamed(name));
          reload();
        }}
      />
      <TemporaryPasswordDialog shown={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'reset' ? T.resetTitle : T.deactivateTitle}
        message={pending ? (pending.action === 'reset' ? T.resetMessage : T.deactivateMessage)(pending.member.name || pending.member.email) : ''}
        confirmLabel={pending?.action === 'reset' ? T.resetPassword : T.deactivate}
        busyLabel={pending?.action === 'reset' ? T.resetting : T.deactivating}
        destructive={pending?.action === 'deactivate'}
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      />
    </Card.Root>
  );
}
