/**
 * The refusals the server just made, told in the page above the screen's content (issue 39): it
 * pushes the screen down instead of covering any of its buttons, and each closes with its ✕.
 */
import { Alert, CloseButton, Stack } from '@chakra-ui/react';
import { SYNC_TEXT } from './syncStatusText';
import type { RefusalNotice } from './useRefusedNotice';

/** At most this many are listed; the rest are in the sync centre. */
const SHOWN = 3;

export function RefusedNotice({ notices, onClose }: { notices: readonly RefusalNotice[]; onClose: (key: string) => void }) {
  if (notices.length === 0) return null;
  return (
    <Stack gap="2" mb="4" data-testid="refused-notice" role="status">
      {notices.slice(0, SHOWN).map((n) => (
        <Alert.Root key={n.key} status="error" alignItems="start" data-refusal={n.key}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{SYNC_TEXT.refusedToastTitle}</Alert.Title>
            <Alert.Description data-refusal-text>{n.text}</Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label={SYNC_TEXT.refusedNoticeClose} onClick={() => onClose(n.key)} />
        </Alert.Root>
      ))}
      {notices.length > SHOWN && (
        <Alert.Root status="error" variant="outline">
          <Alert.Description>{SYNC_TEXT.refusedNoticeMore(notices.length - SHOWN)}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
