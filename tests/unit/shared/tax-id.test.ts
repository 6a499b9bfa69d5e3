import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cepProblem,
  formatCep,
  formatTaxId,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  normalizeCep,
  normalizeTaxId,
  taxIdKind,
  taxIdProblem,
} from '@shared';

describe('CPF', () => {
  it('accepts real CPFs with their check digits, typed with or without punctuation', () => {
    for (const cpf of ['529.982.247-25', '111.444.777-35', '123.456.789-09', '52998224725']) {
      expect(isValidCpf(normalizeTaxId(cpf))).toBe(true);
      expect(taxIdKind(cpf)).toBe('cpf');
      expect(taxIdProblem(cpf)).toBeNull();
    }
  });
  it('refuses a wrong check digit, all-same digits and other lengths', () => {
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('52998224715')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('5299822472A')).toBe(false);
    expect(taxIdProblem('529.982.247-24')).toBe('cpf_check_digits');
    expect(taxIdProblem('111.111.111-11')).toBe('cpf_check_digits');
  });
  it('formats as 123.456.789-09', () => {
    expect(formatTaxId('12345678909')).toBe('123.456.789-09');
    expect(formatTaxId(' 123.456.789-09 ')).toBe('123.456.789-09');
  });
});

describe('CNPJ, numeric and alphanumeric (July 2026)', () => {
  it('accepts real numeric CNPJs', () => {
    for (const cnpj of ['11.222.333/0001-81', '33.000.167/0001-01', '00.000.000/0001-91']) {
      expect(isValidCnpj(normalizeTaxId(cnpj))).toBe(true);
      expect(taxIdKind(cnpj)).toBe('cnpj');
    }
  });
  it("accepts Receita Federal's alphanumeric example 12.ABC.345/01DE-35, typed in lower case too", () => {
    expect(normalizeTaxId('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(taxIdKind('12.ABC.345/01DE-35')).toBe('cnpj');
    expect(taxIdProblem('12.abc.345/01de-35')).toBeNull();
    expect(formatTaxId('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });
  it('refuses wrong check digits, letters in the check digits and all-same characters', () => {
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('12ABC34501DF35')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(taxIdProblem('11.222.333/0001-82')).toBe('cnpj_check_digits');
  });
  it('formats as 12.ABC.345/01DE-35', () => {
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
  });
});

describe('tax id problems', () => {
  it('blank is fine (optional); other lengths are refused', () => {
    expect(taxIdProblem('')).toBeNull();
    expect(taxIdProblem('  ')).toBeNull();
    expect(taxIdProblem(null)).toBeNull();
    expect(taxIdProblem('123')).toBe('tax_id_length');
    expect(taxIdProblem('123456789012')).toBe('tax_id_length');
    expect(taxIdKind('123')).toBeNull();
  });
});

/** A check digit computed the Receita's way, to build valid documents for the properties. */
function dv(values: number[], weights: number[]): number {
  const r = values.reduce((s, v, i) => s + v * weights[i], 0) % 11;
  return r < 2 ? 0 : 11 - r;
}
const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const base12 = fc.array(fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), { minLength: 12, maxLength: 12 }).map((cs) => cs.join(''));
const withDv = (b: string) => {
  const v = [...b].map((c) => c.charCodeAt(0) - 48);
  const d1 = dv(v, W1);
  return `${b}${d1}${dv([...v, d1], W2)}`;
};

describe('properties', () => {
  it('every 12 characters plus their check digits is a valid CNPJ (unless all the same), and any other last digit is not', () => {
    fc.assert(
      fc.property(base12, fc.integer({ min: 1, max: 9 }), (b, shift) => {
        const cnpj = withDv(b);
        expect(isValidCnpj(cnpj)).toBe(!/^(.)\1*$/.test(cnpj));
        const wrong = cnpj.slice(0, 13) + String((Number(cnpj[13]) + shift) % 10);
        expect(isValidCnpj(wrong)).toBe(false);
      }),
    );
  });
  it('formatting then normalising gives the stored value back', () => {
    fc.assert(
      fc.property(base12, (b) => {
        const cnpj = withDv(b);
        expect(normalizeTaxId(formatTaxId(cnpj))).toBe(cnpj);
        expect(normalizeTaxId(formatTaxId(cnpj).toLowerCase())).toBe(cnpj);
      }),
    );
  });
});

describe('CEP', () => {
  it('8 digits, stored without the hyphen, shown as 12345-678', () => {
    expect(normalizeCep('30130-010')).toBe('30130010');
    expect(isValidCep('30130010')).toBe(true);
    expect(isValidCep('3013001')).toBe(false);
    expect(formatCep('30130010')).toBe('30130-010');
    expect(cepProblem('30130-010')).toBeNull();
    expect(cepProblem('30.130-010')).toBeNull();
    expect(cepProblem('')).toBeNull();
    expect(cepProblem('3013-010')).toBe('cep_length');
    expect(cepProblem('3013O-010')).toBe('cep_length');
    expect(cepProblem('301300100')).toBe('cep_length');
  });
});
