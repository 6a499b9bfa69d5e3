/** Route module for /adm/reports: the reports feature needs nothing from other areas. */
import { ReportsPage } from '../../features/reports/ReportsPage';

export const ReportsRoute = () => <ReportsPage />;
