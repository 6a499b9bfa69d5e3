/**
 * First access: the user must replace the password they were given. The dialog has no close
 * button and ignores Esc and outside clicks; after a successful change the page reloads.
 */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Input, List, Portal, Stack, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import { Check, X } from 'lucide-react';
import { changePassword } from '../../data/auth';
import { toaster } from '../../ui/toaster';
import { AUTH_MESSAGES as M } from './messages';
import { checkPassword } from './passwordChecklist';

export function ForcePasswordDialog({ open }: { open: boolean }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const check = checkPassword(password, confirmation);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!check.canSubmit || saving) return;
    setSaving(true);
    try {
      const result = await changePassword(password, undefined, { reloading: true });
      if (result.ok) {
        toaster.create({ type: 'success', title: M.pwSuccessTitle, description: M.pwSuccessDescription });
        // Give the toast a moment to be seen before the reload; the dialog stays (Alterando...)
        // until then — the staff screens open after the reload, never just before it.
        setTimeout(() => window.location.reload(), 800);
        return;
      }
      const message = result.code === 'weak_password' ? M.pwWeak : result.message || M.pwWeak;
      toaster.create({ type: 'error', title: M.pwErrorTitle, description: message });
      setSaving(false);
    } catch (err) {
      toaster.create({
        type: 'error',
        title: M.pwErrorTitle,
        description: err instanceof Error && err.message ? err.message : M.unexpected,
      });
      setSaving(false);
    }
  }

  return (
    <DialogRoot
      open={open}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <form onSubmit={onSubmit}>
              <Dialog.Header>
                <Dialog.Title>{M.pwTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted">{M.pwIntro}</Text>
                  <Field.Root required>
                    <Field.Label>{M.pwNewLabel}</Field.Label>
                    <Input
                      type="password"
                      name="new-password"
                      autoComplete="new-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                  </Field.Root>
                  <Stack gap="1" aria-live="polite">
                    <Text textStyle="sm" fontWeight="medium">
                      {M.pwRulesTitle}
                    </Text>
                    <List.Root variant="plain" gap="1">
                      {check.rules.map((r) => (
                        <List.Item
                          key={r.rule}
                          data-rule={r.rule}
                          data-ok={r.ok}
                          textStyle="sm"
                          color={r.ok ? 'green.700' : 'fg.muted'}
                        >
                          <List.Indicator asChild>{r.ok ? <Check size={16} /> : <X size={16} />}</List.Indicator>
                          {r.label}
                        </List.Item>
                      ))}
                    </List.Root>
                  </Stack>
                  <Field.Root required invalid={check.mismatch}>
                    <Field.Label>{M.pwConfirmLabel}</Field.Label>
                    <Input
                      type="password"
                      name="confirm-password"
                      autoComplete="new-password"
                      value={confirmation}
                      onChange={(e) => setConfirmation(e.target.value)}
                    />
                    {check.mismatch && <Field.ErrorText>{M.pwMismatch}</Field.ErrorText>}
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="submit" colorPalette="blue" width="full" disabled={!check.canSubmit || saving}>
                  {saving ? M.pwSubmitting : M.pwSubmit}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
