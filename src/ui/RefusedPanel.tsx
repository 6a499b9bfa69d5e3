/** Lists documents the server refused, with the reason and Descartar / Tentar novamente. */
import type { ReactNode } from 'react';
import { Badge, Box, Button, CloseButton, Dialog, Heading, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { DialogRoot } from './DialogRoot';
import { PhotoUploadList } from './PhotoUploadList';
import { SYNC_TEXT, collectionLabel, documentTitle, type PhotoUploadView, type RefusedDocView } from './syncStatusText';

interface RefusedPanelProps {
  open: boolean;
  onClose: () => void;
  refused: readonly RefusedDocView[];
  onDiscard: (collection: string, id: string) => void;
  onRetry: (collection: string, id: string) => void;
  /** 'Corrigir': opens an editor on the refused version (offered where `canFix` says so). */
  onFix?: (collection: string, id: string) => void;
  canFix?: (refused: RefusedDocView) => boolean;
  /** Photos on this device not yet on the server (shown first, with progress or the refusal). */
  photos?: readonly PhotoUploadView[];
  onPhotoRetry?: (id: string) => void;
  onPhotoDiscard?: (id: string) => void;
  /** The sync centre: a title of its own and more sections (recent imports) after the refused list. */
  title?: string;
  children?: ReactNode;
}

export const FIX_LABEL = 'Corrigir';

export function RefusedPanel({ open, onClose, refused, onDiscard, onRetry, onFix, canFix, photos = [], onPhotoRetry, onPhotoDiscard, title, children }: RefusedPanelProps) {
  const onlyPhotos = refused.length === 0 && photos.length > 0 && !children;
  return (
    <DialogRoot open={open} onOpenChange={(d) => !d.open && onClose()} scrollBehavior="inside" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title ?? (onlyPhotos ? SYNC_TEXT.photosTitle : SYNC_TEXT.panelTitle)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {photos.length > 0 && (
                <Box mb="4">
                  {!onlyPhotos && (
                    <Heading as="h3" size="sm" mb="1">
                      {SYNC_TEXT.photosTitle}
                    </Heading>
                  )}
                  <Text color="fg.muted" textStyle="sm" mb="2">
                    {SYNC_TEXT.photosIntro}
                  </Text>
                  <PhotoUploadList photos={photos} onRetry={(id) => onPhotoRetry?.(id)} onDiscard={(id) => onPhotoDiscard?.(id)} />
                </Box>
              )}
              {!onlyPhotos && (
                <Text color="fg.muted" textStyle="sm" mb="3">
                  {SYNC_TEXT.panelIntro}
                </Text>
              )}
              {refused.length === 0 && !onlyPhotos && <Text>{SYNC_TEXT.noRefused}</Text>}
              <Stack as="ul" listStyleType="none" gap="3">
                {refused.map((r) => {
                  const title = documentTitle(r.document);
                  return (
                    <Box as="li" key={`${r.collection}:${r.id}`} borderWidth="1px" rounded="md" p="3" data-refused={r.id}>
                      <HStack gap="2" mb="1" wrap="wrap">
                        <Badge colorPalette="red">{collectionLabel(r.collection)}</Badge>
                        {title && <Text fontWeight="medium">{title}</Text>}
                      </HStack>
                      <Text textStyle="sm" color="red.700">
                        {r.message}
                      </Text>
                      <HStack mt="2" gap="2" justify="flex-end">
                        <Button size="xs" variant="outline" onClick={() => onDiscard(r.collection, r.id)}>
                          {SYNC_TEXT.discard}
                        </Button>
                        {onFix && canFix?.(r) && (
                          <Button size="xs" colorPalette="red" onClick={() => onFix(r.collection, r.id)}>
                            {FIX_LABEL}
                          </Button>
                        )}
                        <Button size="xs" colorPalette="blue" onClick={() => onRetry(r.collection, r.id)}>
                          {SYNC_TEXT.retry}
                        </Button>
                      </HStack>
                    </Box>
                  );
                })}
              </Stack>
              {children && <Box mt="5">{children}</Box>}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={SYNC_TEXT.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
