/** Route module for /adm/quotation/:code — the staff view of one quotation (mobile). */
import PublicQuotationRoute from './public-quotation';

export const StaffQuotationRoute = () => <PublicQuotationRoute />;
