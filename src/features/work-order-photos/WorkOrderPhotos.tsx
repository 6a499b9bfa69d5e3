/**
 * The photos of one OS (issue 31 §5): the stored ones and those still on this device, 'Tirar
 * foto' (the camera on a phone, the file picker on a desktop) and 'Escolher da galeria' (several
 * at once: the floor often photographs first and attaches later — issue 39 §3), Mostrar ao
 * cliente per photo, delete for the owner, and an enlarged view on tap. Works offline: a photo
 * taken without signal waits on the device ('Aguardando envio') and goes when the connection returns.
 */
import { useRef, useState } from 'react';
import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Camera, Images } from 'lucide-react';
import { PHOTOS_PER_WORK_ORDER_MAX } from '@shared';
import { useWorkOrder, workOrderCommands } from '../../data/db/work-orders';
import { addPhoto, discardPhoto, retryPhoto, usePendingPhotos } from '../../data/photos';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toaster } from '../../ui/toaster';
import { PendingPhotoTile, StoredPhotoTile } from './PhotoTiles';
import { PhotoViewer, type ViewedPhoto } from './PhotoViewer';
import { PHOTO_TEXT } from './messages';

export interface WorkOrderPhotosProps {
  workOrderId: string;
  /** The owner may delete photos (the server refuses anyone else too). */
  canDelete: boolean;
}

function showError(err: unknown): void {
  toaster.create({ type: 'error', title: PHOTO_TEXT.errorTitle, description: err instanceof Error && err.message ? err.message : String(err) });
}

export function WorkOrderPhotos({ workOrderId, canDelete }: WorkOrderPhotosProps) {
  const { photos: stored } = useWorkOrder(workOrderId);
  const pending = usePendingPhotos(workOrderId);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  // Which button's files are being reduced (its spinner), and how many are left.
  const [reducing, setReducing] = useState<{ from: 'camera' | 'gallery'; left: number } | null>(null);
  const [viewing, setViewing] = useState<ViewedPhoto | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<string | null>(null);

  const storedIds = new Set(stored.map((p) => p.id));
  // A photo just sent shows as stored once its document is here; until then from the device.
  const local = pending.filter((p) => !storedIds.has(p.id));
  const count = stored.length + local.filter((p) => p.state !== 'failed').length;
  const full = count >= PHOTOS_PER_WORK_ORDER_MAX;

  const onFiles = async (from: 'camera' | 'gallery', target: HTMLInputElement) => {
    const list = target.files ? [...target.files] : [];
    target.value = '';
    const room = Math.max(0, PHOTOS_PER_WORK_ORDER_MAX - count);
    const taken = list.slice(0, room);
    if (list.length > taken.length) toaster.create({ type: 'warning', title: PHOTO_TEXT.title, description: PHOTO_TEXT.overLimit(list.length - taken.length) });
    let added = 0;
    // One at a time, as a camera photo: each is reduced, stripped of EXIF and queued.
    for (const [i, file] of taken.entries()) {
      setReducing({ from, left: taken.length - i });
      try {
        await addPhoto(workOrderId, file);
        added++;
      } catch (err) {
        showError(err);
      }
    }
    setReducing(null);
    if (added > 0 && typeof navigator !== 'undefined' && navigator.onLine === false) {
      toaster.create({ type: 'info', title: PHOTO_TEXT.title, description: added === 1 ? PHOTO_TEXT.savedOffline : PHOTO_TEXT.savedOfflineMany(added) });
    }
  };

  return (
    <Stack as="section" gap="3" aria-labelledby={`photos-${workOrderId}`} data-testid="work-order-photos">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md" id={`photos-${workOrderId}`}>
          {PHOTO_TEXT.title}{' '}
          <Text as="span" color="fg.muted" fontWeight="normal" textStyle="sm">
            ({PHOTO_TEXT.count(count)})
          </Text>
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button
            colorPalette="blue"
            size="sm"
            onClick={() => camera.current?.click()}
            disabled={full || reducing !== null}
            loading={reducing?.from === 'camera'}
            loadingText={PHOTO_TEXT.reducing}
          >
            <Camera size={16} aria-hidden />
            {PHOTO_TEXT.take}
          </Button>
          <Button
            colorPalette="blue"
            variant="outline"
            size="sm"
            onClick={() => gallery.current?.click()}
            disabled={full || reducing !== null}
            loading={reducing?.from === 'gallery'}
            loadingText={PHOTO_TEXT.reducing}
          >
            <Images size={16} aria-hidden />
            {PHOTO_TEXT.gallery}
          </Button>
        </HStack>
        {/* capture: a phone offers its camera only — hence the second input, for the photos already taken. */}
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          data-testid="photo-input"
          aria-label={PHOTO_TEXT.take}
          onChange={(e) => void onFiles('camera', e.currentTarget)}
        />
        <input
          ref={gallery}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="photo-gallery-input"
          aria-label={PHOTO_TEXT.gallery}
          onChange={(e) => void onFiles('gallery', e.currentTarget)}
        />
      </HStack>
      {full && (
        <Text textStyle="sm" color="fg.muted">
          {PHOTO_TEXT.limitReached}
        </Text>
      )}
      {count === 0 && local.length === 0 && (
        <Box borderWidth="1px" borderStyle="dashed" rounded="md" p="4" color="fg.muted" textStyle="sm">
          {PHOTO_TEXT.empty}
        </Box>
      )}
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3, lg: 4 }} gap="3">
        {stored.map((p, i) => (
          <StoredPhotoTile
            key={p.id}
            photo={p}
            number={i + 1}
            canDelete={canDelete}
            onOpen={() => setViewing({ id: p.id, number: i + 1, taken_at: p.taken_at })}
            onToggle={(visible) => void workOrderCommands.setPhotoVisible(p.id, visible).catch(showError)}
            onDelete={() => setDeleting(p.id)}
          />
        ))}
        {local.map((p, i) => (
          <PendingPhotoTile
            key={p.id}
            photo={p}
            number={stored.length + i + 1}
            onOpen={() => setViewing({ id: p.id, number: stored.length + i + 1, taken_at: p.taken_at })}
            onRetry={() => void retryPhoto(p.id).catch(showError)}
            onDiscard={() => setDiscarding(p.id)}
          />
        ))}
      </SimpleGrid>
      <PhotoViewer photo={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={PHOTO_TEXT.deleteTitle}
        message={PHOTO_TEXT.deleteMessage}
        confirmLabel={PHOTO_TEXT.deleteConfirm}
        busyLabel={PHOTO_TEXT.deleting}
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            if (deleting) await workOrderCommands.removePhoto(deleting, canDelete ? 'owner' : 'staff');
          } catch (err) {
            showError(err);
          }
          setDeleting(null);
        }}
      />
      <ConfirmDialog
        open={discarding !== null}
        title={PHOTO_TEXT.discardTitle}
        message={PHOTO_TEXT.discardMessage}
        confirmLabel={PHOTO_TEXT.discard}
        destructive
        onCancel={() => setDiscarding(null)}
        onConfirm={async () => {
          if (discarding) await discardPhoto(discarding).catch(showError);
          setDiscarding(null);
        }}
      />
    </Stack>
  );
}
