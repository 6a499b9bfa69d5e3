/**
 * The last imports on this device (newest first) with 'Desfazer importação' — in the import
 * dialog (that area's imports) and in the sync centre (all of them).
 */
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useRecentImports } from '../../data/db/imports';
import type { ImportKind } from '../../domain/import/headers';
import { IMPORT_TEXT as T } from './messages';
import { useUndoImport } from './useUndoImport';

const when = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

export function RecentImports({ kind, showKind = false }: { kind?: ImportKind; showKind?: boolean }) {
  const { imports } = useRecentImports();
  const { requestUndo, dialog } = useUndoImport();
  const shown = imports.filter((r) => !kind || r.kind === kind);
  return (
    <Box data-testid="recent-imports">
      <Text fontWeight="medium" textStyle="sm" mb="2">
        {T.recentTitle}
      </Text>
      {shown.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          {T.recentNone}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2">
          {shown.map((r) => (
            <HStack as="li" key={r.id} borderWidth="1px" rounded="md" p="2" gap="2" wrap="wrap" data-import={r.file}>
              <Box flex="1" minW="40">
                <Text textStyle="sm" fontWeight="medium" truncate>
                  {showKind ? `${T.kindLabels[r.kind]}: ` : ''}
                  {r.file}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {T.recentLine(r.kind, r.created, when(r.at))}
                </Text>
              </Box>
              <Badge colorPalette={r.status === 'undone' ? 'gray' : r.status === 'cancelled' ? 'orange' : 'green'}>{T.statusLabels[r.status]}</Badge>
              {r.status !== 'undone' && r.status !== 'running' && (
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => requestUndo(r)}>
                  {T.undo}
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {dialog}
    </Box>
  );
}
