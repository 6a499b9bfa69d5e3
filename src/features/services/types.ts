import type { ComponentType, ReactNode } from 'react';
import type { CustomerDoc, QuotationDoc, WorkOrderDoc } from '@shared';

/** The quotation form's customer picker, handed in by the route module (features never import each other). */
export type CustomerPickerProps = { selected: CustomerDoc | null; onSelect: (c: CustomerDoc | null) => void; error?: string };
export type CustomerPickerComponent = ComponentType<CustomerPickerProps>;

/** The quotation's receivable at delivery: the cash flow's 'Lançar no caixa', composed in by the app. */
export type Receivable = {
  launchedQuotationIds: ReadonlySet<string>;
  onLaunchToCash: (q: QuotationDoc) => Promise<void>;
  onMarkPaid: (q: QuotationDoc) => Promise<void>;
};

/** Where the OS's photos go (the photos feature, composed in by the app); nothing when absent. */
export type PhotoSlot = (workOrderId: string, canDelete: boolean) => ReactNode;

/** The OS's nota fiscal (the NFS-e feature, composed in by the app) once the job is done; nothing when absent. */
export type FiscalSlot = (order: WorkOrderDoc, customer: CustomerDoc | null) => ReactNode;
