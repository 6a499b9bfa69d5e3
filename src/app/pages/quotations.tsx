/** Route module for /adm/quotations: composes the feature's page with what it needs from others. */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { CustomerForm } from '../../features/customers/CustomerForm';
import { CUSTOMER_TEXT } from '../../features/customers/messages';
import { QuotationsPage } from '../../features/quotations/QuotationsPage';
import type { CustomerFormDialogProps } from '../../features/quotations/types';

/**
 * Temporary adapter: the customers feature's current CustomerForm inside a dialog, until its
 * real CustomerFormDialog lands (same props; swap it in here).
 */
export function CustomerFormDialogAdapter({ open, onClose, onSaved }: CustomerFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{CUSTOMER_TEXT.formTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body pb="4">
              {open && <CustomerForm onSaved={(c) => (onSaved ? onSaved(c) : onClose())} onCancel={onClose} />}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export const QuotationsRoute = () => <QuotationsPage CustomerFormDialog={CustomerFormDialogAdapter} />;
