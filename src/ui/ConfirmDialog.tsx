/**
 * A yes/no question before something that cannot be undone (delete) or that changes what a
 * customer sees. `busyLabel` replaces the confirm label while `onConfirm`'s promise runs
 * ('Excluindo...'); the dialog stays open until it settles and cannot be confirmed twice.
 */
import { useState, type ReactNode } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { DialogRoot } from './DialogRoot';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busyLabel?: string;
  /** Red confirm button (delete). */
  destructive?: boolean;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  busyLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogRoot
      open={open}
      role="alertdialog"
      placement="center"
      onOpenChange={(d) => {
        if (!d.open && !busy) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{typeof message === 'string' ? <Text>{message}</Text> : message}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button colorPalette={destructive ? 'red' : 'blue'} onClick={() => void confirm()} loading={busy} loadingText={busyLabel}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
