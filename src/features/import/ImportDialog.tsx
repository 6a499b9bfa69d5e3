/**
 * Importar planilha (issue 32): choose a .csv/.xlsx → match its columns and see the preview with
 * each row's problem → import in batches with progress (stoppable) → the summary, with
 * 'Desfazer importação'. Loaded only when opened (its parsers even later, when a file is read).
 */
import { useRef } from 'react';
import { Alert, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { FileSpreadsheet } from 'lucide-react';
import type { ImportKind } from '../../domain/import/headers';
import { rowsToWrite } from '../../domain/import/plan';
import { useFirstDownload } from '../../data/db/first-download';
import { FirstDownloadState } from '../../ui/FirstDownloadState';
import { FormDialog } from '../../ui/FormDialog';
import { MappingFields } from './MappingFields';
import { IMPORT_TEXT as T } from './messages';
import { PlanPreview } from './PlanPreview';
import { RecentImports } from './RecentImports';
import { useImportFlow } from './useImportFlow';
import { useUndoImport } from './useUndoImport';

export interface ImportDialogProps {
  kind: ImportKind;
  open: boolean;
  onClose: () => void;
}

/** What a plan is checked against: a new device reads a file only once these are downloaded. */
const CHECKED_AGAINST = {
  customers: ['customers'],
  stock: ['catalog_items', 'stock_items'],
  transactions: ['customers'],
} as const;

export default function ImportDialog({ kind, open, onClose }: ImportDialogProps) {
  const flow = useImportFlow(kind);
  // Duplicates and missing catalogue entries are judged against the shop's data: not before
  // this device has it all (a new phone would list every default entry as new).
  const download = useFirstDownload(CHECKED_AGAINST[kind]);
  const { step, file, plan, unmapped } = flow;
  const input = useRef<HTMLInputElement>(null);
  const { requestUndo, dialog: undoDialog } = useUndoImport(() => flow.reset());
  const running = step.name === 'running';
  const close = () => {
    if (running) return;
    flow.reset();
    onClose();
  };
  const count = plan ? rowsToWrite(plan) : 0;

  const footer =
    step.name === 'preview' ? (
      <>
        <Button variant="outline" onClick={close}>
          {T.cancel}
        </Button>
        <Button colorPalette="blue" disabled={count === 0 || flow.missing.length > 0} onClick={() => void flow.start()}>
          {T.importN(count)}
        </Button>
      </>
    ) : running ? (
      <Button variant="outline" colorPalette="red" onClick={flow.stop} disabled={step.stopping}>
        {step.stopping ? T.stopping : T.stop}
      </Button>
    ) : step.name === 'done' ? (
      <>
        {step.summary.created + step.summary.updated + step.summary.catalog > 0 && (
          <Button variant="outline" colorPalette="red" onClick={() => requestUndo(step.summary)}>
            {T.undo}
          </Button>
        )}
        <Button colorPalette="blue" onClick={close}>
          {T.close}
        </Button>
      </>
    ) : (
      <Button variant="outline" onClick={close}>
        {T.close}
      </Button>
    );

  return (
    <FormDialog open={open} onClose={close} title={T.title(kind)} size="xl" testId="import-dialog" keepOpenOnOutsideClick closeLabel={running ? undefined : T.close} footer={footer}>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label={T.chooseFile}
        data-testid="import-file"
        style={{ display: 'none' }}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (f) void flow.choose(f);
        }}
      />
      {step.name === 'choose' || step.name === 'reading' ? (
        <Stack gap="4">
          <Text color="fg.muted" textStyle="sm">
            {T.fileHint}
          </Text>
          <Box>
            <Button
              colorPalette="blue"
              onClick={() => input.current?.click()}
              loading={step.name === 'reading'}
              loadingText={T.reading}
              disabled={!download.done}
            >
              <FileSpreadsheet aria-hidden /> {T.chooseFile}
            </Button>
          </Box>
          {!download.done && <FirstDownloadState progress={download} compact />}
          {step.name === 'choose' && step.error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{step.error}</Alert.Title>
            </Alert.Root>
          )}
          <RecentImports kind={kind} />
        </Stack>
      ) : step.name === 'preview' && file && plan ? (
        <Stack gap="5">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="medium" data-testid="import-file-summary" wordBreak="break-all">
              {T.fileSummary(file.name, file.table.rows.filter((r) => r.length > 0).length)}
            </Text>
            <Link as="button" color="blue.fg" textStyle="sm" onClick={() => input.current?.click()}>
              {T.otherFile}
            </Link>
          </HStack>
          {flow.missing.length > 0 ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{flow.missing.join(' ')}</Alert.Title>
            </Alert.Root>
          ) : (
            <PlanPreview kind={kind} plan={plan} />
          )}
          {unmapped.length > 0 && (
            <Text textStyle="sm" color="orange.fg" data-testid="import-unmapped">
              {T.unmapped(unmapped)}
            </Text>
          )}
          <Box>
            <Text fontWeight="medium" textStyle="sm">
              {T.mappingTitle}
            </Text>
            <Text textStyle="xs" color="fg.muted" mb="2">
              {T.mappingHint}
            </Text>
            <MappingFields
              kind={kind}
              headers={file.table.headers}
              mapping={flow.mapping}
              onChange={flow.setMapping}
              policy={flow.policy}
              onPolicyChange={flow.setPolicy}
            />
          </Box>
        </Stack>
      ) : running ? (
        <Stack gap="3" aria-live="polite">
          <Text fontWeight="medium" data-testid="import-progress">
            {T.progress(step.progress.done, step.progress.total)}
          </Text>
          <Box h="2" bg="bg.muted" rounded="full" overflow="hidden" role="progressbar" aria-valuemin={0} aria-valuemax={step.progress.total} aria-valuenow={step.progress.done}>
            <Box h="full" bg="blue.solid" width={`${step.progress.total ? (100 * step.progress.done) / step.progress.total : 0}%`} transition="width 0.2s" />
          </Box>
        </Stack>
      ) : step.name === 'done' ? (
        <Stack gap="3" data-testid="import-summary">
          <Alert.Root status={step.summary.status === 'done' ? 'success' : 'warning'}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{step.summary.status === 'done' ? T.doneTitle : T.cancelledTitle}</Alert.Title>
              <Alert.Description>
                {T.summary(kind, step.summary.created, step.summary.updated, step.summary.skipped, step.summary.catalog)}
                {step.summary.status === 'cancelled' ? ` ${T.cancelledNote}` : ''}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          {typeof navigator !== 'undefined' && navigator.onLine === false && (
            <Text textStyle="sm" color="fg.muted">
              {T.offlineNote}
            </Text>
          )}
        </Stack>
      ) : step.name === 'failed' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{T.failedTitle}</Alert.Title>
            <Alert.Description>{step.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {undoDialog}
    </FormDialog>
  );
}
