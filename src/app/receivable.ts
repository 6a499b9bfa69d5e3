/**
 * 'Marcar como pago' at an OS's delivery: the quotation's one entrada (the same as 'Lançar no
 * caixa' makes, the transactions.quotation_id rule refusing a second on any device), recorded as
 * paid. Composed here because features never import each other.
 */
import { useCallback } from 'react';
import type { QuotationDoc } from '@shared';
import { DataError } from '../data/db/errors';
import { transactionCommands } from '../data/db/transactions';
import { toCents } from '../domain/money';
import { toaster } from '../ui/toaster';
import { LAUNCH_TEXT } from './launch-to-cash';

export const PAID_TEXT = {
  doneTitle: 'Recebimento registrado',
  done: (code: string) => `Entrada paga do orçamento ${code} registrada no Fluxo de Caixa.`,
} as const;

export function useMarkQuotationPaid(): (q: QuotationDoc) => Promise<void> {
  return useCallback(async (q: QuotationDoc) => {
    try {
      const tx = await transactionCommands.launchQuotationToCash(q);
      await transactionCommands.update(tx.id, {
        type: 'entrada',
        customer_id: tx.customer_id ?? null,
        name: null,
        category: null,
        description: tx.description,
        amountCents: toCents(tx.amount),
        payment_method: tx.payment_method,
        payment_status: 'pago',
        due_date: null,
      });
      toaster.create({ type: 'success', title: PAID_TEXT.doneTitle, description: PAID_TEXT.done(q.code) });
    } catch (err) {
      toaster.create({ type: 'error', title: LAUNCH_TEXT.errorTitle, description: err instanceof DataError ? err.message : LAUNCH_TEXT.unexpected });
    }
  }, []);
}
