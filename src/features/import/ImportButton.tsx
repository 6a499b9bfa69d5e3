/**
 * 'Importar planilha' for one area. The dialog (and, once a file is chosen, its parsers) is
 * loaded on the first click, never with the page.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { FileUp } from 'lucide-react';
import type { ImportKind } from '../../domain/import/headers';
import { IMPORT_TEXT as T } from './messages';

const ImportDialog = lazy(() => import('./ImportDialog'));

export function ImportButton({ kind, ...buttonProps }: { kind: ImportKind } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        flexShrink={0}
        {...buttonProps}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <FileUp aria-hidden /> {T.button}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ImportDialog kind={kind} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
