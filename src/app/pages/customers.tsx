/** Route module for /adm/customers (mobile) — the same screen the desktop overlay shows. */
import { CustomersPage } from '../../features/customers';
import { ImportButton } from '../../features/import';

export const CustomersRoute = () => <CustomersPage importButton={<ImportButton kind="customers" />} />;
