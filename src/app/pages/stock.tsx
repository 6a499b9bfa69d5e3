/** Route module for /adm/stock: composes the feature's page with what it needs from others. */
import { PageTitle } from './PageTitle';

export const StockRoute = () => <PageTitle>Controle de Estoque</PageTitle>;
