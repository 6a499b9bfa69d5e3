import type { ComponentType } from 'react';
import type { CustomerDoc, QuotationDoc } from '@shared';

/** The customers feature's form dialog, handed in by the route module (features never import each other). */
export type CustomerFormDialogProps = { open: boolean; onClose: () => void; initialName?: string; onSaved?: (c: CustomerDoc) => void };
export type CustomerFormDialogComponent = ComponentType<CustomerFormDialogProps>;

/** 'Lançar no caixa' hook-in (the cash-flow command is composed in by the app). */
export type LaunchToCash = {
  onLaunchToCash?: (q: QuotationDoc) => Promise<void>;
  launchedQuotationIds?: ReadonlySet<string>;
} & WorkOrderHooks;

/**
 * 'Abrir ordem de serviço' / 'Ver ordem de serviço' on an accepted quotation (issue 31): the OS
 * commands and the navigation are composed in by the app.
 */
export type WorkOrderHooks = {
  onOpenWorkOrder?: (q: QuotationDoc) => Promise<void>;
  onViewWorkOrder?: (q: QuotationDoc) => void;
  /** Ids of the quotations that already have an OS. */
  workOrderQuotationIds?: ReadonlySet<string>;
};
