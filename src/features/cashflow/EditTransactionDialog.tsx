/** 'Editar Transação': the same form in a modal (full screen on phones); the type cannot change. */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import type { CustomerDoc, TransactionDoc } from '@shared';
import { CASHFLOW_TEXT as T } from './messages';
import { TransactionForm, type CustomerFormDialogComponent } from './TransactionForm';

interface Props {
  transaction: TransactionDoc | null;
  customers: readonly CustomerDoc[];
  CustomerFormDialog: CustomerFormDialogComponent;
  userEmail: string | null;
  onClose: () => void;
}

export function EditTransactionDialog({ transaction, customers, CustomerFormDialog, userEmail, onClose }: Props) {
  return (
    <DialogRoot
      open={!!transaction}
      onOpenChange={(d) => !d.open && onClose()}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{T.editTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {transaction && (
                <TransactionForm
                  key={transaction.id}
                  editing={transaction}
                  customers={customers}
                  CustomerFormDialog={CustomerFormDialog}
                  userEmail={userEmail}
                  onDone={onClose}
                  onCancel={onClose}
                />
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.cancel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
