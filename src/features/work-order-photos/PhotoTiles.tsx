/** One tile of the OS photo grid: a stored photo (Mostrar ao cliente, delete) or one still on this device. */
import { Box, Button, HStack, IconButton, Progress, Stack, Switch, Text } from '@chakra-ui/react';
import { Trash2, CloudUpload, TriangleAlert } from 'lucide-react';
import type { WorkOrderPhotoDoc } from '@shared';
import { usePhotoImage, type PendingPhoto } from '../../data/photos';
import { useSyncStatus } from '../../data/db/sync-status';
import { PhotoImage } from './PhotoImage';
import { PHOTO_TEXT, pendingStatusText } from './messages';

const frame = { position: 'relative', aspectRatio: '4 / 3', overflow: 'hidden', roundedTop: 'md', bg: 'gray.100' } as const;

export function StoredPhotoTile(props: {
  photo: WorkOrderPhotoDoc;
  number: number;
  canDelete: boolean;
  onOpen: () => void;
  onToggle: (visible: boolean) => void;
  onDelete: () => void;
}) {
  const { photo, number, canDelete } = props;
  const { url, failed } = usePhotoImage(photo, useSyncStatus().online);
  return (
    <Box as="li" borderWidth="1px" rounded="md" bg="bg" data-photo={photo.id} data-photo-state="stored">
      <Box as="button" {...frame} display="block" w="100%" cursor="zoom-in" onClick={props.onOpen} aria-label={PHOTO_TEXT.open(number)}>
        <PhotoImage url={url} failed={failed} alt={PHOTO_TEXT.photoAlt(number)} />
      </Box>
      <HStack px="2" py="1.5" gap="1" justify="space-between">
        <Switch.Root size="sm" checked={photo.show_to_customer} onCheckedChange={(d) => props.onToggle(d.checked)} minW="0">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label textStyle="xs" lineClamp={2}>
            {PHOTO_TEXT.showToCustomer}
          </Switch.Label>
        </Switch.Root>
        {canDelete && (
          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`${PHOTO_TEXT.delete} ${number}`} title={PHOTO_TEXT.delete} onClick={props.onDelete}>
            <Trash2 size={14} />
          </IconButton>
        )}
      </HStack>
    </Box>
  );
}

export function PendingPhotoTile(props: { photo: PendingPhoto; number: number; onOpen: () => void; onRetry: () => void; onDiscard: () => void }) {
  const { photo, number } = props;
  const failed = photo.state === 'failed';
  return (
    <Box as="li" borderWidth="1px" borderColor={failed ? 'red.300' : 'border'} rounded="md" bg="bg" data-photo={photo.id} data-photo-state={photo.state}>
      <Box as="button" {...frame} display="block" w="100%" cursor="zoom-in" onClick={props.onOpen} aria-label={PHOTO_TEXT.open(number)}>
        <PhotoImage url={photo.url} alt={PHOTO_TEXT.photoAlt(number)} />
      </Box>
      <Stack px="2" py="1.5" gap="1">
        <HStack gap="1.5" color={failed ? 'red.700' : 'orange.700'} textStyle="xs" fontWeight="medium">
          {failed ? <TriangleAlert size={14} aria-hidden /> : <CloudUpload size={14} aria-hidden />}
          <Text data-testid="photo-status">{pendingStatusText(photo)}</Text>
        </HStack>
        {photo.state === 'uploading' && (
          <Progress.Root size="xs" value={Math.round((photo.progress ?? 0) * 100)} aria-label={pendingStatusText(photo)}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {failed && photo.error && (
          <Text textStyle="xs" color="red.700">
            {photo.error.message}
          </Text>
        )}
        {failed && (
          <HStack gap="1" wrap="wrap">
            <Button size="2xs" colorPalette="blue" onClick={props.onRetry}>
              {PHOTO_TEXT.retry}
            </Button>
            <Button size="2xs" variant="outline" onClick={props.onDiscard}>
              {PHOTO_TEXT.discard}
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}
