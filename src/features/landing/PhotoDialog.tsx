import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import type { GalleryPhoto } from './gallery';
import { LANDING_MESSAGES as M } from './messages';

/** A gallery photo shown larger; its description is the dialog's accessible name. */
export default function PhotoDialog({ photo, onClose }: { photo: GalleryPhoto | null; onClose: () => void }) {
  return (
    <DialogRoot open={photo !== null} onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.800" />
        <Dialog.Positioner>
          <Dialog.Content bg="gray.900" color="white" p="4" borderRadius="xl" maxW="min(92vw, 640px)">
            <Dialog.Title fontSize="lg" pr="10" mb="3">
              {photo?.alt}
            </Dialog.Title>
            {photo && (
              <img
                src={photo.src}
                alt={photo.alt}
                className={`ld-photo-large ld-photo--${photo.border}`}
              />
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" color="white" aria-label={M.photoClose} _hover={{ bg: 'whiteAlpha.200' }} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
