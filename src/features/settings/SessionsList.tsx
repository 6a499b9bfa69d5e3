/** This user's device sessions: name, last use, this device marked; end any other one. */
import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { endSession, listSessions, type SessionInfo } from '../../data/account';
import { formatDate, formatTime } from '../../domain/dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SETTINGS_TEXT } from './messages';
import { notifyError, notifySuccess } from './notify';

const T = SETTINGS_TEXT.account;
const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

export function SessionsList() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toEnd, setToEnd] = useState<SessionInfo | null>(null);

  const [tick, setTick] = useState(0);
  const load = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    let alive = true;
    void listSessions().then((res) => {
      if (!alive) return;
      if (res.ok) {
        setSessions(res.value.sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at)));
        setError(null);
      } else setError(navigator.onLine === false ? T.offline : res.message);
    });
    return () => {
      alive = false;
    };
  }, [tick]);

  async function confirmEnd() {
    if (!toEnd) return;
    const res = await endSession(toEnd.id);
    setToEnd(null);
    if (res.ok) {
      notifySuccess(T.ended);
      load();
    } else notifyError(new Error(res.message));
  }

  return (
    <Stack gap="3">
      <Text textStyle="sm" color="fg.muted">
        {T.devicesIntro}
      </Text>
      {error && (
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text color="orange.700">{error}</Text>
          <Button size="sm" variant="outline" onClick={load}>
            {T.reload}
          </Button>
        </HStack>
      )}
      {!error && sessions === null && <Spinner size="sm" />}
      <Stack as="ul" listStyleType="none" gap="2">
        {(sessions ?? []).map((s) => {
          const name = s.device_name || T.unnamedDevice;
          return (
            <Box as="li" key={s.id} borderWidth="1px" rounded="md" p="3" data-session={name} data-current={s.current}>
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Stack gap="0" minW="0">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="medium">{name}</Text>
                    {s.current && <Badge colorPalette="green">{T.thisDevice}</Badge>}
                  </HStack>
                  <Text textStyle="sm" color="fg.muted">
                    {T.lastUse}: {when(s.last_seen_at)} · {T.since} {formatDate(s.created_at)}
                  </Text>
                </Stack>
                {!s.current && (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => setToEnd(s)}>
                    {T.endSession}
                  </Button>
                )}
              </HStack>
            </Box>
          );
        })}
      </Stack>
      <ConfirmDialog
        open={toEnd !== null}
        title={T.endTitle}
        message={T.endMessage(toEnd?.device_name || T.unnamedDevice)}
        confirmLabel={T.endSession}
        busyLabel={T.ending}
        destructive
        onConfirm={confirmEnd}
        onCancel={() => setToEnd(null)}
      />
    </Stack>
  );
}
