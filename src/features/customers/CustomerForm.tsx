/** 'Cadastrar Novo Cliente' inline (no dialog): kept for screens that embed the form. */
import type { CustomerDoc } from '@shared';
import { CustomerFormBody } from './CustomerFormBody';

export function CustomerForm({ onSaved, onCancel }: { onSaved: (c: CustomerDoc) => void; onCancel: () => void }) {
  return <CustomerFormBody onSaved={onSaved} onCancel={onCancel} />;
}
