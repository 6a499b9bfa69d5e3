/**
 * The owner's warning about backups on the dashboard (issue 41): no good backup in 48 hours, or
 * the second folder failing — with the way to Configurações › Backups. Staff never see it. Asks
 * the server once when shown (online only: offline there is nothing to say, and nothing is said).
 */
import { useEffect, useState } from 'react';
import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { backupWarnings, type BackupWarning } from '@shared';
import { getBackups } from '../../data/backups';
import { useMyRole, useSyncStatus } from '../../data/db';
import { BACKUP_TEXT as T } from './backupMessages';

export function BackupNotice({ now }: { now?: Date }) {
  const role = useMyRole();
  const online = useSyncStatus().online;
  const [warnings, setWarnings] = useState<BackupWarning[]>([]);

  useEffect(() => {
    if (role !== 'owner' || !online) return;
    let alive = true;
    void getBackups().then((res) => {
      if (alive && res.ok) setWarnings(backupWarnings(res.value, now ?? new Date()));
    });
    return () => {
      alive = false;
    };
  }, [role, online, now]);

  if (role !== 'owner' || warnings.length === 0) return null;
  return (
    <Alert.Root status="warning" data-testid="backup-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{T.noticeTitle}</Alert.Title>
        {warnings.map((w) => (
          <Alert.Description key={w.kind}>{w.kind === 'stale' ? T.noticeStale(w.since) : T.noticeCopy(w.reason)}</Alert.Description>
        ))}
        <Link asChild color="blue.fg" fontWeight="medium" mt="1">
          <RouterLink to="/adm/settings?tab=backups">{T.noticeLink}</RouterLink>
        </Link>
      </Alert.Content>
    </Alert.Root>
  );
}
