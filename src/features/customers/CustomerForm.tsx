import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { customerCommands, CUSTOMER_MESSAGES, DataError, type CustomerDoc } from '../../data/db';
import { toaster } from '../../ui/toaster';
import { CUSTOMER_TEXT as T } from './messages';

type Errors = Partial<Record<'name' | 'phone', string>>;

/** 'Cadastrar Novo Cliente': Nome *, Telefone *, WhatsApp, Descrição → 'Salvar Cliente'. */
export function CustomerForm({ onSaved, onCancel }: { onSaved: (c: CustomerDoc) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [whatsapp, setWhatsapp] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    // Both required fields at once (the command reports only the first it meets).
    const next: Errors = {};
    if (!name.trim()) next.name = CUSTOMER_MESSAGES.nameRequired;
    if (!phone.trim()) next.phone = CUSTOMER_MESSAGES.phoneRequired;
    setErrors(next);
    if (next.name || next.phone) return;
    setSaving(true);
    try {
      const saved = await customerCommands.add({ name, phone, whatsapp, description });
      toaster.create({ type: 'success', title: T.createdTitle, description: T.created(saved.name) });
      onSaved(saved);
    } catch (err) {
      if (err instanceof DataError) {
        if (err.field === 'name' || err.field === 'phone') setErrors({ [err.field]: err.message });
        toaster.create({ type: 'error', title: T.saveErrorTitle, description: err.message });
      } else {
        toaster.create({ type: 'error', title: T.unexpectedTitle, description: T.unexpected });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={T.formTitle}>
      <Stack gap="3">
        <Field.Root invalid={Boolean(errors.name)}>
          <Field.Label>{T.name}</Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.phone)}>
          <Field.Label>{T.phone}</Field.Label>
          <Input value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="tel" autoComplete="off" />
          <Field.ErrorText>{errors.phone}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{T.whatsapp}</Field.Label>
          <Input value={whatsapp} onChange={(e) => setWhatsapp(e.target.value)} inputMode="tel" autoComplete="off" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{T.description}</Field.Label>
          <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
        </Field.Root>
        <HStack justify="flex-end">
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" disabled={saving}>
            {saving ? T.saving : T.save}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
