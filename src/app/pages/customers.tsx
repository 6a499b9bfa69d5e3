/** Route module for /adm/customers (mobile) — the same page the desktop overlay shows. */
import { CustomersPage } from '../../features/customers/CustomersPage';

export const CustomersRoute = () => <CustomersPage />;
