/**
 * The customer form in a dialog: 'Cadastrar Novo Cliente' (no customer; `initialName` fills
 * Nome) or 'Editar Cliente'. Used by the customers screen, the quotation form (+ button) and the
 * cash-flow form (composed in src/app), and by the sync badge's 'Corrigir' for a refused customer.
 */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { CustomerDoc } from '@shared';
import { CustomerFormBody } from './CustomerFormBody';
import { CUSTOMER_TEXT as T } from './messages';

export interface CustomerFormDialogProps {
  open: boolean;
  onClose: () => void;
  customer?: CustomerDoc | null;
  initialName?: string;
  onSaved?: (customer: CustomerDoc) => void;
}

export function CustomerFormDialog({ open, onClose, customer, initialName, onSaved }: CustomerFormDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="customer-form-dialog">
            <Dialog.Header>
              <Dialog.Title>{customer ? T.editTitle : T.formTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">
              <CustomerFormBody
                key={customer?.id ?? 'new'}
                customer={customer}
                initialName={initialName}
                onCancel={onClose}
                onSaved={(c) => {
                  onSaved?.(c);
                  onClose();
                }}
              />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
