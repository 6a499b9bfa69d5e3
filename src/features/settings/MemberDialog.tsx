/** The shell and the closing row the team's small forms share ('Adicionar membro', 'Renomear'). */
import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { TEAM_TEXT as T } from './teamMessages';

interface DialogProps {
  open: boolean;
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}

export function MemberDialog({ open, title, testId, onClose, children }: DialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface ActionsProps {
  failure: string | null;
  busy: boolean;
  onCancel: () => void;
  submit: string;
  submitting: string;
}

/** What the server refused (when it was not one field's fault), then Cancelar and the submit button. */
export function MemberFormActions({ failure, busy, onCancel, submit, submitting }: ActionsProps) {
  return (
    <>
      {failure && (
        <Text color="red.600" role="alert">
          {failure}
        </Text>
      )}
      <HStack justify="flex-end" gap="2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {T.cancel}
        </Button>
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={submitting}>
          {submit}
        </Button>
      </HStack>
    </>
  );
}
