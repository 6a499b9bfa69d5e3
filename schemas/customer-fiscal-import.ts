/**
 * A customer's fiscal data read from an import (issue 38): Importar planilha on the device and
 * `npm run import:legacy` on the server share this reading of the CPF/CNPJ, Endereço, Número,
 * Complemento, CEP, Bairro, Cidade and UF columns. What cannot be stored is left out with a pt-BR
 * note naming the field — the customer is still imported, without that field.
 */
import { FISCAL_FIELD_MESSAGES } from './errors';
import type { MunicipioResolution } from './municipios';
import { cepProblem, normalizeCep, normalizeTaxId, taxIdProblem } from './tax-id';

export interface FiscalCells {
  taxId?: string | null;
  cep?: string | null;
  street?: string | null;
  number?: string | null;
  complement?: string | null;
  district?: string | null;
  city?: string | null;
  uf?: string | null;
}

export type ImportedFiscalField =
  | 'tax_id'
  | 'address_cep'
  | 'address_street'
  | 'address_number'
  | 'address_complement'
  | 'address_district'
  | 'address_city_code';

export interface ImportedFiscal {
  /** Only the fields the row fills, as stored. */
  fiscal: Partial<Record<ImportedFiscalField, string>>;
  /** Fields left out, and why (pt-BR). */
  notes: { field: ImportedFiscalField; message: string }[];
  /** The município found, as a field shows it ('Niterói — RJ'). */
  cityLabel?: string;
}

/** The IBGE list's resolver (schemas/municipios.ts resolveMunicipio), given by whoever loaded the list. */
export type MunicipioResolver = (city: string, uf?: string | null) => MunicipioResolution;

const ADDRESS_LIMITS = { address_street: 255, address_number: 60, address_complement: 156, address_district: 60 } as const;

export const IMPORT_FISCAL_MESSAGES = {
  leftOut: (why: string, what: string) => `${why} — importado sem ${what}`,
  tooLong: (max: number) => `texto com mais de ${max} caracteres`,
  cityNotFound: (city: string) => `município "${city}" não encontrado na lista do IBGE`,
  cityAmbiguous: (city: string) => `há mais de um município "${city}" no Brasil (informe a UF)`,
  cityUfMismatch: (city: string) => `a UF de "${city}" não confere com a coluna UF`,
  noList: 'lista de municípios indisponível',
} as const;

const WHAT: Record<ImportedFiscalField, string> = {
  tax_id: 'o CPF/CNPJ',
  address_cep: 'o CEP',
  address_street: 'o logradouro',
  address_number: 'o número',
  address_complement: 'o complemento',
  address_district: 'o bairro',
  address_city_code: 'o município',
};

const clean = (s: string | null | undefined) => String(s ?? '').replace(/\s+/g, ' ').trim();

/**
 * An 'Endereço' cell split into street, number and district when its shape is clear:
 * 'Rua X, 123 - Centro' → Rua X / 123 / Centro; 'Av. Brasil, 1500' → Av. Brasil / 1500;
 * 'Rua Y, s/n' → Rua Y / S/N. Anything else ('Rua X 123 apto 4', two numbers) is street only.
 */
export function splitStreetAddress(text: string): { street: string; number: string | null; district: string | null } {
  const t = clean(text);
  const m = /^([^,]*[^\s,]),\s*(\d{1,6}[A-Za-z]?|s\/?n)\s*(?:[-–—]\s*([^,\d]*[^\s,\d]))?$/i.exec(t);
  if (!m) return { street: t, number: null, district: null };
  const number = /^s\/?n$/i.test(m[2]) ? 'S/N' : m[2].toUpperCase();
  return { street: m[1].trim(), number, district: m[3]?.trim() || null };
}

/**
 * The row's fiscal fields as stored: CPF/CNPJ normalised with valid check digits, CEP's 8
 * digits, the address texts (an 'Endereço' split when the number and district have no column of
 * their own), the município resolved to its IBGE code through `resolve` (null: the list is not
 * at hand, the city is left out with a note).
 */
export function readImportedFiscal(cells: FiscalCells, resolve: MunicipioResolver | null): ImportedFiscal {
  const out: ImportedFiscal = { fiscal: {}, notes: [] };
  const note = (field: ImportedFiscalField, why: string) => out.notes.push({ field, message: IMPORT_FISCAL_MESSAGES.leftOut(why, WHAT[field]) });

  const taxText = clean(cells.taxId);
  if (taxText !== '') {
    const problem = taxIdProblem(taxText);
    if (problem) note('tax_id', FISCAL_FIELD_MESSAGES[problem]);
    else out.fiscal.tax_id = normalizeTaxId(taxText);
  }
  const cepText = clean(cells.cep);
  if (cepText !== '') {
    if (cepProblem(cepText)) note('address_cep', FISCAL_FIELD_MESSAGES.cep_length);
    else out.fiscal.address_cep = normalizeCep(cepText);
  }

  let street = clean(cells.street);
  let number = clean(cells.number);
  let district = clean(cells.district);
  if (street !== '' && number === '' && district === '') {
    const split = splitStreetAddress(street);
    street = split.street;
    number = split.number ?? '';
    district = split.district ?? '';
  }
  const texts: [keyof typeof ADDRESS_LIMITS, string][] = [
    ['address_street', street],
    ['address_number', number],
    ['address_complement', clean(cells.complement)],
    ['address_district', district],
  ];
  for (const [field, value] of texts) {
    if (value === '') continue;
    if (value.length > ADDRESS_LIMITS[field]) note(field, IMPORT_FISCAL_MESSAGES.tooLong(ADDRESS_LIMITS[field]));
    else out.fiscal[field] = value;
  }

  const city = clean(cells.city);
  if (city !== '') {
    const r = resolve ? resolve(city, clean(cells.uf) || null) : null;
    if (r?.ok) {
      out.fiscal.address_city_code = r.municipio.code;
      out.cityLabel = `${r.municipio.name} — ${r.municipio.uf}`;
    } else {
      const why = !r
        ? IMPORT_FISCAL_MESSAGES.noList
        : r.reason === 'ambiguous'
          ? IMPORT_FISCAL_MESSAGES.cityAmbiguous(city)
          : r.reason === 'uf_mismatch'
            ? IMPORT_FISCAL_MESSAGES.cityUfMismatch(city)
            : IMPORT_FISCAL_MESSAGES.cityNotFound(clean(cells.uf) ? `${city}/${clean(cells.uf)}` : city);
      note('address_city_code', why);
    }
  }
  return out;
}
