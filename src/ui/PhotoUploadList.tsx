/**
 * Photos taken on this device and not yet on the server, for the sync centre (the badge's panel
 * and Configurações › Sincronização): waiting, uploading with progress, or refused with the
 * server's reason and Tentar novamente / Descartar.
 */
import { Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { SYNC_TEXT, formatHHmm, photoUploadText, type PhotoUploadView } from './syncStatusText';

export interface PhotoUploadListProps {
  photos: readonly PhotoUploadView[];
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

export function PhotoUploadList({ photos, onRetry, onDiscard }: PhotoUploadListProps) {
  return (
    <Stack as="ul" listStyleType="none" gap="2" data-testid="photo-uploads">
      {photos.map((p) => {
        const failed = p.state === 'failed';
        return (
          <Box as="li" key={p.id} borderWidth="1px" borderColor={failed ? 'red.300' : 'border'} rounded="md" p="3" data-photo-upload={p.state}>
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={failed ? 'red' : 'orange'}>{SYNC_TEXT.photoLabel}</Badge>
              <Text textStyle="xs" color="fg.muted">
                {SYNC_TEXT.photoTakenAt(formatHHmm(p.taken_at))} · {(p.size / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 })} KB
              </Text>
            </HStack>
            <Text mt="1" textStyle="sm" color={failed ? 'red.700' : 'fg'}>
              {photoUploadText(p)}
            </Text>
            {p.state === 'uploading' && (
              <Progress.Root mt="1" size="xs" value={Math.round((p.progress ?? 0) * 100)} aria-label={photoUploadText(p)}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
            {failed && (
              <HStack mt="2" gap="2" justify="flex-end">
                <Button size="xs" variant="outline" onClick={() => onDiscard(p.id)}>
                  {SYNC_TEXT.discard}
                </Button>
                <Button size="xs" colorPalette="blue" onClick={() => onRetry(p.id)}>
                  {SYNC_TEXT.retry}
                </Button>
              </HStack>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
