/** Full-screen 'Novo Orçamento' / 'Editar Orçamento' with a ✕ that closes it. */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import type { CustomerDoc, QuotationDoc } from '@shared';
import { customerNotYetSynced } from '../../domain/customers';
import { QT } from './messages';
import { QuotationForm } from './QuotationForm';
import type { CustomerFormDialogComponent } from './types';

type Props = {
  editing: QuotationDoc | null;
  onClose: () => void;
  CustomerFormDialog: CustomerFormDialogComponent;
  customers: ReadonlyMap<string, CustomerDoc>;
};

export function QuotationFormModal({ editing, onClose, CustomerFormDialog, customers }: Props) {
  const title = editing ? QT.editQuotation : QT.newQuotation;
  // A customer not on this device yet keeps its link (the form shows it as not synced yet).
  const initialCustomer = editing?.customer_id
    ? customers.get(editing.customer_id) ?? customerNotYetSynced<CustomerDoc>(editing.customer_id)
    : null;
  return (
    <DialogRoot open size="full" onOpenChange={(d) => !d.open && onClose()} closeOnInteractOutside={false} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header borderBottomWidth="1px">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label={QT.close} size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body pt="4">
              <QuotationForm editing={editing} initialCustomer={initialCustomer} CustomerFormDialog={CustomerFormDialog} onDone={onClose} onCancel={onClose} />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
