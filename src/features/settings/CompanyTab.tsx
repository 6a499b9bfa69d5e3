/** 'Empresa': the company profile the landing page, the public quotation page and the PDFs show. */
import { useState, type FormEvent } from 'react';
import { Button, Card, Field, HStack, Input, NativeSelect, SimpleGrid, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { companyCommands, useCompanyProfile } from '../../data/db/company';
import { DEFAULT_WARRANTY_DAYS } from '@shared';
import { PIX_KEY_TYPES, PIX_KEY_TYPE_LABELS, type PixKeyType } from '../../domain/company';
import { companyPatchFrom, formFromCompany, type CompanyFormErrors, type CompanyFormValues } from './companyForm';
import { SETTINGS_TEXT } from './messages';
import { notifyError, notifySuccess } from './notify';
import { toaster } from '../../ui/toaster';

const T = SETTINGS_TEXT.company;

export function CompanyTab() {
  const { company, loading } = useCompanyProfile();
  if (loading) {
    return (
      <HStack color="fg.muted">
        <Spinner size="sm" />
        <Text>{T.loading}</Text>
      </HStack>
    );
  }
  return <CompanyForm initial={formFromCompany(company)} />;
}

function CompanyForm({ initial }: { initial: CompanyFormValues }) {
  const [values, setValues] = useState<CompanyFormValues>(initial);
  const [errors, setErrors] = useState<CompanyFormErrors>({});
  const [saving, setSaving] = useState(false);

  const set = (k: keyof CompanyFormValues) => (e: { target: { value: string } }) => {
    setValues({ ...values, [k]: e.target.value });
    if (errors[k]) setErrors({ ...errors, [k]: undefined });
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const { errors: found, patch } = companyPatchFrom(values);
    setErrors(found);
    if (!patch) {
      toaster.create({ type: 'error', title: SETTINGS_TEXT.error, description: Object.values(found)[0] ?? T.fixErrors });
      return;
    }
    setSaving(true);
    try {
      const saved = await companyCommands.save(patch);
      setValues(formFromCompany(saved));
      notifySuccess(T.saved);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  }

  const text = (k: keyof CompanyFormValues, label: string, props: Record<string, unknown> = {}) => (
    <Field.Root invalid={!!errors[k]} required={k === 'name'}>
      <Field.Label>{label}</Field.Label>
      <Input name={k} value={values[k]} onChange={set(k)} {...props} />
      {errors[k] && <Field.ErrorText>{errors[k]}</Field.ErrorText>}
    </Field.Root>
  );
  const area = (k: keyof CompanyFormValues, label: string) => (
    <Field.Root invalid={!!errors[k]}>
      <Field.Label>{label}</Field.Label>
      <Textarea name={k} value={values[k]} onChange={set(k)} rows={2} autoresize />
      {errors[k] && <Field.ErrorText>{errors[k]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <Card.Root>
      <Card.Body>
        <Stack as="form" onSubmit={onSubmit} gap="4">
          <Text color="fg.muted" textStyle="sm">
            {T.intro}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {text('name', T.name)}
            {text('tagline', T.tagline)}
            {text('address', T.address)}
            {text('city', T.city)}
            {area('phones', T.phones)}
            {area('whatsapp', T.whatsapp)}
            {text('email', T.email, { type: 'email', inputMode: 'email' })}
            {text('hours', T.hours)}
            {text('facebook', T.facebook, { inputMode: 'url' })}
            {text('instagram', T.instagram, { inputMode: 'url' })}
          </SimpleGrid>
          {text('map', T.map, { inputMode: 'url' })}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root>
              <Field.Label>{T.pixType}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="pixType"
                  value={values.pixType}
                  onChange={(e) => {
                    setValues({ ...values, pixType: e.currentTarget.value as PixKeyType | '' });
                    setErrors({ ...errors, pixKey: undefined });
                  }}
                >
                  <option value="">{T.pixNone}</option>
                  {PIX_KEY_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {PIX_KEY_TYPE_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {values.pixType ? text('pixKey', T.pixKey) : <span />}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={!!errors.warrantyDays}>
              <Field.Label>{T.warrantyDays}</Field.Label>
              <Input name="warrantyDays" value={values.warrantyDays} onChange={set('warrantyDays')} inputMode="numeric" placeholder={String(DEFAULT_WARRANTY_DAYS)} maxW="12rem" />
              {errors.warrantyDays ? <Field.ErrorText>{errors.warrantyDays}</Field.ErrorText> : <Field.HelperText>{T.warrantyHelp(DEFAULT_WARRANTY_DAYS)}</Field.HelperText>}
            </Field.Root>
          </SimpleGrid>
          <HStack justify="flex-end">
            <Button type="submit" colorPalette="blue" loading={saving} loadingText={T.saving}>
              {T.save}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
