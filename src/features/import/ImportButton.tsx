/**
 * 'Importar planilha' for one area. The dialog (and, once a file is chosen, its parsers) is
 * loaded on the first click, never with the page — its code fetched as soon as the pointer or
 * the focus is on the button, and meanwhile the dialog's shell is on screen at once with a
 * loading state (issue 39 §2: it took 2.9–6.8 s to open on a phone with nothing shown).
 */
import { lazy, Suspense, useState } from 'react';
import { Button, HStack, Spinner, Text, type ButtonProps } from '@chakra-ui/react';
import { FileUp } from 'lucide-react';
import type { ImportKind } from '../../domain/import/headers';
import { FormDialog } from '../../ui/FormDialog';
import { IMPORT_TEXT as T } from './messages';

const loadDialog = () => import('./ImportDialog');
const ImportDialog = lazy(loadDialog);
/** Fetch the dialog's code ahead of the click (a failure is left to the click's own load). */
const prefetch = () => void loadDialog().catch(() => undefined);

/** What the dialog shows until its code is here: its title, a spinner, a close button. */
function ImportDialogLoading({ kind, open, onClose }: { kind: ImportKind; open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose} title={T.title(kind)} size="xl" testId="import-dialog-loading" closeLabel={T.close}>
      <HStack gap="3" role="status" aria-live="polite" py="6">
        <Spinner size="sm" color="blue.solid" />
        <Text color="fg.muted">{T.opening}</Text>
      </HStack>
    </FormDialog>
  );
}

export function ImportButton({ kind, ...buttonProps }: { kind: ImportKind } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant="outline"
        flexShrink={0}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        {...buttonProps}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <FileUp aria-hidden /> {T.button}
      </Button>
      {loaded && (
        <Suspense fallback={<ImportDialogLoading kind={kind} open={open} onClose={close} />}>
          <ImportDialog kind={kind} open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
