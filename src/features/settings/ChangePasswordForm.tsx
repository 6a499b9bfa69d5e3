/**
 * Change password with the same rules as the first-access dialog (schemas/rules PASSWORD_RULES).
 * Asks for the current password first: the server requires it outside the first access, so
 * whoever holds an unlocked device or a stolen token cannot take the account.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, Input, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Check, X } from 'lucide-react';
import { PASSWORD_RULES } from '@shared';
import { changePassword } from '../../data/auth';
import { toaster } from '../../ui/toaster';
import { SETTINGS_TEXT } from './messages';

const T = SETTINGS_TEXT.account;

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const rules = PASSWORD_RULES.map((r) => ({ rule: r.rule, label: r.label, ok: r.test(password) }));
  const strong = rules.every((r) => r.ok);
  const mismatch = confirmation.length > 0 && confirmation !== password;
  const canSubmit = current.length > 0 && strong && password === confirmation && !saving;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit) {
      if (current.length === 0) toaster.create({ type: 'error', title: T.pwErrorTitle, description: T.currentRequired });
      else if (!strong) toaster.create({ type: 'error', title: T.pwErrorTitle, description: T.weak });
      else if (password !== confirmation) toaster.create({ type: 'error', title: T.pwErrorTitle, description: T.mismatch });
      return;
    }
    setSaving(true);
    const result = await changePassword(password, current);
    setSaving(false);
    if (result.ok) {
      setCurrent('');
      setPassword('');
      setConfirmation('');
      toaster.create({ type: 'success', title: T.pwSuccessTitle, description: T.pwSuccess });
    } else {
      toaster.create({ type: 'error', title: T.pwErrorTitle, description: result.code === 'weak_password' ? T.weak : result.message });
    }
  }

  return (
    <Stack as="form" onSubmit={onSubmit} gap="4" maxW="xl">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root>
          <Field.Label>{T.currentPassword}</Field.Label>
          <Input
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </Field.Root>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root>
          <Field.Label>{T.newPassword}</Field.Label>
          <Input type="password" name="new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field.Root>
        <Field.Root invalid={mismatch}>
          <Field.Label>{T.confirmPassword}</Field.Label>
          <Input
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
          {mismatch && <Field.ErrorText>{T.mismatch}</Field.ErrorText>}
        </Field.Root>
      </SimpleGrid>
      <Stack gap="1" aria-live="polite">
        <Text textStyle="sm" fontWeight="medium">
          {T.rulesTitle}
        </Text>
        <List.Root variant="plain" gap="1">
          {rules.map((r) => (
            <List.Item key={r.rule} data-rule={r.rule} data-ok={r.ok} textStyle="sm" color={r.ok ? 'green.700' : 'fg.muted'}>
              <List.Indicator asChild>{r.ok ? <Check size={16} /> : <X size={16} />}</List.Indicator>
              {r.label}
            </List.Item>
          ))}
        </List.Root>
      </Stack>
      <Button type="submit" colorPalette="blue" alignSelf="flex-start" disabled={!canSubmit} loading={saving} loadingText={T.changing}>
        {T.changePassword}
      </Button>
    </Stack>
  );
}
