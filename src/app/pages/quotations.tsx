/** Route module for /adm/quotations: composes the feature's page with what it needs from others. */
import { CustomerFormDialog } from '../../features/customers';
import { QuotationsPage } from '../../features/quotations/QuotationsPage';
import { useLaunchToCash } from '../launch-to-cash';
import { useWorkOrderActions } from '../work-order-actions';

export function QuotationsRoute() {
  const launch = useLaunchToCash();
  const workOrders = useWorkOrderActions();
  return <QuotationsPage CustomerFormDialog={CustomerFormDialog} {...launch} {...workOrders} />;
}
