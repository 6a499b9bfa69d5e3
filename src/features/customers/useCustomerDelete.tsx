/**
 * Delete with the spec's confirmation; a customer with quotations or transactions is refused at
 * once, saying how many of each (the same rule the command enforces).
 */
import { useState, type ReactNode } from 'react';
import { customerCommands, type CustomerRow } from '../../data/db/customers';
import { DataError } from '../../data/db/errors';
import { customerDeleteRefusal } from '../../domain/customers';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toaster } from '../../ui/toaster';
import { CUSTOMER_TEXT as T } from './messages';

export function useCustomerDelete(): { requestDelete: (c: CustomerRow) => void; dialog: ReactNode } {
  const [target, setTarget] = useState<CustomerRow | null>(null);

  const refuse = (message: string) =>
    toaster.create({ type: 'error', title: T.deleteError, description: message, duration: 8000, closable: true });

  const requestDelete = (c: CustomerRow) => {
    const refusal = customerDeleteRefusal({ quotations: c.quotation_count, transactions: c.transaction_count });
    if (refusal) refuse(refusal);
    else setTarget(c);
  };

  const confirm = async () => {
    if (!target) return;
    try {
      await customerCommands.remove(target.id);
      toaster.create({ type: 'success', title: T.deleted });
      setTarget(null);
    } catch (err) {
      setTarget(null);
      if (err instanceof DataError && err.code === 'has_history') refuse(err.message);
      else toaster.create({ type: 'error', title: T.deleteErrorTitle, description: T.deleteError });
    }
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={T.confirmDeleteTitle}
      message={T.confirmDelete}
      confirmLabel={T.confirmDeleteLabel}
      busyLabel={T.deleting}
      destructive
      onConfirm={confirm}
      onCancel={() => setTarget(null)}
    />
  );
  return { requestDelete, dialog };
}
