/**
 * 'Sincronização': unsent changes, last sync, 'Sincronizar agora', the device's clock when it is
 * more than a minute off the server's, refused documents, conflict log.
 */
import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { listConflicts, type ConflictEntry } from '../../data/account';
import { dismissRefused, retryRefused, syncNow, useSyncStatus } from '../../data/db/sync-status';
import { useStaffDirectory } from '../../data/db/staff-directory';
import { collectionLabel, documentTitle, photoUploads, SYNC_TEXT } from '../../ui/syncStatusText';
import { PhotoUploadList } from '../../ui/PhotoUploadList';
import { discardPhoto, retryPhoto } from '../../data/photos';
import { usePendingNotes } from '../../data/db/nfse';
import { formatBRL } from '../../domain/money';
import { CLOCK_SKEW_HINT, clockSkewMessage } from '../../domain/clock-skew';
import type { CollectionName } from '@shared';
import { fieldLabel, valueText, whenText, whoText } from './conflictText';
import { SETTINGS_TEXT } from './messages';
import { notifyError } from './notify';

const T = SETTINGS_TEXT.sync;

export function SyncTab() {
  const status = useSyncStatus();
  const emails = useStaffDirectory();
  const [conflicts, setConflicts] = useState<ConflictEntry[] | null>(null);
  const [conflictError, setConflictError] = useState<string | null>(null);

  const [tick, setTick] = useState(0);
  const loadConflicts = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    let alive = true;
    void listConflicts(50).then((res) => {
      if (!alive) return;
      if (res.ok) {
        setConflicts(res.value);
        setConflictError(null);
      } else setConflictError(navigator.onLine === false ? T.conflictsOffline : res.message);
    });
    return () => {
      alive = false;
    };
  }, [tick, status.lastSyncAt]);

  const act = (fn: () => Promise<void>) => () => void fn().catch(notifyError);
  const clock = clockSkewMessage(status.clockSkewMs);
  const photos = photoUploads(status).unsent;
  const notes = usePendingNotes();

  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <Stat label={T.status} value={status.online ? T.online : 'Offline'} tone={status.online ? 'green' : 'orange'} />
            <Stat label={T.pending} value={String(status.pending)} testId="sync-pending" />
            <Stat label={T.lastSync} value={status.lastSyncAt ? whenText(status.lastSyncAt) : T.never} testId="sync-last" />
          </SimpleGrid>
          {!status.online && (
            <Text mt="3" textStyle="sm" color="orange.700">
              {T.offline}
            </Text>
          )}
          {clock && (
            <Box mt="3" role="note" data-testid="clock-skew">
              <Text textStyle="sm" fontWeight="medium" color="orange.700">
                {clock}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {CLOCK_SKEW_HINT}
              </Text>
            </Box>
          )}
          <HStack mt="4">
            <Button
              colorPalette="blue"
              onClick={() => {
                void syncNow();
                loadConflicts();
              }}
              loading={status.syncing}
              loadingText={T.syncing}
            >
              {T.syncNow}
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>

      {notes.length > 0 && (
        <Card.Root data-testid="sync-pending-notes">
          <Card.Header>
            <Heading as="h2" size="md">
              {SYNC_TEXT.notesTitle}
            </Heading>
          </Card.Header>
          <Card.Body>
            <Text textStyle="sm" color="fg.muted" mb="3">
              {SYNC_TEXT.notesIntro}
            </Text>
            <Stack gap="2">
              {notes.map((n) => (
                <HStack key={n.id} justify="space-between" gap="2" wrap="wrap">
                  <Text textStyle="sm">{SYNC_TEXT.noteLine(n.job_code, n.tomador?.name ?? '—', formatBRL(n.amount))}</Text>
                  <Badge>{n.status === 'cancel_requested' ? SYNC_TEXT.noteCancel : SYNC_TEXT.photoWaiting}</Badge>
                </HStack>
              ))}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}

      {photos.length > 0 && (
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="md">
              {SYNC_TEXT.photosTitle}
            </Heading>
          </Card.Header>
          <Card.Body>
            <Text textStyle="sm" color="fg.muted" mb="3">
              {SYNC_TEXT.photosIntro}
            </Text>
            <PhotoUploadList photos={photos} onRetry={(id) => act(() => retryPhoto(id))()} onDiscard={(id) => act(() => discardPhoto(id))()} />
          </Card.Body>
        </Card.Root>
      )}

      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            {T.refusedTitle}
          </Heading>
        </Card.Header>
        <Card.Body>
          {status.refused.length === 0 ? (
            <Text>{T.noRefused}</Text>
          ) : (
            <Text textStyle="sm" color="fg.muted" mb="3">
              {T.refusedIntro}
            </Text>
          )}
          <Stack as="ul" listStyleType="none" gap="3">
            {status.refused.map((r) => (
              <Box as="li" key={`${r.collection}:${r.id}`} borderWidth="1px" rounded="md" p="3" data-refused={r.id}>
                <HStack gap="2" mb="1" wrap="wrap">
                  <Badge colorPalette="red">{collectionLabel(r.collection)}</Badge>
                  <Text fontWeight="medium">{documentTitle(r.document) ?? r.id.slice(0, 8)}</Text>
                  <Text textStyle="xs" color="fg.muted">
                    {whenText(r.at)}
                  </Text>
                </HStack>
                <Text textStyle="sm" color="red.700">
                  {r.message}
                </Text>
                <HStack mt="2" gap="2" justify="flex-end">
                  <Button size="xs" variant="outline" onClick={act(() => dismissRefused(r.collection as CollectionName, r.id))}>
                    {T.discard}
                  </Button>
                  <Button size="xs" colorPalette="blue" onClick={act(() => retryRefused(r.collection as CollectionName, r.id))}>
                    {T.retry}
                  </Button>
                </HStack>
              </Box>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            {T.conflictsTitle}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Text textStyle="sm" color="fg.muted" mb="3">
            {T.conflictsIntro}
          </Text>
          {conflictError && <Text color="orange.700">{conflictError}</Text>}
          {!conflictError && conflicts?.length === 0 && <Text>{T.noConflicts}</Text>}
          <Stack as="ul" listStyleType="none" gap="2">
            {(conflicts ?? []).map((c) => (
              <Box as="li" key={c.id} borderWidth="1px" rounded="md" p="3" textStyle="sm" data-conflict={c.id}>
                <HStack gap="2" wrap="wrap" mb="1">
                  <Badge>{collectionLabel(c.collection)}</Badge>
                  <Text fontWeight="medium">{fieldLabel(c.field)}</Text>
                  <Text color="fg.muted">{whenText(c.at)}</Text>
                </HStack>
                <Text>
                  <b>{T.kept}:</b> {valueText(c.winning_value)} — {whoText(c.winner_user_id, emails)}
                </Text>
                <Text color="fg.muted">
                  <b>{T.setAside}:</b> {valueText(c.losing_value)} — {whoText(c.loser_user_id, emails)}
                </Text>
              </Box>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function Stat({ label, value, tone, testId }: { label: string; value: string; tone?: string; testId?: string }) {
  return (
    <Stack gap="0">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold" color={tone ? `${tone}.fg` : undefined} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
