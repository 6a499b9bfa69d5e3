/**
 * Route module for /adm/quotation/:code — the staff view of one quotation, read from the local
 * database (offline too). What the customer sees is drawn with the public page's pieces,
 * composed here so the features stay apart.
 */
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import type { CompanyDoc, CustomerDoc, PublicCompany, PublicQuotation, QuotationDoc } from '@shared';
import { CompanyHeader } from '../../features/public-quotation/CompanyHeader';
import { ContactFooter } from '../../features/public-quotation/ContactFooter';
import { QuotationView } from '../../features/public-quotation/QuotationView';
import '../../features/public-quotation/quotation.css';
import { StaffQuotationPage } from '../../features/quotations/StaffQuotationPage';
import { CustomerFormDialog } from '../../features/customers';
import { useLaunchToCash } from '../launch-to-cash';
import { useWorkOrderActions } from '../work-order-actions';
import { isQuotationExpired } from '../../domain/quotation-status';
import { NfsePanel } from '../../features/nfse';

const PixPanel = lazy(() => import('../../features/public-quotation/PixPanel'));

function toPublicQuotation(q: QuotationDoc, customer: CustomerDoc | null): PublicQuotation {
  return {
    code: q.code,
    created_at: q.created_at,
    description: q.description,
    status: q.status,
    // This device's clock: the staff view works offline.
    expired: isQuotationExpired(q, Date.now()),
    total_amount: q.total_amount,
    discounts: q.discounts,
    taxes: q.taxes,
    payment_method: q.payment_method,
    validity_date: q.validity_date,
    execution_deadline: q.execution_deadline,
    materials: q.materials,
    viewed_at: q.viewed_at ?? null,
    decided_at: q.decided_at ?? null,
    decision_reason: q.decision_reason ?? null,
    customer: customer ? { name: customer.name } : null,
  };
}

function toPublicCompany(c: CompanyDoc | null): PublicCompany | null {
  if (!c) return null;
  return {
    name: c.name,
    tagline: c.tagline ?? null,
    address: c.address,
    city: c.city,
    phones: c.phones,
    whatsapp_numbers: c.whatsapp_numbers,
    email: c.email ?? null,
    facebook_url: c.facebook_url ?? null,
    instagram_url: c.instagram_url ?? null,
    opening_hours: c.opening_hours,
    map_url: c.map_url ?? null,
    pix_key: c.pix_key ?? null,
  } as PublicCompany;
}

export const StaffQuotationRoute = () => {
  const { code } = useParams();
  const launch = useLaunchToCash();
  const workOrders = useWorkOrderActions();
  return (
    <StaffQuotationPage
      {...launch}
      {...workOrders}
      key={code ?? ''}
      code={code}
      CustomerFormDialog={CustomerFormDialog}
      renderFiscal={(q, customer) => (
        <NfsePanel
          job={{ jobKey: q.id, jobCode: q.code, quotationId: q.id, workOrderId: null, customerId: q.customer_id ?? null }}
          defaults={{ customer, description: q.description, amount: q.total_amount }}
        />
      )}
      renderCustomerView={(q, customer, company) => (
        <div className="pq-page">
          <CompanyHeader company={toPublicCompany(company)} />
          <QuotationView quotation={toPublicQuotation(q, customer)} />
          {company?.pix_key && (
            <Suspense fallback={null}>
              <PixPanel pixKey={company.pix_key} merchantName={company.name} merchantCity={company.city} amount={q.total_amount} code={q.code} />
            </Suspense>
          )}
          <ContactFooter company={toPublicCompany(company)} />
        </div>
      )}
    />
  );
};
