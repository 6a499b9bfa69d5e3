/**
 * The customer form in a dialog: 'Cadastrar Novo Cliente' (no customer; `initialName` fills
 * Nome) or 'Editar Cliente'. Used by the customers screen, the quotation form (+ button) and the
 * cash-flow form (composed in src/app), and by the sync badge's 'Corrigir' for a refused customer.
 */
import type { CustomerDoc } from '@shared';
import { FormDialog } from '../../ui/FormDialog';
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
    <FormDialog open={open} onClose={onClose} title={customer ? T.editTitle : T.formTitle} testId="customer-form-dialog" closeLabel={T.close}>
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
    </FormDialog>
  );
}
