/** 'Gerenciamento de Clientes' over the current page (Clientes in the sidebar/menu), closable. */
import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import { SHELL_MESSAGES as M } from './messages';
import { useIsMobile } from './useIsMobile';

export function CustomersOverlay({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  // Not a responsive size prop: the 'full' size's min-height would leak into the desktop size.
  const isMobile = useIsMobile();
  return (
    <DialogRoot
      open={open}
      onOpenChange={(d) => !d.open && onClose()}
      size={isMobile ? 'full' : 'xl'}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Wide enough for the customers table with its seven columns (xl alone is 36rem). */}
          <Dialog.Content
            maxW={isMobile ? undefined : 'min(72rem, calc(100vw - 2rem))'}
            minH={isMobile ? undefined : 'min(42rem, calc(100dvh - 8rem))'}
          >
            <Dialog.Header>
              <Dialog.Title>{M.customersOverlayTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={M.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
