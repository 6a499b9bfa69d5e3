/** One member of the team: who, role, whether active, last activity and devices, and the owner's actions. */
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { Role, StaffDoc } from '@shared';
import type { TeamMember } from '../../data/team';
import { formatDate, formatTime } from '../../domain/dates';
import { TEAM_TEXT as T } from './teamMessages';

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

export type MemberAction = 'rename' | 'reset' | 'deactivate' | 'reactivate' | 'role';

interface Props {
  member: StaffDoc;
  /** What only the server knows; null offline or while it loads. */
  server: TeamMember | null;
  isMe: boolean;
  busy: boolean;
  onAction: (action: MemberAction, role?: Role) => void;
}

export function MemberCard({ member, server, isMe, busy, onAction }: Props) {
  // An account made before names existed (the first start's, the CLI's) is shown by its e-mail.
  const name = member.name || member.email;
  const sessions = server?.sessions ?? [];
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" data-member={member.email} data-active={member.active} opacity={member.active ? 1 : 0.75}>
      <Stack gap="2">
        <HStack gap="2" wrap="wrap" justify="space-between" align="flex-start">
          <Stack gap="0" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold" wordBreak="break-word">
                {name}
              </Text>
              {isMe && <Badge colorPalette="blue">{T.you}</Badge>}
            </HStack>
            {member.name && (
              <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
                {member.email}
              </Text>
            )}
          </Stack>
          <HStack gap="1" wrap="wrap">
            <Badge colorPalette={member.role === 'owner' ? 'purple' : 'gray'} data-testid="member-role">
              {T.roles[member.role as Role]}
            </Badge>
            <Badge colorPalette={member.active ? 'green' : 'red'} data-testid="member-status">
              {member.active ? T.active : T.inactive}
            </Badge>
            {server?.first_access && member.active && <Badge colorPalette="orange">{T.firstAccess}</Badge>}
          </HStack>
        </HStack>
        {server && (
          <Text textStyle="sm" color="fg.muted" data-testid="member-activity">
            {T.lastActivity}: {server.last_activity_at ? when(server.last_activity_at) : T.neverSignedIn} · {T.devices(sessions.length)}
          </Text>
        )}
        {sessions.length > 0 && (
          <Stack as="ul" listStyleType="none" gap="0" ps="3" borderStartWidth="2px">
            {sessions.map((s) => (
              <Text as="li" key={s.id} textStyle="sm">
                {s.device_name || T.unnamedDevice} — {when(s.last_seen_at)}
              </Text>
            ))}
          </Stack>
        )}
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('rename')}>
            {T.rename}
          </Button>
          {member.active && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('reset')}>
              {T.resetPassword}
            </Button>
          )}
          {member.active && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('role', member.role === 'owner' ? 'staff' : 'owner')}>
              {member.role === 'owner' ? T.makeStaff : T.makeOwner}
            </Button>
          )}
          {member.active ? (
            <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={() => onAction('deactivate')}>
              {T.deactivate}
            </Button>
          ) : (
            <Button size="sm" variant="outline" colorPalette="green" disabled={busy} onClick={() => onAction('reactivate')}>
              {T.reactivate}
            </Button>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}
