/**
 * What a list shows while its collection's first download into this device is not finished:
 * what is happening and how far it got (never "no data" — a new device's lists are empty only
 * because nothing has arrived yet). `compact`: one line above the rows already stored.
 */
import { HStack, Spinner, Text } from '@chakra-ui/react';
import { CloudOff } from 'lucide-react';
import { firstDownloadText, type FirstDownloadProgress } from './firstDownloadText';

export function FirstDownloadState({ progress, compact = false }: { progress: FirstDownloadProgress; compact?: boolean }) {
  return (
    <HStack
      role="status"
      aria-live="polite"
      gap="2"
      color="fg.muted"
      py={compact ? '0' : '8'}
      mb={compact ? '2' : '0'}
      justify={compact ? 'flex-start' : 'center'}
      data-testid="first-download"
    >
      {progress.online ? <Spinner size="sm" /> : <CloudOff size={16} aria-hidden />}
      <Text textStyle={compact ? 'xs' : undefined}>{firstDownloadText(progress)}</Text>
    </HStack>
  );
}
