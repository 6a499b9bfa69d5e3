/**
 * The details dialog's fiscal lines (issue 38): CPF/CNPJ formatted ('529.982.247-25',
 * '12.ABC.345/01DE-35') and the address on one line, its município as 'Nome — UF' (the IBGE list
 * is loaded only when there is a município to name). Nothing when the customer has no fiscal data.
 */
import { Box, Text } from '@chakra-ui/react';
import { formatCep, formatTaxId, taxIdKind, type CustomerDoc } from '@shared';
import { hasFiscalData } from '../../domain/customer-fiscal';
import { useMunicipios } from '../../ui/municipios';
import { CUSTOMER_TEXT as T } from './messages';

type FiscalPart = Pick<
  CustomerDoc,
  'tax_id' | 'address_cep' | 'address_street' | 'address_number' | 'address_complement' | 'address_district' | 'address_city_code'
>;

/** 'Rua X, 123, Loja 2 — Centro — Niterói — RJ — CEP 24020-005' (the parts there are). */
export function addressLine(c: Partial<FiscalPart>, city: string | null): string {
  const street = [c.address_street, c.address_number, c.address_complement].filter(Boolean).join(', ');
  return [street, c.address_district, city, c.address_cep ? `CEP ${formatCep(c.address_cep)}` : null].filter(Boolean).join(' — ');
}

export function CustomerFiscalSummary({ customer }: { customer: Partial<FiscalPart> }) {
  if (!hasFiscalData(customer)) return null;
  return <Summary customer={customer} />;
}

function Summary({ customer }: { customer: Partial<FiscalPart> }) {
  const list = useMunicipios();
  const code = customer.address_city_code ?? null;
  const m = code && list ? list.municipioByCode(code) : null;
  const city = code ? (m ? list!.municipioLabel(m) : code) : null;
  const kind = customer.tax_id ? taxIdKind(customer.tax_id) : null;
  const address = addressLine(customer, city);
  return (
    <Box data-testid="customer-fiscal" mb="4" fontSize="sm">
      {customer.tax_id && (
        <Text>
          <Text as="span" color="fg.muted">
            {kind === 'cpf' ? 'CPF' : kind === 'cnpj' ? 'CNPJ' : T.taxId}:{' '}
          </Text>
          {formatTaxId(customer.tax_id)}
        </Text>
      )}
      {address && (
        <Text>
          <Text as="span" color="fg.muted">
            {T.address}:{' '}
          </Text>
          {address}
        </Text>
      )}
    </Box>
  );
}
