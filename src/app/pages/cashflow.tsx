/** Route module for /adm/cashflow: composes the feature's page with what it needs from others. */
import { PageTitle } from './PageTitle';

export const DashboardRoute = () => <PageTitle>Fluxo de Caixa</PageTitle>;
