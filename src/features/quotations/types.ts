import type { ComponentType } from 'react';
import type { CustomerDoc, QuotationDoc } from '@shared';

/** The customers feature's form dialog, handed in by the route module (features never import each other). */
export type CustomerFormDialogProps = { open: boolean; onClose: () => void; initialName?: string; onSaved?: (c: CustomerDoc) => void };
export type CustomerFormDialogComponent = ComponentType<CustomerFormDialogProps>;

/** 'Lançar no caixa' hook-in (the cash-flow command is composed in by the app). */
export type LaunchToCash = {
  onLaunchToCash?: (q: QuotationDoc) => Promise<void>;
  launchedQuotationIds?: ReadonlySet<string>;
};
