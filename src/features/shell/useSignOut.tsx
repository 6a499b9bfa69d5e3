/**
 * Sair: signs out, then /auth. When the data layer still holds unsynced changes, asks first —
 * signing out would drop them from this device.
 */
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import { signOut } from '../../data/auth';
import { toaster } from '../../ui/toaster';
import { SHELL_MESSAGES as M } from './messages';

export function useSignOut(): { requestSignOut: () => void; busy: boolean; confirmDialog: ReactNode } {
  const navigate = useNavigate();
  const [pending, setPending] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(force: boolean) {
    if (busy) return;
    setBusy(true);
    try {
      const result = await signOut(force ? { force: true } : undefined);
      if (result.ok) {
        setPending(null);
        toaster.create({ type: 'success', title: M.signOutSuccessTitle, description: M.signOutSuccessDescription });
        navigate('/auth', { replace: true });
      } else if (result.reason === 'unsynced') {
        setPending(result.pending);
      } else {
        setPending(null);
        toaster.create({ type: 'error', title: M.signOutErrorTitle, description: M.signOutErrorDescription });
      }
    } catch {
      setPending(null);
      toaster.create({ type: 'error', title: M.signOutErrorTitle, description: M.signOutErrorDescription });
    } finally {
      setBusy(false);
    }
  }

  const confirmDialog = (
    <DialogRoot
      open={pending !== null}
      onOpenChange={(d) => !d.open && setPending(null)}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{M.unsyncedTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{M.unsyncedText(pending ?? 0)}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setPending(null)} disabled={busy}>
                {M.cancel}
              </Button>
              <Button colorPalette="red" onClick={() => void run(true)} loading={busy}>
                {M.signOutAnyway}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );

  return { requestSignOut: () => void run(false), busy, confirmDialog };
}
