/** Route module for /adm/customers (mobile) — the same screen the desktop overlay shows. */
import { CustomersPage } from '../../features/customers';

export const CustomersRoute = () => <CustomersPage />;
