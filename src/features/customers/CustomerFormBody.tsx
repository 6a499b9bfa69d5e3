/**
 * The customer form (spec §2, §5, §8): Nome *, Telefone *, WhatsApp, Descrição, and the fiscal
 * data of issue 38 (CustomerFiscalFields around src/ui/FiscalFields: CPF/CNPJ, address, Município — each checked before
 * anything is saved). Creates a
 * customer, or edits `customer` (an unchanged phone is fine; a customer the server refused is
 * fixed by saving it again). Messages and toasts as the spec's catalogue.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { customerCommands, type CustomerPatch } from '../../data/db/customers';
import { DataError } from '../../data/db/errors';
import type { CustomerDoc } from '@shared';
import { validateCustomerInput, type CustomerFieldErrors } from '../../domain/customers';
import { fiscalChanges, fiscalDraftErrors, fiscalDraftOf, hasFiscalData, type FiscalDraft, type FiscalErrors } from '../../domain/customer-fiscal';
import { toaster } from '../../ui/toaster';
import { CustomerFiscalFields } from './CustomerFiscalFields';
import { CUSTOMER_TEXT as T } from './messages';

const FISCAL_ERROR_FIELDS = new Set(['tax_id', 'address_cep', 'address_city_code']);

export interface CustomerFormBodyProps {
  customer?: CustomerDoc | null;
  initialName?: string;
  onSaved?: (customer: CustomerDoc) => void;
  onCancel: () => void;
}

export function CustomerFormBody({ customer, initialName, onSaved, onCancel }: CustomerFormBodyProps) {
  const editing = Boolean(customer);
  const [name, setName] = useState(customer?.name ?? initialName ?? '');
  const [phone, setPhone] = useState(customer?.phone ?? '');
  const [whatsapp, setWhatsapp] = useState(customer?.whatsapp ?? '');
  const [description, setDescription] = useState(customer?.description ?? '');
  const [errors, setErrors] = useState<CustomerFieldErrors>({});
  const [fiscal, setFiscal] = useState<FiscalDraft>(() => fiscalDraftOf(customer));
  const [fiscalErrors, setFiscalErrors] = useState<FiscalErrors>({});
  const [fiscalOpen, setFiscalOpen] = useState(() => hasFiscalData(customer));
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    // Every field's message at once (the command reports only the first it meets).
    const found = validateCustomerInput({ name, phone });
    const foundFiscal = fiscalDraftErrors(fiscal);
    setErrors(found);
    setFiscalErrors(foundFiscal);
    if (Object.keys(foundFiscal).length > 0) setFiscalOpen(true);
    if (found.name || found.phone || Object.keys(foundFiscal).length > 0) return;
    setSaving(true);
    try {
      const input: CustomerPatch = { name, phone, whatsapp, description, ...fiscalChanges(fiscal, customer) };
      const saved = customer ? await customerCommands.update(customer.id, input) : await customerCommands.add({ ...input, name, phone });
      toaster.create({
        type: 'success',
        title: editing ? T.updatedTitle : T.createdTitle,
        description: editing ? T.updated(saved.name) : T.created(saved.name),
      });
      onSaved?.(saved);
    } catch (err) {
      if (err instanceof DataError) {
        if (err.field === 'name' || err.field === 'phone') setErrors({ [err.field]: err.message });
        if (err.field && FISCAL_ERROR_FIELDS.has(err.field)) {
          setFiscalErrors({ [err.field]: err.message });
          setFiscalOpen(true);
        }
        toaster.create({
          type: 'error',
          title: T.saveErrorTitle,
          description: err.code === 'not_found' && editing ? T.updateError : err.message,
        });
      } else {
        toaster.create({ type: 'error', title: T.unexpectedTitle, description: T.unexpected });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? T.editTitle : T.formTitle}>
      <Stack gap="3">
        <Field.Root invalid={Boolean(errors.name)}>
          <Field.Label>{T.name}</Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" maxLength={200} />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.phone)}>
          <Field.Label>{T.phone}</Field.Label>
          <Input value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="tel" autoComplete="off" maxLength={40} />
          <Field.ErrorText>{errors.phone}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{T.whatsapp}</Field.Label>
          <Input value={whatsapp} onChange={(e) => setWhatsapp(e.target.value)} inputMode="tel" autoComplete="off" maxLength={40} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{T.description}</Field.Label>
          <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} maxLength={2000} />
        </Field.Root>
        <CustomerFiscalFields
          open={fiscalOpen}
          onOpenChange={setFiscalOpen}
          draft={fiscal}
          onChange={(patch) => setFiscal((d) => ({ ...d, ...patch }))}
          errors={fiscalErrors}
        />
        <HStack justify="flex-end" gap="2" wrap="wrap">
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" disabled={saving}>
            {saving ? T.saving : editing ? T.saveChanges : T.save}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
