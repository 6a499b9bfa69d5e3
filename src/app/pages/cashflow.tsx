/**
 * Route module for /adm/dashboard (Fluxo de Caixa): composes the cash-flow feature with what
 * it needs from other areas — the customers' form for a new customer, the signed-in user's
 * e-mail, the install button and the owner's warnings about the A1 certificate and the backups (settings).
 */
import { useAuth } from '../../data/auth';
import { CashflowPage } from '../../features/cashflow/CashflowPage';
import { CustomerFormDialog } from '../../features/customers';
import { ImportButton } from '../../features/import';
import { BackupNotice, CertificateNotice } from '../../features/settings';
import { InstallButton } from '../pwa';

export function DashboardRoute() {
  const auth = useAuth();
  const email = auth.status === 'signed-in' ? auth.user.email : null;
  return (
    <CashflowPage
      CustomerFormDialog={CustomerFormDialog}
      userEmail={email}
      installButton={<InstallButton variantLabel="desktop" onlyWithPrompt size="sm" />}
      importButton={<ImportButton kind="transactions" size="sm" />}
      notice={
        <>
          <CertificateNotice />
          <BackupNotice />
        </>
      }
    />
  );
}
