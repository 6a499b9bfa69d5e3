/**
 * CPF/CNPJ and address (issue 38), as the customer form and the Emitir NFS-e dialog edit them:
 * CPF/CNPJ and CEP masked as typed, Logradouro, Número, Complemento, Bairro and the Município
 * from the IBGE list (src/ui/MunicipioField.tsx). Errors show next to their field.
 */
import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { ADDRESS_MAX, type FiscalDraft, type FiscalErrors } from '../domain/customer-fiscal';
import { editCepText, editTaxIdText } from '../domain/fiscal-mask';
import { MaskedInput } from './MaskedInput';
import { MunicipioField } from './MunicipioField';

export const FISCAL_FIELD_TEXT = {
  taxId: 'CPF/CNPJ',
  taxIdPlaceholder: '000.000.000-00 ou 00.000.000/0000-00',
  cep: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Município',
} as const;

export interface FiscalFieldsProps {
  draft: FiscalDraft;
  onChange: (patch: Partial<FiscalDraft>) => void;
  errors: FiscalErrors;
  /** Marks CPF/CNPJ and the address as required (an NFS-e to an identified customer). */
  required?: boolean;
}

export function FiscalFields({ draft, onChange, errors, required = false }: FiscalFieldsProps) {
  const T = FISCAL_FIELD_TEXT;
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <Field.Root invalid={Boolean(errors.tax_id)} required={required}>
          <Field.Label>
            {T.taxId}
            {required && <Field.RequiredIndicator />}
          </Field.Label>
          <MaskedInput
            name="tax_id"
            value={draft.taxId}
            onValueChange={(taxId) => onChange({ taxId })}
            edit={editTaxIdText}
            autoCapitalize="characters"
            placeholder={T.taxIdPlaceholder}
            maxLength={18}
          />
          <Field.ErrorText>{errors.tax_id}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.address_cep)} required={required}>
          <Field.Label>
            {T.cep}
            {required && <Field.RequiredIndicator />}
          </Field.Label>
          <MaskedInput
            name="cep"
            value={draft.cep}
            onValueChange={(cep) => onChange({ cep })}
            edit={editCepText}
            inputMode="numeric"
            placeholder="00000-000"
            maxLength={9}
          />
          <Field.ErrorText>{errors.address_cep}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Field.Root required={required}>
        <Field.Label>
          {T.street}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <Input name="street" value={draft.street} onChange={(e) => onChange({ street: e.target.value })} autoComplete="off" maxLength={ADDRESS_MAX.address_street} />
      </Field.Root>
      <SimpleGrid columns={2} gap="3">
        <Field.Root required={required}>
          <Field.Label>
            {T.number}
            {required && <Field.RequiredIndicator />}
          </Field.Label>
          <Input name="number" value={draft.number} onChange={(e) => onChange({ number: e.target.value })} autoComplete="off" maxLength={ADDRESS_MAX.address_number} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{T.complement}</Field.Label>
          <Input
            name="complement"
            value={draft.complement}
            onChange={(e) => onChange({ complement: e.target.value })}
            autoComplete="off"
            maxLength={ADDRESS_MAX.address_complement}
          />
        </Field.Root>
      </SimpleGrid>
      <Field.Root required={required}>
        <Field.Label>
          {T.district}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <Input name="district" value={draft.district} onChange={(e) => onChange({ district: e.target.value })} autoComplete="off" maxLength={ADDRESS_MAX.address_district} />
      </Field.Root>
      <MunicipioField label={T.city} value={draft.city} onChange={(city) => onChange({ city })} invalid={Boolean(errors.address_city_code)} errorText={errors.address_city_code} required={required} />
    </Stack>
  );
}
