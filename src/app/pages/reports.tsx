/** Route module for /adm/reports: composes the feature's page with what it needs from others. */
import { PageTitle } from './PageTitle';

export const ReportsRoute = () => <PageTitle>Relatórios</PageTitle>;
