/** Route module for /adm/quotations: composes the feature's page with what it needs from others. */
import { PageTitle } from './PageTitle';

export const QuotationsRoute = () => <PageTitle>Orçamentos</PageTitle>;
