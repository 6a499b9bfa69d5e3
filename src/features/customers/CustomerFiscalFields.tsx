/**
 * 'Dados fiscais (para nota fiscal)' of the customer form (issue 38): CPF/CNPJ, CEP, Logradouro,
 * Número, Complemento, Bairro and Município — all optional. Below Nome, Telefone, WhatsApp and
 * Descrição, folded away until tapped on a new customer (a 390 px phone keeps the main fields in
 * view); open when the customer has fiscal data or one of the fields is refused. The Município
 * list loads only once the section is open.
 */
import { useId } from 'react';
import { Box, Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { ADDRESS_MAX, type FiscalDraft, type FiscalErrors } from '../../domain/customer-fiscal';
import { editCepText, editTaxIdText } from '../../domain/fiscal-mask';
import { MaskedInput } from '../../ui/MaskedInput';
import { MunicipioField } from '../../ui/MunicipioField';
import { CUSTOMER_TEXT as T } from './messages';

export interface CustomerFiscalFieldsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: FiscalDraft;
  onChange: (patch: Partial<FiscalDraft>) => void;
  errors: FiscalErrors;
}

export function CustomerFiscalFields({ open, onOpenChange, draft, onChange, errors }: CustomerFiscalFieldsProps) {
  const contentId = useId();
  return (
    <Box borderTopWidth="1px" pt="2">
      <Button
        variant="ghost"
        size="sm"
        px="1"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
        {T.fiscalSection}
      </Button>
      {open && (
        <Stack id={contentId} gap="3" mt="2">
          <Text fontSize="sm" color="fg.muted">
            {T.fiscalHint}
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Field.Root invalid={Boolean(errors.tax_id)}>
              <Field.Label>{T.taxId}</Field.Label>
              <MaskedInput
                value={draft.taxId}
                onValueChange={(taxId) => onChange({ taxId })}
                edit={editTaxIdText}
                autoCapitalize="characters"
                placeholder={T.taxIdPlaceholder}
                maxLength={18}
              />
              <Field.ErrorText>{errors.tax_id}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.address_cep)}>
              <Field.Label>{T.cep}</Field.Label>
              <MaskedInput
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
          <Field.Root>
            <Field.Label>{T.street}</Field.Label>
            <Input value={draft.street} onChange={(e) => onChange({ street: e.target.value })} autoComplete="off" maxLength={ADDRESS_MAX.address_street} />
          </Field.Root>
          <SimpleGrid columns={2} gap="3">
            <Field.Root>
              <Field.Label>{T.number}</Field.Label>
              <Input value={draft.number} onChange={(e) => onChange({ number: e.target.value })} autoComplete="off" maxLength={ADDRESS_MAX.address_number} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{T.complement}</Field.Label>
              <Input
                value={draft.complement}
                onChange={(e) => onChange({ complement: e.target.value })}
                autoComplete="off"
                maxLength={ADDRESS_MAX.address_complement}
              />
            </Field.Root>
          </SimpleGrid>
          <Field.Root>
            <Field.Label>{T.district}</Field.Label>
            <Input value={draft.district} onChange={(e) => onChange({ district: e.target.value })} autoComplete="off" maxLength={ADDRESS_MAX.address_district} />
          </Field.Root>
          <MunicipioField label={T.city} value={draft.city} onChange={(city) => onChange({ city })} invalid={Boolean(errors.address_city_code)} errorText={errors.address_city_code} />
        </Stack>
      )}
    </Box>
  );
}
