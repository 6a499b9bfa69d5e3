/**
 * The temporary password of a new member or a reset, shown once (the server keeps only its
 * hash): copy it, or send it by WhatsApp with the address to open and the e-mail.
 */
import { Button, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import { Copy, MessageCircle } from 'lucide-react';
import { whatsappLink } from '../../domain/whatsapp';
import type { TemporaryPasswordResponse } from '../../data/team';
import { notifyError, notifySuccess } from './notify';
import { TEAM_TEXT as T } from './teamMessages';

interface Props {
  shown: { result: TemporaryPasswordResponse; reset: boolean } | null;
  onClose: () => void;
}

export function TemporaryPasswordDialog({ shown, onClose }: Props) {
  const member = shown?.result.member;
  const password = shown?.result.temporary_password ?? '';
  const name = member?.name || member?.email || '';
  const signInUrl = `${window.location.origin}/auth`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      notifySuccess(T.copied);
    } catch {
      notifyError(new Error(T.copyFailed));
    }
  }

  return (
    <DialogRoot open={shown !== null} role="alertdialog" placement="center" closeOnInteractOutside={false} onOpenChange={(d) => !d.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="temporary-password-dialog">
            <Dialog.Header>
              <Dialog.Title>{shown?.reset ? T.passwordResetTitle : T.passwordTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{T.passwordIntro(name)}</Text>
                <Stack gap="1">
                  <Text textStyle="sm" color="fg.muted" id="temporary-password-label">
                    {T.passwordLabel}
                  </Text>
                  <Code
                    aria-labelledby="temporary-password-label"
                    data-testid="temporary-password"
                    fontSize="xl"
                    px="3"
                    py="2"
                    userSelect="all"
                    wordBreak="break-all"
                  >
                    {password}
                  </Code>
                  <Text textStyle="sm" color="fg.muted">
                    {member?.email}
                  </Text>
                </Stack>
                <HStack gap="2" wrap="wrap">
                  <Button variant="outline" onClick={() => void copy()}>
                    <Copy size={16} /> {T.copy}
                  </Button>
                  <Button asChild colorPalette="green" variant="solid">
                    <a href={whatsappLink('', T.shareMessage(name, member?.email ?? '', password, signInUrl))} target="_blank" rel="noreferrer">
                      <MessageCircle size={16} /> {T.share}
                    </a>
                  </Button>
                </HStack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={onClose}>
                {T.close}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
