export { StockPage } from './StockPage';
