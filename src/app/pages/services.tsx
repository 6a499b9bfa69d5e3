/**
 * Route modules for /adm/services (Ordens de Serviço) and /adm/services/:id: compose the services
 * feature with what it needs from others — the quotation form's customer picker (with the
 * customers feature's form dialog), the cash flow's receivable and, when present, the photos.
 */
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { QuotationDoc } from '@shared';
import { CustomerFormDialog } from '../../features/customers';
import { CustomerPicker } from '../../features/quotations/CustomerPicker';
import { ServicesPage } from '../../features/services/ServicesPage';
import { WorkOrderPage } from '../../features/services/WorkOrderPage';
import { WorkOrderPhotos } from '../../features/work-order-photos';
import type { CustomerPickerProps, FiscalSlot, PhotoSlot, Receivable } from '../../features/services/types';
import { NfsePanel } from '../../features/nfse';
import { nfseJobKey } from '../../domain/nfse/request';
import { useLaunchToCash } from '../launch-to-cash';
import { useMarkQuotationPaid } from '../receivable';

function WorkOrderCustomerPicker(props: CustomerPickerProps) {
  return <CustomerPicker {...props} CustomerFormDialog={CustomerFormDialog} />;
}

export const ServicesRoute = () => <ServicesPage CustomerPicker={WorkOrderCustomerPicker} />;

/** The photos of an OS: the photos feature (Tirar foto, Mostrar ao cliente, the owner's delete). */
const photos: PhotoSlot = (workOrderId, canDelete) => <WorkOrderPhotos workOrderId={workOrderId} canDelete={canDelete} />;

/** The OS's nota fiscal: one job with its quotation's (the note asked on either screen is the same). */
const fiscal: FiscalSlot = (order, customer) => (
  <NfsePanel
    job={{
      jobKey: nfseJobKey({ quotationId: order.quotation_id ?? null, workOrderId: order.id }),
      jobCode: order.code,
      quotationId: order.quotation_id ?? null,
      workOrderId: order.id,
      customerId: order.customer_id ?? null,
    }}
    defaults={{ customer, description: order.description, amount: order.total_amount }}
  />
);

export function WorkOrderRoute() {
  const { id } = useParams();
  const launch = useLaunchToCash();
  const markPaid = useMarkQuotationPaid();
  const onMarkPaid = useCallback((q: QuotationDoc) => markPaid(q), [markPaid]);
  const receivable: Receivable = { launchedQuotationIds: launch.launchedQuotationIds, onLaunchToCash: launch.onLaunchToCash, onMarkPaid };
  return <WorkOrderPage key={id ?? ''} id={id} receivable={receivable} photos={photos} fiscal={fiscal} />;
}
