/** The team's small forms ('Adicionar membro', 'Renomear'): the app's form dialog and their shared closing row. */
import type { ReactNode } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { FormDialog } from '../../ui/FormDialog';
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
    <FormDialog open={open} onClose={onClose} title={title} testId={testId} closeLabel={T.close}>
      {children}
    </FormDialog>
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
