/** The list area: skeleton (10 rows) while loading, the first download's progress until it has finished, empty text, 'Atualizando...' over a recompute, failure banner, pages. */
import { useMemo } from 'react';
import { Alert, Box, Button, Center, HStack, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import type { TransactionDoc } from '@shared';
import { useFirstDownload } from '../../data/db/first-download';
import { FirstDownloadState } from '../../ui/FirstDownloadState';
import { awaitingFirstDownload } from '../../ui/firstDownloadText';
import { Pagination } from '../../ui/Pagination';
import { CASHFLOW_TEXT as T } from './messages';
import { rowView } from './rowView';
import { TransactionCards } from './TransactionCards';
import { TransactionTable } from './TransactionTable';

const SKELETON_ROWS = 10;

interface Props {
  rows: TransactionDoc[];
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (p: number) => void;
  loading: boolean;
  stale: boolean;
  failed: boolean;
  onRetry: () => void;
  narrow: boolean;
  today: string;
  customerNames: ReadonlyMap<string, string>;
  staffEmails: ReadonlyMap<string, string>;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

export function TransactionList(p: Props) {
  const { rows, today, customerNames, staffEmails } = p;
  const download = useFirstDownload('transactions');
  const views = useMemo(
    () => rows.map((t) => rowView(t, today, (id) => customerNames.get(id), (id) => staffEmails.get(id))),
    [rows, today, customerNames, staffEmails],
  );

  return (
    <Stack gap="3">
      {p.failed && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{T.loadFailed}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={p.onRetry}>
            {T.retry}
          </Button>
        </Alert.Root>
      )}
      {p.loading ? (
        <Stack gap="2" aria-busy="true" data-testid="transactions-skeleton">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <Skeleton key={i} height={p.narrow ? '20' : '10'} />
          ))}
        </Stack>
      ) : awaitingFirstDownload(download, p.total === 0) ? (
        <FirstDownloadState progress={download} />
      ) : p.total === 0 && !p.stale ? (
        <Center py="10" borderWidth="1px" borderStyle="dashed" borderRadius="md">
          <Text color="fg.muted">{T.empty}</Text>
        </Center>
      ) : (
        <Box position="relative" aria-busy={p.stale}>
          {!download.done && <FirstDownloadState progress={download} compact />}
          {p.narrow ? (
            <TransactionCards rows={views} onEdit={p.onEdit} onDelete={p.onDelete} />
          ) : (
            <TransactionTable rows={views} onEdit={p.onEdit} onDelete={p.onDelete} />
          )}
          {p.stale && (
            <Center position="absolute" inset="0" bg="bg/70" borderRadius="md" zIndex="1">
              <HStack gap="2" bg="bg.panel" px="3" py="2" borderRadius="md" shadow="sm" role="status">
                <Spinner size="sm" />
                <Text>{T.updating}</Text>
              </HStack>
            </Center>
          )}
        </Box>
      )}
      <Pagination page={p.page} total={p.total} pageSize={p.pageSize} onPageChange={p.onPageChange} buttons={p.narrow ? 3 : 5} />
    </Stack>
  );
}
