/**
 * Submitting the form: validation, the Entrada customer lookup (offer an existing one or open
 * the new-customer dialog, stopping the submission), the double-entry guard's answers and the
 * toasts of spec §8.
 */
import { useRef, useState } from 'react';
import type { CustomerDoc, TransactionDoc } from '@shared';
import { DataError } from '../../data/db/errors';
import { transactionCommands } from '../../data/db/transactions';
import { validateDraft, type TxFieldErrors } from '../../domain/transaction-rules';
import { toaster } from '../../ui/toaster';
import { draftOf, type FormState } from './formState';
import { CASHFLOW_TEXT as T } from './messages';

export type FormErrors = TxFieldErrors & { date?: string };

interface Options {
  editing: TransactionDoc | null;
  userEmail: string | null;
  onDone: (t: TransactionDoc) => void;
  openNewCustomer: (name: string) => void;
}

export function useTransactionSubmit({ editing, userEmail, onDone, openNewCustomer }: Options) {
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [offered, setOffered] = useState<CustomerDoc | null>(null);
  const [similarPending, setSimilarPending] = useState<FormState | null>(null);

  async function run(form: FormState, allowSimilar: boolean) {
    const draft = draftOf(form);
    busyRef.current = true;
    setBusy(true);
    try {
      const saved = editing
        ? await transactionCommands.update(editing.id, draft)
        : await transactionCommands.create(draft, { allowSimilar });
      if (editing) toaster.create({ type: 'success', title: T.updated });
      else toaster.create({ type: 'success', title: T.createdBy(userEmail) });
      onDone(saved);
    } catch (err) {
      if (err instanceof DataError) {
        if (err.code === 'similar_recent') setSimilarPending(form);
        else if (err.field === 'customer' || err.field === 'amount' || err.field === 'date') setErrors({ [err.field]: err.message });
        else if (err.code === 'duplicate_recent' || err.code === 'in_flight') {
          toaster.create({ type: 'warning', title: T.duplicateTitle, description: err.message });
        } else toaster.create({ type: 'error', title: editing ? T.updateFailed : T.createFailed, description: err.message });
      } else {
        toaster.create({ type: 'error', title: editing ? T.updateFailed : T.createFailed });
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  async function submit(form: FormState) {
    if (busyRef.current) {
      toaster.create({ type: 'warning', title: T.duplicateTitle, description: T.inFlight });
      return;
    }
    const draft = draftOf(form);
    const next = validateDraft(draft, form.customerQuery);
    setErrors(next);
    if (next.customer || next.amount) return;
    if (form.type === 'entrada' && !form.customer) {
      busyRef.current = true;
      setBusy(true);
      try {
        const found = await transactionCommands.findCustomerByName(form.customerQuery);
        if (found) setOffered(found);
        else openNewCustomer(form.customerQuery.trim());
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
      return;
    }
    await run(form, false);
  }

  return {
    busy,
    errors,
    setErrors,
    offered,
    clearOffer: () => setOffered(null),
    submit,
    similarPending,
    confirmSimilar: async () => {
      const f = similarPending;
      setSimilarPending(null);
      if (f) await run(f, true);
    },
    cancelSimilar: () => setSimilarPending(null),
  };
}
