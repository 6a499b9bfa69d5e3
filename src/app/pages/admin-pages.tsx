export const DashboardRoute = () => <h1>Fluxo de Caixa</h1>;
export const StockRoute = () => <h1>Controle de Estoque</h1>;
export const ReportsRoute = () => <h1>Relatórios</h1>;
export const QuotationsRoute = () => <h1>Orçamentos</h1>;
export const SettingsRoute = () => <h1>Configurações</h1>;
export const CustomersRoute = () => <h1>Clientes</h1>;
