/**
 * Emitir NFS-e (issue 38): the tomador (the customer — what the note still lacks is asked right
 * here and saved to the customer), the service (code from Configurações › Fiscal, description from
 * the job, editable), the value (the job's total, editable: parts may belong on a goods invoice).
 * The request is stored on this device like any write and the server emits it — offline too.
 * Also the form of "Corrigir e enviar de novo" for a rejected note, filled with what it said.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, Input, NativeSelect, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import type { CustomerDoc, FiscalSettings, NfseDoc } from '@shared';
import { fiscalDraftOf } from '../../domain/customer-fiscal';
import { nfseDraftErrors, type NfseDraftErrors, type NfseRequestDraft } from '../../domain/nfse/request';
import { DataError } from '../../data/db/errors';
import { nfseCommands, type NfseJob } from '../../data/db/nfse';
import { FiscalFields } from '../../ui/FiscalFields';
import { FormDialog } from '../../ui/FormDialog';
import { MoneyInput } from '../../ui/MoneyInput';
import { toaster } from '../../ui/toaster';
import { NF } from './messages';

export interface EmitDefaults {
  customer: CustomerDoc | null;
  description: string;
  amount: number;
}

type Props = {
  open: boolean;
  onClose: () => void;
  job: NfseJob;
  fiscal: FiscalSettings;
  defaults: EmitDefaults;
  /** A rejected note to correct and send again (its request fills the form). */
  resending?: NfseDoc | null;
};

export function EmitNfseDialog({ open, onClose, resending, ...rest }: Props) {
  return (
    <FormDialog open={open} onClose={onClose} title={resending ? NF.resendTitle : NF.dialogTitle} size="lg" keepOpenOnOutsideClick closeLabel={NF.cancel} testId="emit-nfse">
      <EmitForm onClose={onClose} resending={resending ?? null} {...rest} />
    </FormDialog>
  );
}

function initialDraft(fiscal: FiscalSettings, defaults: EmitDefaults, resending: NfseDoc | null): NfseRequestDraft {
  if (resending) {
    const t = resending.tomador;
    return {
      identified: t !== null,
      name: t?.name ?? defaults.customer?.name ?? '',
      fiscal: t
        ? fiscalDraftOf({
            tax_id: t.tax_id,
            address_cep: t.cep,
            address_street: t.street,
            address_number: t.number,
            address_complement: t.complement,
            address_district: t.district,
            address_city_code: t.city_code,
          })
        : fiscalDraftOf(defaults.customer),
      service_code: resending.service_code,
      description: resending.description,
      amount: resending.amount,
    };
  }
  return {
    identified: true,
    name: defaults.customer?.name ?? '',
    fiscal: fiscalDraftOf(defaults.customer),
    service_code: fiscal.services[0]?.code ?? '',
    description: defaults.description,
    amount: defaults.amount > 0 ? defaults.amount : null,
  };
}

function EmitForm({ onClose, job, fiscal, defaults, resending }: Omit<Props, 'open'> & { resending: NfseDoc | null }) {
  const [draft, setDraft] = useState(() => initialDraft(fiscal, defaults, resending));
  // After a first Emitir the messages follow what is typed: a field fixed loses its message at once.
  const [tried, setTried] = useState(false);
  const [commandErrors, setCommandErrors] = useState<NfseDraftErrors>({});
  const [busy, setBusy] = useState(false);
  const errors: NfseDraftErrors = tried ? { ...nfseDraftErrors(draft), ...commandErrors } : commandErrors;
  const set = (patch: Partial<NfseRequestDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setCommandErrors({});
  };
  // A code kept from before that the settings no longer list still shows (and can be changed).
  const services = fiscal.services.some((s) => s.code === draft.service_code) || !draft.service_code
    ? fiscal.services
    : [{ code: draft.service_code, description: '' }, ...fiscal.services];

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(nfseDraftErrors(draft)).length > 0) return;
    setBusy(true);
    try {
      if (resending) await nfseCommands.resend(resending, draft);
      else await nfseCommands.request(job, draft);
      const online = typeof navigator === 'undefined' || navigator.onLine !== false;
      toaster.create({ type: 'success', title: NF.queuedToast, description: online ? NF.queuedOnline : NF.queuedOffline, duration: 4000 });
      onClose();
    } catch (err) {
      if (err instanceof DataError && err.field) setCommandErrors({ [err.field]: err.message });
      else toaster.create({ type: 'error', title: NF.dialogTitle, description: err instanceof DataError ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field.Root>
          <Field.Label>{NF.tomador}</Field.Label>
          <RadioGroup.Root value={draft.identified ? 'yes' : 'no'} onValueChange={(d) => set({ identified: d.value === 'yes' })} size="sm">
            <Stack gap="2">
              <RadioGroup.Item value="yes">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{NF.identified}</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="no">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{NF.notIdentified}</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
        </Field.Root>
        {draft.identified ? (
          <Stack gap="3">
            <Field.Root invalid={Boolean(errors.name)} required>
              <Field.Label>
                {NF.name}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input name="tomador_name" value={draft.name} maxLength={300} autoComplete="off" onChange={(e) => set({ name: e.target.value })} />
              <Field.ErrorText>{errors.name}</Field.ErrorText>
            </Field.Root>
            <FiscalFields draft={draft.fiscal} onChange={(patch) => set({ fiscal: { ...draft.fiscal, ...patch } })} errors={errors} required />
            {errors.address && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errors.address}
              </Text>
            )}
            {defaults.customer && (
              <Text fontSize="sm" color="fg.muted">
                {NF.fiscalHint}
              </Text>
            )}
          </Stack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {NF.notIdentifiedHint}
          </Text>
        )}
        <Field.Root invalid={Boolean(errors.service_code)} required>
          <Field.Label>{NF.service}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="service_code" value={draft.service_code} onChange={(e) => set({ service_code: e.currentTarget.value })}>
              {services.map((s) => (
                <option key={s.code} value={s.code}>
                  {`${s.code.slice(0, 2)}.${s.code.slice(2, 4)}.${s.code.slice(4)}${s.description ? ` — ${s.description}` : ''}`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.service_code}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.description)} required>
          <Field.Label>{NF.description}</Field.Label>
          <Textarea name="description" rows={3} maxLength={2000} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
          <Field.ErrorText>{errors.description}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.amount)} required>
          <Field.Label>{NF.value}</Field.Label>
          <MoneyInput
            name="amount"
            size="lg"
            valueCents={draft.amount === null ? 0 : Math.round(draft.amount * 100)}
            onChangeCents={(cents) => set({ amount: cents > 0 ? cents / 100 : null })}
          />
          <Field.HelperText>{NF.valueHint}</Field.HelperText>
          <Field.ErrorText>{errors.amount}</Field.ErrorText>
        </Field.Root>
        <Stack direction="row" justify="end" gap="2" pt="2">
          <Button variant="outline" size="lg" onClick={onClose}>
            {NF.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" size="lg" loading={busy} loadingText={NF.submitting}>
            {resending ? NF.resend : NF.submit}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

