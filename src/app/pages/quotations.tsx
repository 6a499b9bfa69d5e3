/** Route module for /adm/quotations: composes the feature's page with what it needs from others. */
import { CustomerFormDialog } from '../../features/customers';
import { QuotationsPage } from '../../features/quotations/QuotationsPage';

export const QuotationsRoute = () => <QuotationsPage CustomerFormDialog={CustomerFormDialog} />;
