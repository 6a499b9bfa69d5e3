/** Route module for /adm/stock: composes the feature's page with what it needs from others. */
import { StockPage } from '../../features/stock/StockPage';
import { ImportButton } from '../../features/import';

export const StockRoute = () => <StockPage importButton={<ImportButton kind="stock" />} />;
