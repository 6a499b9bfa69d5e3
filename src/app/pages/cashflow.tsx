/**
 * Route module for /adm/dashboard (Fluxo de Caixa): composes the cash-flow feature with what
 * it needs from other areas — the customers' form for a new customer, the signed-in user's
 * e-mail and the install button.
 */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { CustomerDoc } from '@shared';
import { useAuth } from '../../data/auth';
import { CashflowPage } from '../../features/cashflow/CashflowPage';
import { CustomerForm } from '../../features/customers/CustomerForm';
import { InstallButton } from '../pwa';

/**
 * TEMPORARY adapter: the customers feature's form inside a dialog. The lead swaps in the real
 * CustomerFormDialog (same props) at merge. `initialName` is shown in the title until the real
 * dialog prefills its field.
 */
function CustomerFormDialogAdapter({
  open,
  onClose,
  initialName,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  initialName?: string;
  onSaved?: (c: CustomerDoc) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="center" size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Cadastrar Novo Cliente{initialName ? `: ${initialName}` : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {open && (
                <CustomerForm
                  onSaved={(c) => {
                    onSaved?.(c);
                    onClose();
                  }}
                  onCancel={onClose}
                />
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function DashboardRoute() {
  const auth = useAuth();
  const email = auth.status === 'signed-in' ? auth.user.email : null;
  return (
    <CashflowPage
      CustomerFormDialog={CustomerFormDialogAdapter}
      userEmail={email}
      installButton={<InstallButton variantLabel="desktop" onlyWithPrompt size="sm" />}
    />
  );
}
