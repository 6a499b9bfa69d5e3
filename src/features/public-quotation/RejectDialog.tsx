import { useState } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import { PQ_MESSAGES as M } from './messages';

interface Props {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  /** Resolves true when the quotation was rejected. */
  onConfirm: (reason: string) => Promise<boolean>;
}

const MAX_REASON = 500;

/** Asks for an optional reason before rejecting the quotation. */
export default function RejectDialog({ open, busy, onClose, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  return (
    <DialogRoot open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{M.rejectDialog.title}</Dialog.Title>
            </Dialog.Header>
            <form
              onSubmit={async (e) => {
                e.preventDefault();
                if (await onConfirm(reason)) setReason('');
              }}
            >
              <Dialog.Body>
                <Text mb="3" color="gray.600">
                  {M.rejectDialog.text}
                </Text>
                <Field.Root>
                  <Field.Label>{M.rejectDialog.reasonLabel}</Field.Label>
                  <Textarea
                    value={reason}
                    maxLength={MAX_REASON}
                    rows={4}
                    placeholder={M.rejectDialog.reasonPlaceholder}
                    onChange={(e) => setReason(e.target.value)}
                  />
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" type="button" onClick={onClose}>
                  {M.rejectDialog.cancel}
                </Button>
                <Button colorPalette="red" type="submit" loading={busy}>
                  {M.rejectDialog.confirm}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
