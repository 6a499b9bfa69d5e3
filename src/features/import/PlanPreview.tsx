/**
 * What the import will write, before anything is: the counts, the catalogue entries it creates
 * (stock), the first rows as they will be stored, and each row's problem with its line and column.
 */
import { Badge, Box, HStack, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import type { ImportKind } from '../../domain/import/headers';
import { FIELD_LABELS, problemText, type ImportPlan } from '../../domain/import/plan';
import { thicknessDisplay } from '../../domain/catalog';
import { IMPORT_TEXT as T } from './messages';

const SHOWN_PROBLEMS = 100;

export function PlanPreview({ kind, plan }: { kind: ImportKind; plan: ImportPlan }) {
  const updates = plan.kind === 'customers' ? plan.fills.length : 0;
  const labels = plan.previewColumns ?? Object.values(FIELD_LABELS[kind]);
  return (
    <Stack gap="4">
      <Text fontWeight="semibold" data-testid="import-counts" aria-live="polite">
        {T.counts(kind, plan.creates.length, updates, plan.skipped)}
      </Text>

      {plan.kind === 'stock' && plan.newCatalog.length > 0 && (
        <Box>
          <Text textStyle="sm" fontWeight="medium" mb="1">
            {T.newCatalogTitle}
          </Text>
          <Wrap gap="1.5" data-testid="import-new-catalog">
            {plan.newCatalog.map((e) => (
              <Badge key={e.ref} colorPalette="purple" variant="subtle">
                {T.catalogKinds[e.kind]}: {e.kind === 'thickness' ? thicknessDisplay(e) : e.name}
              </Badge>
            ))}
          </Wrap>
        </Box>
      )}

      <Box>
        <Text textStyle="sm" fontWeight="medium" mb="1">
          {T.previewTitle}
        </Text>
        {plan.preview.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            {T.previewEmpty}
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md" maxW="full">
            <Table.Root size="sm" data-testid="import-preview">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{T.line}</Table.ColumnHeader>
                  {labels.map((l) => (
                    <Table.ColumnHeader key={l} whiteSpace="nowrap">
                      {l}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {plan.preview.map((row) => (
                  <Table.Row key={row.line}>
                    <Table.Cell color="fg.muted">{row.line}</Table.Cell>
                    {row.values.map((v, i) => (
                      <Table.Cell key={i} whiteSpace={v.length > 24 || v.includes('\n') ? 'pre-line' : 'nowrap'} minW={v.length > 24 ? '40' : undefined}>
                        {v || '—'}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Box>

      {plan.problems.length > 0 && (
        <Box>
          <Text textStyle="sm" fontWeight="medium" mb="1">
            {T.problemsTitle(plan.problems.length)}
          </Text>
          <Stack as="ul" gap="1" listStyleType="none" data-testid="import-problems" maxH="48" overflowY="auto" borderWidth="1px" rounded="md" p="2">
            {plan.problems.slice(0, SHOWN_PROBLEMS).map((p) => (
              <HStack as="li" key={`${p.line}-${p.column}`} textStyle="sm" color={p.message.includes('serão preenchidos') ? 'fg' : 'orange.fg'} align="start">
                <Text>{problemText(p)}</Text>
              </HStack>
            ))}
            {plan.problems.length > SHOWN_PROBLEMS && (
              <Text as="li" textStyle="sm" color="fg.muted">
                {T.moreProblems(plan.problems.length - SHOWN_PROBLEMS)}
              </Text>
            )}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
