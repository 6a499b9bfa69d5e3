/**
 * 'Lançar no caixa' on an accepted quotation (quotations list and staff view): the quotations
 * feature shows the action, the cash-flow data layer makes the Entrada. Composed here because
 * features never import each other.
 */
import { useCallback } from 'react';
import type { QuotationDoc } from '@shared';
import { DataError } from '../data/db/errors';
import { transactionCommands, useLaunchedQuotationIds } from '../data/db/transactions';
import { toaster } from '../ui/toaster';

export const LAUNCH_TEXT = {
  doneTitle: 'Lançado no caixa',
  done: (code: string) => `Entrada pendente do orçamento ${code} registrada no Fluxo de Caixa.`,
  errorTitle: 'Não foi possível lançar no caixa',
  unexpected: 'Ocorreu um erro inesperado. Tente novamente.',
} as const;

export function useLaunchToCash(): {
  onLaunchToCash: (q: QuotationDoc) => Promise<void>;
  launchedQuotationIds: ReadonlySet<string>;
} {
  const launchedQuotationIds = useLaunchedQuotationIds();
  const onLaunchToCash = useCallback(async (q: QuotationDoc) => {
    try {
      await transactionCommands.launchQuotationToCash(q);
      toaster.create({ type: 'success', title: LAUNCH_TEXT.doneTitle, description: LAUNCH_TEXT.done(q.code) });
    } catch (err) {
      const description = err instanceof DataError ? err.message : LAUNCH_TEXT.unexpected;
      toaster.create({ type: 'error', title: LAUNCH_TEXT.errorTitle, description });
    }
  }, []);
  return { onLaunchToCash, launchedQuotationIds };
}
