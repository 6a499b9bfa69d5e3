/**
 * Configurações › Fiscal's form (issue 38 §2): CNPJ, razão social, inscrição municipal, município,
 * regime (MEI, or ME/EPP with its apuração and % of taxes), série and próximo número, the services
 * and the ambiente; e-mail and phone optional. Checked whole by src/domain/fiscal-settings.ts and
 * written as one `company.fiscal` through the company commands — offline too (it syncs later).
 * Switching to Produção asks first: from then on the notes are legally valid.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Field, Heading, HStack, Input, NativeSelect, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FISCAL_REGIME_LABELS, FISCAL_REGIMES, NFSE_ENVIRONMENT_LABELS, SN_APURACAO_LABELS, type FiscalRegime } from '@shared';
import { companyCommands } from '../../data/db/company';
import { editCnpjText } from '../../domain/fiscal-mask';
import {
  fiscalSettingsDraftOf,
  fiscalSettingsFrom,
  type FiscalNumbering,
  type FiscalSettingsDraft,
  type FiscalSettingsErrors,
} from '../../domain/fiscal-settings';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { MaskedInput } from '../../ui/MaskedInput';
import { MunicipioField } from '../../ui/MunicipioField';
import { toaster } from '../../ui/toaster';
import { FiscalServicesEditor } from './FiscalServicesEditor';
import { SETTINGS_TEXT } from './messages';
import { notifyError, notifySuccess } from './notify';

const T = SETTINGS_TEXT.fiscal;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3" as="section">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function FiscalSettingsForm({ numbering }: { numbering: FiscalNumbering }) {
  const [draft, setDraft] = useState<FiscalSettingsDraft>(() => fiscalSettingsDraftOf(numbering));
  const [errors, setErrors] = useState<FiscalSettingsErrors>({});
  const [saving, setSaving] = useState(false);
  const [askProduction, setAskProduction] = useState(false);

  const set = (patch: Partial<FiscalSettingsDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const { errors: found, settings } = fiscalSettingsFrom(draft, numbering);
    setErrors(found);
    if (!settings) {
      toaster.create({ type: 'error', title: SETTINGS_TEXT.error, description: T.fixErrors });
      return;
    }
    setSaving(true);
    try {
      await companyCommands.save({ fiscal: settings });
      notifySuccess(T.saved);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={SETTINGS_TEXT.tabs.fiscal}>
        <Stack gap="6">
        <Text color="fg.muted" textStyle="sm">
          {T.intro}
        </Text>
        <Section title={T.companyTitle}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={Boolean(errors.cnpj)} required>
              <Field.Label>
                {T.cnpj}
                <Field.RequiredIndicator />
              </Field.Label>
              <MaskedInput
                name="fiscal-cnpj"
                value={draft.cnpj}
                onValueChange={(cnpj) => set({ cnpj })}
                edit={editCnpjText}
                autoCapitalize="characters"
                placeholder="00.000.000/0000-00"
                maxLength={18}
              />
              <Field.ErrorText>{errors.cnpj}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.legal_name)} required>
              <Field.Label>
                {T.legalName}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input name="fiscal-legal-name" value={draft.legalName} onChange={(e) => set({ legalName: e.target.value })} autoComplete="off" maxLength={300} />
              <Field.ErrorText>{errors.legal_name}</Field.ErrorText>
            </Field.Root>
            <MunicipioField
              label={T.city}
              value={draft.city}
              onChange={(city) => set({ city })}
              invalid={Boolean(errors.city_code)}
              errorText={errors.city_code}
              required
            />
            <Field.Root invalid={Boolean(errors.municipal_registration)}>
              <Field.Label>{T.municipalRegistration}</Field.Label>
              <Input
                name="fiscal-im"
                value={draft.municipalRegistration}
                onChange={(e) => set({ municipalRegistration: e.target.value })}
                autoComplete="off"
                maxLength={15}
              />
              {errors.municipal_registration ? <Field.ErrorText>{errors.municipal_registration}</Field.ErrorText> : <Field.HelperText>{T.municipalRegistrationHint}</Field.HelperText>}
            </Field.Root>
          </SimpleGrid>
        </Section>

        <Section title={T.regimeTitle}>
          <Field.Root invalid={Boolean(errors.regime)}>
            <RadioGroup.Root value={draft.regime || null} onValueChange={(d) => set({ regime: d.value as FiscalRegime })} name="fiscal-regime" aria-label={T.regimeTitle}>
              <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '6' }}>
                {FISCAL_REGIMES.map((r) => (
                  <RadioGroup.Item key={r} value={r}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{FISCAL_REGIME_LABELS[r]}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            <Field.ErrorText>{errors.regime}</Field.ErrorText>
          </Field.Root>
          {draft.regime === 'simples' && (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root>
                <Field.Label>{T.apuracao}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field name="fiscal-apuracao" value={String(draft.snApuracao)} onChange={(e) => set({ snApuracao: Number(e.currentTarget.value) as 1 | 2 | 3 })}>
                    {Object.entries(SN_APURACAO_LABELS).map(([k, label]) => (
                      <option key={k} value={k}>
                        {label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.approx_tax_percent)} required>
                <Field.Label>
                  {T.approxTax}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  name="fiscal-approx-tax"
                  value={draft.approxTaxPercent}
                  onChange={(e) => set({ approxTaxPercent: e.target.value })}
                  inputMode="decimal"
                  placeholder="6,00"
                  autoComplete="off"
                  maxLength={6}
                  maxW="10rem"
                />
                {errors.approx_tax_percent ? <Field.ErrorText>{errors.approx_tax_percent}</Field.ErrorText> : <Field.HelperText>{T.approxTaxHint}</Field.HelperText>}
              </Field.Root>
            </SimpleGrid>
          )}
        </Section>

        <Section title={T.numberingTitle}>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={Boolean(errors.serie)} required>
              <Field.Label>
                {T.serie}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input name="fiscal-serie" value={draft.serie} onChange={(e) => set({ serie: e.target.value })} inputMode="numeric" autoComplete="off" maxLength={5} maxW="10rem" />
              <Field.ErrorText>{errors.serie}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.first_number)} required>
              <Field.Label>
                {T.nextNumber}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input name="fiscal-next-number" value={draft.nextNumber} onChange={(e) => set({ nextNumber: e.target.value })} inputMode="numeric" autoComplete="off" maxLength={15} maxW="12rem" />
              {errors.first_number ? <Field.ErrorText>{errors.first_number}</Field.ErrorText> : <Field.HelperText>{T.nextNumberHint}</Field.HelperText>}
            </Field.Root>
          </SimpleGrid>
        </Section>

        <Section title={T.servicesTitle}>
          <Text color="fg.muted" textStyle="sm">
            {T.servicesHint}
          </Text>
          <FiscalServicesEditor services={draft.services} onChange={(services) => set({ services })} rowErrors={errors.rows} listError={errors.services} />
        </Section>

        <Section title={T.environmentTitle}>
          <RadioGroup.Root
            value={String(draft.environment)}
            // Produção only after the question; back to testing at once.
            onValueChange={(d) => (d.value === '1' ? setAskProduction(true) : set({ environment: 2 }))}
            name="fiscal-environment"
            aria-label={T.environmentTitle}
          >
            <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '6' }}>
              {([2, 1] as const).map((env) => (
                <RadioGroup.Item key={env} value={String(env)}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{NFSE_ENVIRONMENT_LABELS[env]}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          <Text color="fg.muted" textStyle="sm">
            {T.environmentHint}
          </Text>
        </Section>

        <Section title={T.contactTitle}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={Boolean(errors.email)}>
              <Field.Label>{T.email}</Field.Label>
              <Input name="fiscal-email" type="email" inputMode="email" value={draft.email} onChange={(e) => set({ email: e.target.value })} autoComplete="off" maxLength={80} />
              <Field.ErrorText>{errors.email}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.phone)}>
              <Field.Label>{T.phone}</Field.Label>
              <Input name="fiscal-phone" inputMode="tel" value={draft.phone} onChange={(e) => set({ phone: e.target.value })} autoComplete="off" maxLength={20} />
              <Field.ErrorText>{errors.phone}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
        </Section>

        <HStack justify="flex-end">
          <Button type="submit" colorPalette="blue" loading={saving} loadingText={T.saving}>
            {T.save}
          </Button>
        </HStack>
        <ConfirmDialog
          open={askProduction}
          title={T.productionTitle}
          message={T.productionMessage}
          confirmLabel={T.productionConfirm}
          onConfirm={() => {
            set({ environment: 1 });
            setAskProduction(false);
          }}
          onCancel={() => setAskProduction(false)}
        />
      </Stack>
    </form>
  );
}
