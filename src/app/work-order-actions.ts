/**
 * 'Abrir ordem de serviço' on an accepted quotation (quotations list, cards and staff view) and
 * 'Ver ordem de serviço' once it has one (issue 31 §2): the quotations feature shows the action,
 * the work-order data layer opens the OS, and the services screen shows it. Composed here
 * because features never import each other.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { workOrderIdForQuotation, type QuotationDoc } from '@shared';
import { DataError } from '../data/db/errors';
import { useWorkOrderQuotationIds, workOrderCommands } from '../data/db/work-orders';
import { toaster } from '../ui/toaster';

export const OPEN_WORK_ORDER_TEXT = {
  done: (code: string) => `Ordem de serviço ${code} aberta.`,
  errorTitle: 'Não foi possível abrir a ordem de serviço',
  unexpected: 'Ocorreu um erro inesperado. Tente novamente.',
} as const;

export function useWorkOrderActions(): {
  onOpenWorkOrder: (q: QuotationDoc) => Promise<void>;
  onViewWorkOrder: (q: QuotationDoc) => void;
  workOrderQuotationIds: ReadonlySet<string>;
} {
  const navigate = useNavigate();
  const workOrderQuotationIds = useWorkOrderQuotationIds();
  const onViewWorkOrder = useCallback((q: QuotationDoc) => navigate(`/adm/services/${encodeURIComponent(workOrderIdForQuotation(q.id))}`), [navigate]);
  const onOpenWorkOrder = useCallback(
    async (q: QuotationDoc) => {
      try {
        const order = await workOrderCommands.openFromQuotation(q);
        toaster.create({ type: 'success', title: OPEN_WORK_ORDER_TEXT.done(order.code), duration: 2500 });
        navigate(`/adm/services/${encodeURIComponent(order.id)}`);
      } catch (err) {
        toaster.create({ type: 'error', title: OPEN_WORK_ORDER_TEXT.errorTitle, description: err instanceof DataError ? err.message : OPEN_WORK_ORDER_TEXT.unexpected });
      }
    },
    [navigate],
  );
  return { onOpenWorkOrder, onViewWorkOrder, workOrderQuotationIds };
}
