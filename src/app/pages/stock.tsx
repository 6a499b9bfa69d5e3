/** Route module for /adm/stock: composes the feature's page with what it needs from others. */
import { StockPage } from '../../features/stock/StockPage';

export const StockRoute = () => <StockPage />;
