/**
 * CPF, CNPJ and CEP (issue 38): the rules the device's forms, the importers and the server's
 * validation of a pushed customer share. Pure functions; they answer codes, never messages
 * (the pt-BR texts are FISCAL_FIELD_MESSAGES in errors.ts).
 *
 * - A CPF is 11 digits, the last two mod-11 check digits (weights 10..2, then 11..2).
 * - A CNPJ is 14 characters: since July 2026 its first 12 may be letters (the alphanumeric CNPJ,
 *   Receita Federal); each of them counts as its character code minus 48 ('0' → 0, 'A' → 17),
 *   weights 5..2,9..2 then 6..2,9..2; the two check digits stay digits.
 * - Stored normalised: no punctuation, upper case ('12ABC34501DE35', '52998224725').
 * - A CEP is 8 digits, stored without the hyphen.
 */

export type TaxIdKind = 'cpf' | 'cnpj';

/** Why a typed CPF/CNPJ is refused. */
export type TaxIdProblem = 'tax_id_length' | 'cpf_check_digits' | 'cnpj_check_digits';

export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;
export const CEP_LENGTH = 8;

/** A typed CPF/CNPJ as stored: letters and digits only, upper case ('12.abc.345/01de-35' → '12ABC34501DE35'). */
export function normalizeTaxId(raw: string | null | undefined): string {
  return String(raw ?? '')
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase();
}

const allSame = (s: string) => s.length > 0 && [...s].every((c) => c === s[0]);

/** The mod-11 check digit of `values` with `weights` (a remainder below 2 gives 0). */
function checkDigit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] * weights[i];
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A normalised CPF (11 digits) with the right check digits; '111.111.111-11' and the like are refused. */
export function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || allSame(cpf)) return false;
  const d = [...cpf].map(Number);
  const dv1 = checkDigit(d.slice(0, 9), CPF_WEIGHTS_1);
  const dv2 = checkDigit([...d.slice(0, 9), dv1], CPF_WEIGHTS_2);
  return d[9] === dv1 && d[10] === dv2;
}

/**
 * A normalised CNPJ (12 letters or digits, then 2 check digits), numeric or alphanumeric, with the
 * right check digits; all-same characters ('00000000000000') are refused.
 */
export function isValidCnpj(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || allSame(cnpj)) return false;
  const v = [...cnpj].map((c) => c.charCodeAt(0) - 48);
  const dv1 = checkDigit(v.slice(0, 12), CNPJ_WEIGHTS_1);
  const dv2 = checkDigit([...v.slice(0, 12), dv1], CNPJ_WEIGHTS_2);
  return v[12] === dv1 && v[13] === dv2;
}

/** What a valid tax id is — a CPF or a CNPJ — or null when it is neither (raw text is normalised first). */
export function taxIdKind(raw: string | null | undefined): TaxIdKind | null {
  const t = normalizeTaxId(raw);
  if (isValidCpf(t)) return 'cpf';
  if (isValidCnpj(t)) return 'cnpj';
  return null;
}

/**
 * Why a typed CPF/CNPJ cannot be stored, or null when it can (blank is fine: the field is
 * optional). 11 characters are read as a CPF, 14 as a CNPJ, any other length is refused.
 */
export function taxIdProblem(raw: string | null | undefined): TaxIdProblem | null {
  const t = normalizeTaxId(raw);
  if (t === '') return null;
  if (t.length === CPF_LENGTH) return isValidCpf(t) ? null : 'cpf_check_digits';
  if (t.length === CNPJ_LENGTH) return isValidCnpj(t) ? null : 'cnpj_check_digits';
  return 'tax_id_length';
}

/** '52998224725' → '529.982.247-25'; '12ABC34501DE35' → '12.ABC.345/01DE-35'; anything else as it is. */
export function formatTaxId(raw: string | null | undefined): string {
  const t = normalizeTaxId(raw);
  if (/^\d{11}$/.test(t)) return `${t.slice(0, 3)}.${t.slice(3, 6)}.${t.slice(6, 9)}-${t.slice(9)}`;
  if (/^[0-9A-Z]{14}$/.test(t)) return `${t.slice(0, 2)}.${t.slice(2, 5)}.${t.slice(5, 8)}/${t.slice(8, 12)}-${t.slice(12)}`;
  return String(raw ?? '').trim();
}

/** A typed CEP as stored: its digits ('30130-010' → '30130010'). */
export function normalizeCep(raw: string | null | undefined): string {
  return String(raw ?? '').replace(/\D/g, '');
}

/** A normalised CEP: exactly 8 digits. */
export function isValidCep(cep: string): boolean {
  return /^\d{8}$/.test(cep);
}

/** Why a typed CEP cannot be stored ('cep_length'), or null (blank is fine: optional). */
export function cepProblem(raw: string | null | undefined): 'cep_length' | null {
  const text = String(raw ?? '').trim();
  if (text === '') return null;
  // Letters in a CEP are not dropped silently: '3013O-010' is a typo, not 7 digits and an O.
  if (/[^\d\s.-]/.test(text)) return 'cep_length';
  return isValidCep(normalizeCep(text)) ? null : 'cep_length';
}

/** '30130010' → '30130-010'; anything else as it is. */
export function formatCep(raw: string | null | undefined): string {
  const c = normalizeCep(raw);
  return c.length === CEP_LENGTH ? `${c.slice(0, 5)}-${c.slice(5)}` : String(raw ?? '').trim();
}
