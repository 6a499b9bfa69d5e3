/** The enlarged view of one photo (tap on a tile). */
import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import { usePhotoImage } from '../../data/photos';
import { useSyncStatus } from '../../data/db/sync-status';
import { formatDateTime } from '../../domain/dates';
import { PhotoImage } from './PhotoImage';
import { PHOTO_TEXT } from './messages';

export interface ViewedPhoto {
  id: string;
  number: number;
  taken_at: string;
}

export function PhotoViewer({ photo, onClose }: { photo: ViewedPhoto | null; onClose: () => void }) {
  const { url, failed, copy } = usePhotoImage(photo, useSyncStatus().online);
  return (
    <DialogRoot open={photo !== null} onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'xl' }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="gray.900" color="white" data-testid="photo-viewer">
            <Dialog.Header>
              <Dialog.Title>{photo ? PHOTO_TEXT.photoAlt(photo.number) : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="2" minH="0">
              <PhotoImage url={url} failed={failed} alt={photo ? PHOTO_TEXT.photoAlt(photo.number) : ''} fit="contain" />
              {photo && (
                <Text textStyle="sm" color="gray.300">
                  {PHOTO_TEXT.takenAt(formatDateTime(photo.taken_at))}
                </Text>
              )}
              {copy && (
                <Text textStyle="xs" color="gray.400" data-testid="photo-copy-note">
                  {PHOTO_TEXT.copyImage}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" color="white" aria-label={PHOTO_TEXT.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
