/**
 * Configurações › Backups (owner only, issue 41): what the office computer's server says of its
 * backups — the last good one (when, size, where, verified), the second copy, the kept list, the
 * last failure with its reason — and Fazer backup agora. Read from the server, online only; no
 * backup file is offered for download (they stay on the office computer).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { DatabaseBackup } from 'lucide-react';
import { backupNow, getBackups, type BackupsResponse } from '../../data/backups';
import { useSyncStatus } from '../../data/db';
import { BACKUP_TEXT as T } from './backupMessages';
import { formatBytes, formatWhen } from './backupFormat';
import { notifyError, notifySuccess } from './notify';

export function BackupsTab() {
  const online = useSyncStatus().online;
  const [data, setData] = useState<BackupsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let alive = true;
    void getBackups().then((res) => {
      if (!alive) return;
      if (res.ok) {
        setData(res.value);
        setError(null);
      } else setError(res.code === 'offline' ? T.serverOnly : res.message);
    });
    return () => {
      alive = false;
    };
  }, [tick, online]);

  async function runNow() {
    setBusy(true);
    const res = await backupNow();
    setBusy(false);
    if (!res.ok) return notifyError(new Error(res.code === 'offline' ? T.offlineNow : res.message));
    setData(res.value);
    const last = res.value.lastGood;
    if (last && Date.now() - Date.parse(last.at) < 10 * 60_000) notifySuccess(T.done);
    else notifyError(new Error(res.value.lastFailure?.reason ?? T.failedNow));
    reload();
  }

  if (error) {
    return (
      <Alert.Root status="info" data-testid="backups-offline">
        <Alert.Indicator />
        <Alert.Description>{error}</Alert.Description>
      </Alert.Root>
    );
  }
  if (!data) {
    return (
      <HStack>
        <Spinner size="sm" />
        <Text>{T.loading}</Text>
      </HStack>
    );
  }
  const failureIsNewer = data.lastFailure && (!data.lastGood || Date.parse(data.lastFailure.at) > Date.parse(data.lastGood.at));
  return (
    <Stack gap="4" data-testid="backups-tab">
      <Text color="fg.muted">{T.intro}</Text>
      <HStack>
        <Button onClick={runNow} loading={busy} loadingText={T.running} disabled={busy || data.running || !online}>
          <DatabaseBackup /> {T.backupNow}
        </Button>
      </HStack>
      {failureIsNewer && data.lastFailure && (
        <Alert.Root status="error" data-testid="backups-failure">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {T.lastFailure} · {formatWhen(data.lastFailure.at)}
            </Alert.Title>
            <Alert.Description>{data.lastFailure.reason}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Body gap="2">
          <Heading as="h2" size="md">
            {T.lastGood}
          </Heading>
          {data.lastGood ? (
            <>
              <HStack wrap="wrap">
                <Text fontWeight="medium">{T.summary(data.lastGood.at, data.lastGood.size)}</Text>
                <Badge colorPalette={data.lastGood.verified ? 'green' : 'orange'}>{data.lastGood.verified ? T.verified : T.notVerified}</Badge>
                {data.lastGood.encrypted && <Badge>{T.encrypted}</Badge>}
              </HStack>
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                {T.where}: {data.lastGood.file}
              </Text>
            </>
          ) : (
            <Text>{T.none}</Text>
          )}
          <Text fontSize="sm">{data.nextRun ? T.next(data.nextRun) : T.nextOff}</Text>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body gap="2">
          <Heading as="h2" size="md">
            {T.copy}
          </Heading>
          {!data.copyDir ? (
            <Text>{T.copyNone}</Text>
          ) : data.copy && !data.copy.ok ? (
            <Text color="fg.error">{data.copy.reason}</Text>
          ) : data.copy ? (
            <Text>{T.copyOk(data.copy.dir, data.copy.at)}</Text>
          ) : (
            <Text>{data.copyDir}</Text>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body gap="2">
          <Heading as="h2" size="md">
            {T.kept}
          </Heading>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {T.where}: {data.dir}
          </Text>
          {data.kept.length === 0 ? (
            <Text>{T.keptEmpty}</Text>
          ) : (
            <Stack as="ul" gap="1" listStyleType="none" data-testid="backups-kept">
              {data.kept.map((b) => (
                <HStack as="li" key={b.name} wrap="wrap">
                  <Text>{formatWhen(b.at)}</Text>
                  <Text color="fg.muted">{formatBytes(b.size)}</Text>
                  {b.verified && <Badge colorPalette="green">{T.verified}</Badge>}
                  {b.copied && <Badge>{T.copy}</Badge>}
                </HStack>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
