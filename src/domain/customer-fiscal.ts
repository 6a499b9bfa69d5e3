/**
 * A customer's fiscal data as the form edits it (issue 38): CPF/CNPJ, CEP, street, number,
 * complement, district and the município. All optional; what is typed must be right — a wrong
 * check digit, a CEP that is not 8 digits or a município typed but not chosen from the list is
 * refused next to its field, and nothing is saved (never a customer stored half).
 */
import { cepProblem, FISCAL_FIELD_MESSAGES, formatCep, formatTaxId, normalizeCep, normalizeTaxId, taxIdProblem, type CustomerDoc } from '@shared';
import { emptyToNull } from './customers';

/** The stored fiscal fields (customers v2). */
export const CUSTOMER_FISCAL_FIELDS = [
  'tax_id',
  'address_cep',
  'address_street',
  'address_number',
  'address_complement',
  'address_district',
  'address_city_code',
] as const;
export type CustomerFiscalField = (typeof CUSTOMER_FISCAL_FIELDS)[number];
export type CustomerFiscal = Record<CustomerFiscalField, string | null>;

/** The national XSD's lengths (xLgr, nro, xCpl, xBairro), as the schema bounds them. */
export const ADDRESS_MAX = { address_street: 255, address_number: 60, address_complement: 156, address_district: 60 } as const;

export interface FiscalDraft {
  taxId: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  /** The Município field's value: the code chosen from the list, and the text shown. */
  city: { code: string | null; text: string };
}

export type FiscalErrors = Partial<Record<'tax_id' | 'address_cep' | 'address_city_code', string>>;

/** The form's starting values for a customer (or a new one): CPF/CNPJ and CEP formatted. */
export function fiscalDraftOf(c?: Partial<CustomerDoc> | null): FiscalDraft {
  return {
    taxId: c?.tax_id ? formatTaxId(c.tax_id) : '',
    cep: c?.address_cep ? formatCep(c.address_cep) : '',
    street: c?.address_street ?? '',
    number: c?.address_number ?? '',
    complement: c?.address_complement ?? '',
    district: c?.address_district ?? '',
    city: { code: c?.address_city_code ?? null, text: '' },
  };
}

/** True when the customer has any fiscal data (the form opens its section). */
export const hasFiscalData = (c?: Partial<CustomerDoc> | null): boolean => CUSTOMER_FISCAL_FIELDS.some((f) => Boolean(c?.[f]));

/** Every fiscal field's problem at once (pt-BR, for the field), empty when the draft may be saved. */
export function fiscalDraftErrors(d: FiscalDraft): FiscalErrors {
  const errors: FiscalErrors = {};
  const tax = taxIdProblem(d.taxId);
  if (tax) errors.tax_id = FISCAL_FIELD_MESSAGES[tax];
  if (cepProblem(d.cep)) errors.address_cep = FISCAL_FIELD_MESSAGES.cep_length;
  if (d.city.code === null && d.city.text.trim() !== '') errors.address_city_code = FISCAL_FIELD_MESSAGES.municipio_unknown;
  return errors;
}

/** What is stored for a draft without errors: normalised, empty as null. */
export function fiscalFromDraft(d: FiscalDraft): CustomerFiscal {
  return {
    tax_id: emptyToNull(normalizeTaxId(d.taxId)),
    address_cep: emptyToNull(normalizeCep(d.cep)),
    address_street: emptyToNull(d.street),
    address_number: emptyToNull(d.number),
    address_complement: emptyToNull(d.complement),
    address_district: emptyToNull(d.district),
    address_city_code: d.city.code,
  };
}

/**
 * Only the fiscal fields the form changed (a new customer: the ones filled in), so saving a
 * customer whose fiscal data nobody touched writes exactly what it wrote before issue 38.
 */
export function fiscalChanges(d: FiscalDraft, before?: Partial<CustomerDoc> | null): Partial<CustomerFiscal> {
  const next = fiscalFromDraft(d);
  const out: Partial<CustomerFiscal> = {};
  for (const f of CUSTOMER_FISCAL_FIELDS) if (next[f] !== (before?.[f] ?? null)) out[f] = next[f];
  return out;
}
