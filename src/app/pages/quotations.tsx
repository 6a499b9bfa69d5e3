/** Route module for /adm/quotations: composes the feature's page with what it needs from others. */
import { CustomerFormDialog } from '../../features/customers';
import { QuotationsPage } from '../../features/quotations/QuotationsPage';
import { useLaunchToCash } from '../launch-to-cash';

export function QuotationsRoute() {
  const launch = useLaunchToCash();
  return <QuotationsPage CustomerFormDialog={CustomerFormDialog} {...launch} />;
}
