/**
 * Small, always-visible sync status (sidebar footer / mobile top bar): offline, syncing, pending
 * changes, last sync; a red count of refused documents opens the panel that lists them.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Camera, Cloud, CloudOff, RefreshCw, TriangleAlert, CloudUpload } from 'lucide-react';
import { RefusedPanel } from './RefusedPanel';
import { SYNC_TEXT, photoUploads, syncStatusText, type SyncStatusView, type SyncTone } from './syncStatusText';

const TONE_ICON = { offline: CloudOff, busy: RefreshCw, pending: CloudUpload, ok: Cloud, error: TriangleAlert };

export interface SyncBadgeProps {
  status: SyncStatusView;
  onDiscard: (collection: string, id: string) => void;
  onRetry: (collection: string, id: string) => void;
  /** 'Corrigir' in the refused list, for the documents `canFix` accepts (the panel closes first). */
  onFix?: (collection: string, id: string) => void;
  canFix?: (refused: SyncStatusView['refused'][number]) => boolean;
  /**
   * full: icon + text; compact: icon (+ count) in a row, for the mobile top bar; rail: icon over
   * count, for the 3rem collapsed sidebar. The text is always the accessible label/tooltip.
   */
  layout?: SyncBadgeLayout;
  /** Colours for a dark background (sidebar, top bar). */
  dark?: boolean;
  /** Tentar novamente / Descartar on a photo the server refused. */
  onPhotoRetry?: (id: string) => void;
  onPhotoDiscard?: (id: string) => void;
  /**
   * The sync centre's further sections (recent imports): given, a tap on the status opens the
   * panel — titled 'Central de sincronização' — even with nothing refused.
   */
  centre?: ReactNode;
}

export type SyncBadgeLayout = 'full' | 'compact' | 'rail';

export function SyncBadge({ status, onDiscard, onRetry, onFix, canFix, layout = 'full', dark = true, onPhotoRetry, onPhotoDiscard, centre }: SyncBadgeProps) {
  const compact = layout !== 'full';
  const [panelOpen, setPanelOpen] = useState(false);
  const { text, tone } = syncStatusText(status);
  const photos = photoUploads(status);
  // Photos the server refused count with the refused changes (red); waiting ones get a camera count.
  const refusedCount = status.refused.length + photos.failed.length;
  const waitingPhotos = photos.unsent.length - photos.failed.length;
  const Icon = TONE_ICON[tone];
  const color = toneColor(tone, dark);
  const label = [text, refusedCount > 0 ? SYNC_TEXT.refusedCount(refusedCount) : null, waitingPhotos > 0 ? SYNC_TEXT.photosWaiting(waitingPhotos) : null]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <HStack
        data-testid="sync-badge"
        data-tone={tone}
        gap={compact ? '1' : '2'}
        flexDirection={layout === 'rail' ? 'column' : 'row'}
        justify={compact ? 'center' : 'flex-start'}
        px={compact ? '0' : '2'}
        minH="8"
        role="status"
        aria-live="polite"
        aria-label={label}
        title={label}
        color={color}
        textStyle="xs"
      >
        <HStack
          gap={compact ? '1' : '2'}
          flex={compact ? undefined : '1'}
          minW="0"
          {...(centre
            ? { as: 'button' as const, type: 'button', cursor: 'pointer', title: SYNC_TEXT.openCentre, 'aria-label': `${SYNC_TEXT.openCentre}: ${label}`, onClick: () => setPanelOpen(true), 'data-testid': 'sync-centre-open' }
            : {})}
        >
          <Box as="span" flexShrink={0} display="flex" animation={tone === 'busy' ? 'spin 1.2s linear infinite' : undefined}>
            <Icon size={16} aria-hidden />
          </Box>
          {!compact && (
            <Text as="span" flex="1" truncate textAlign="start">
              {text}
            </Text>
          )}
        </HStack>
        {waitingPhotos > 0 && refusedCount === 0 && (
          <Button
            size="2xs"
            minW="5"
            h="5"
            px="1.5"
            rounded="full"
            colorPalette="orange"
            variant="solid"
            gap="0.5"
            aria-label={SYNC_TEXT.photosWaiting(waitingPhotos)}
            title={SYNC_TEXT.photosWaiting(waitingPhotos)}
            data-testid="sync-photos"
            onClick={() => setPanelOpen(true)}
          >
            <Camera size={12} aria-hidden />
            {waitingPhotos}
          </Button>
        )}
        {refusedCount > 0 && (
          <Button
            size="2xs"
            minW="5"
            h="5"
            px="1.5"
            rounded="full"
            colorPalette="red"
            variant="solid"
            aria-label={SYNC_TEXT.refusedCount(refusedCount)}
            title={SYNC_TEXT.refusedCount(refusedCount)}
            onClick={() => setPanelOpen(true)}
          >
            {refusedCount}
          </Button>
        )}
      </HStack>
      <RefusedPanel
        open={panelOpen && (refusedCount > 0 || waitingPhotos > 0 || centre !== undefined)}
        title={centre !== undefined ? SYNC_TEXT.centreTitle : undefined}
        onClose={() => setPanelOpen(false)}
        refused={status.refused}
        photos={photos.unsent}
        onPhotoRetry={onPhotoRetry}
        onPhotoDiscard={onPhotoDiscard}
        onDiscard={onDiscard}
        onRetry={onRetry}
        canFix={canFix}
        onFix={
          onFix &&
          ((collection, id) => {
            setPanelOpen(false);
            onFix(collection, id);
          })
        }
      >
        {centre}
      </RefusedPanel>
    </>
  );
}

function toneColor(tone: SyncTone, dark: boolean): string {
  switch (tone) {
    case 'offline':
      return dark ? 'orange.300' : 'orange.600';
    case 'pending':
      return dark ? 'yellow.300' : 'yellow.700';
    case 'error':
      return dark ? 'red.300' : 'red.600';
    case 'ok':
      return dark ? 'green.300' : 'green.700';
    default:
      return dark ? 'gray.300' : 'gray.600';
  }
}
