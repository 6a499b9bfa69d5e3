/**
 * Staff pages under /adm. Pages not built yet show an honest placeholder: their title only.
 */
import { Heading } from '@chakra-ui/react';
import { CustomersPage } from '../../features/customers/CustomersPage';

function PageTitle({ children }: { children: string }) {
  return (
    <Heading as="h1" size="2xl" mb="4">
      {children}
    </Heading>
  );
}

export const DashboardRoute = () => <PageTitle>Fluxo de Caixa</PageTitle>;
export const StockRoute = () => <PageTitle>Controle de Estoque</PageTitle>;
export const ReportsRoute = () => <PageTitle>Relatórios</PageTitle>;
export const QuotationsRoute = () => <PageTitle>Orçamentos</PageTitle>;
export const SettingsRoute = () => <PageTitle>Configurações</PageTitle>;
export const CustomersRoute = () => <CustomersPage />;
