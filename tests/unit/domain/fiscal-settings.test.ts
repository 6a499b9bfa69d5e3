/**
 * Issue 38 §2: Configurações › Fiscal's rules — every problem at once, in pt-BR, and nothing to
 * store while any is left; the numbering never promised below what the server used; the
 * certificate's warnings with the clock as a parameter.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FISCAL_SERVICES, FISCAL_FIELD_MESSAGES, type FiscalCertificateInfo, type FiscalSettings } from '@shared';
import {
  certificateWarningTexts,
  FISCAL_SETTINGS_MESSAGES as M,
  fiscalSettingsDraftOf,
  fiscalSettingsFrom,
  parsePercentText,
  shownNextNumber,
  type FiscalSettingsDraft,
} from '../../../src/domain/fiscal-settings';
import { editCnpjText, editServiceCodeText, maskCnpjText, maskServiceCodeText } from '../../../src/domain/fiscal-mask';

const stored: FiscalSettings = {
  cnpj: '11222333000181',
  legal_name: 'Serralheria São José Ltda',
  municipal_registration: null,
  city_code: '3150406',
  regime: 'simples',
  sn_apuracao: 1,
  approx_tax_percent: 6,
  serie: 1,
  first_number: 1,
  environment: 2,
  services: [{ code: '140101', description: 'Solda' }],
  email: null,
  phone: null,
};

const fresh = { stored: null, serverNext: null };

function filled(patch: Partial<FiscalSettingsDraft> = {}): FiscalSettingsDraft {
  return {
    ...fiscalSettingsDraftOf(fresh),
    cnpj: '11.222.333/0001-81',
    legalName: 'Serralheria São José Ltda',
    city: { code: '3150406', text: 'Piranguinho — MG' },
    regime: 'simples',
    approxTaxPercent: '6,00',
    ...patch,
  };
}

describe('the draft', () => {
  it('a shop without settings starts in Produção restrita, série 1, number 1, apuração 1 and the default services', () => {
    const d = fiscalSettingsDraftOf(fresh);
    expect(d).toMatchObject({ cnpj: '', regime: '', snApuracao: 1, serie: '1', nextNumber: '1', environment: 2, approxTaxPercent: '' });
    expect(d.services.map((s) => s.code)).toEqual(DEFAULT_FISCAL_SERVICES.map((s) => maskServiceCodeText(s.code)));
    expect(d.services[0].code).toBe('14.01.01');
  });
  it('stored settings come back formatted; the next number is the larger of the server’s and the first number', () => {
    const d = fiscalSettingsDraftOf({ stored, serverNext: 42 });
    expect(d).toMatchObject({ cnpj: '11.222.333/0001-81', approxTaxPercent: '6,00', nextNumber: '42', serie: '1' });
    expect(shownNextNumber({ stored: { ...stored, first_number: 500 }, serverNext: 42 })).toBe(500);
    expect(shownNextNumber({ stored: null, serverNext: null })).toBe(1);
  });
});

describe('fiscalSettingsFrom', () => {
  it('an empty form: each required field says what it needs, nothing to store', () => {
    const { errors, settings } = fiscalSettingsFrom(fiscalSettingsDraftOf(fresh), fresh);
    expect(settings).toBeNull();
    expect(errors).toMatchObject({ cnpj: M.cnpjRequired, legal_name: M.legalNameRequired, city_code: M.cityRequired, regime: M.regimeRequired });
    expect(errors.approx_tax_percent).toBeUndefined();
  });
  it('a right form is stored normalised: CNPJ without punctuation, codes as 6 digits, percent as a number', () => {
    const { errors, settings } = fiscalSettingsFrom(filled({ municipalRegistration: ' 12345 ', email: ' nf@serralheria.com.br ', phone: '(35) 3644-1234' }), fresh);
    expect(errors).toEqual({});
    expect(settings).toEqual({
      cnpj: '11222333000181',
      legal_name: 'Serralheria São José Ltda',
      municipal_registration: '12345',
      city_code: '3150406',
      regime: 'simples',
      sn_apuracao: 1,
      approx_tax_percent: 6,
      serie: 1,
      first_number: 1,
      environment: 2,
      services: DEFAULT_FISCAL_SERVICES.map((s) => ({ ...s })),
      email: 'nf@serralheria.com.br',
      phone: '(35) 3644-1234',
    });
  });
  it('a MEI stores no apuração nor percent', () => {
    const { settings } = fiscalSettingsFrom(filled({ regime: 'mei', approxTaxPercent: 'abc', snApuracao: 3 }), fresh);
    expect(settings).toMatchObject({ regime: 'mei', sn_apuracao: null, approx_tax_percent: null });
  });
  it('CNPJ: length and check digits; alphanumeric CNPJ taken', () => {
    expect(fiscalSettingsFrom(filled({ cnpj: '11.222.333/0001' }), fresh).errors.cnpj).toBe(M.cnpjLength);
    expect(fiscalSettingsFrom(filled({ cnpj: '11.222.333/0001-82' }), fresh).errors.cnpj).toBe(FISCAL_FIELD_MESSAGES.cnpj_check_digits);
    expect(fiscalSettingsFrom(filled({ cnpj: '12.ABC.345/01DE-35' }), fresh).settings?.cnpj).toBe('12ABC34501DE35');
  });
  it('a município typed but not chosen from the list is refused', () => {
    expect(fiscalSettingsFrom(filled({ city: { code: null, text: 'Piranguin' } }), fresh).errors.city_code).toBe(FISCAL_FIELD_MESSAGES.municipio_unknown);
  });
  it('percent: comma or dot, up to 2 decimals, below 100; required for ME/EPP', () => {
    expect(parsePercentText('6,00')).toBe(6);
    expect(parsePercentText('4.5')).toBe(4.5);
    expect(parsePercentText('15,75 %')).toBe(15.75);
    expect(parsePercentText('100')).toBeNull();
    expect(parsePercentText('6,001')).toBeNull();
    expect(fiscalSettingsFrom(filled({ approxTaxPercent: '' }), fresh).errors.approx_tax_percent).toBe(M.percentRequired);
    expect(fiscalSettingsFrom(filled({ approxTaxPercent: '6,5,0' }), fresh).errors.approx_tax_percent).toBe(M.percentInvalid);
  });
  it('série 1 to 49999', () => {
    expect(fiscalSettingsFrom(filled({ serie: '0' }), fresh).errors.serie).toBe(M.serie);
    expect(fiscalSettingsFrom(filled({ serie: '50000' }), fresh).errors.serie).toBe(M.serie);
    expect(fiscalSettingsFrom(filled({ serie: '49999' }), fresh).settings?.serie).toBe(49999);
  });
  it('próximo número: raised is stored as the first number; untouched keeps the stored one; never below what the server used', () => {
    const used = { stored, serverNext: 42 };
    const draft = { ...fiscalSettingsDraftOf(used), city: { code: '3150406', text: 'Piranguinho — MG' } };
    expect(fiscalSettingsFrom(draft, used).settings?.first_number).toBe(1);
    expect(fiscalSettingsFrom({ ...draft, nextNumber: '1000' }, used).settings?.first_number).toBe(1000);
    expect(fiscalSettingsFrom({ ...draft, nextNumber: '41' }, used).errors.first_number).toBe(M.numberBelowUsed(42));
    expect(M.numberBelowUsed(42)).toBe('Não pode ser menor que 42: os números anteriores já foram usados nesta série.');
    // Another série starts its own count (the server keeps one per série).
    expect(fiscalSettingsFrom({ ...draft, serie: '2', nextNumber: '1' }, used).errors.first_number).toBeUndefined();
    expect(fiscalSettingsFrom({ ...draft, nextNumber: '0' }, used).errors.first_number).toBe(M.numberInvalid);
    expect(fiscalSettingsFrom({ ...draft, nextNumber: 'x' }, used).errors.first_number).toBe(M.numberInvalid);
  });
  it('services: 6-digit codes, not repeated, a description each, at least one', () => {
    const { errors, settings } = fiscalSettingsFrom(
      filled({
        services: [
          { code: '14.01.01', description: 'Solda' },
          { code: '14.01', description: 'Torno' },
          { code: '14.01.01', description: ' ' },
        ],
      }),
      fresh,
    );
    expect(settings).toBeNull();
    expect(errors.rows).toEqual([{}, { code: M.serviceCode }, { code: M.serviceCodeRepeated, description: M.serviceDescription }]);
    expect(fiscalSettingsFrom(filled({ services: [] }), fresh).errors.services).toBe(M.servicesEmpty);
  });
  it('e-mail and phone optional, checked when typed', () => {
    const { errors } = fiscalSettingsFrom(filled({ email: 'nf@', phone: '3644-12' }), fresh);
    expect(errors).toEqual({ email: M.email, phone: M.phone });
  });
});

describe('masks of the Fiscal tab', () => {
  it('the CNPJ punctuates as a CNPJ from the first digits', () => {
    let text = '';
    for (const k of '11222333000181') text = editCnpjText(text, text + k, text.length + 1).text;
    expect(text).toBe('11.222.333/0001-81');
    expect(maskCnpjText('112223')).toBe('11.222.3');
  });
  it('a service code as 14.01.01, digits only', () => {
    let text = '';
    const seen: string[] = [];
    for (const k of '14a0101') {
      text = editServiceCodeText(text, text + k, text.length + 1).text;
      seen.push(text);
    }
    expect(seen).toEqual(['1', '14', '14', '14.0', '14.01', '14.01.0', '14.01.01']);
  });
});

describe('certificate warnings', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const cert = (until: string, cnpj = '11222333000181'): FiscalCertificateInfo => ({
    holder: 'SERRALHERIA SAO JOSE LTDA',
    cnpj,
    issuer: 'AC Teste',
    valid_from: '2025-12-01T00:00:00Z',
    valid_until: until,
    uploaded_at: '2026-01-01T00:00:00Z',
  });
  it('none for a certificate valid beyond 30 days of the company’s CNPJ (a branch counts)', () => {
    expect(certificateWarningTexts(cert('2027-06-01T00:00:00Z'), '11222333000181', now)).toEqual([]);
    expect(certificateWarningTexts(cert('2027-06-01T00:00:00Z', '11222333000262'), '11222333000181', now)).toEqual([]);
    expect(certificateWarningTexts(null, '11222333000181', now)).toEqual([]);
  });
  it('within 30 days: how many days are left', () => {
    expect(certificateWarningTexts(cert('2026-12-10T12:00:00Z'), '11222333000181', now)).toEqual(['O certificado vence em 20 dias: renove com a certificadora.']);
    expect(certificateWarningTexts(cert('2026-11-21T02:00:00Z'), '11222333000181', now)).toEqual(['O certificado vence em 1 dia: renove com a certificadora.']);
  });
  it('expired, and of another CNPJ', () => {
    expect(certificateWarningTexts(cert('2026-11-01T12:00:00Z', '99888777000106'), '11222333000181', now)).toEqual([
      'O certificado digital venceu em 01/11/2026: envie um certificado novo para voltar a emitir notas.',
      'O certificado é de outro CNPJ (99.888.777/0001-06): envie o certificado da empresa (CNPJ 11.222.333/0001-81).',
    ]);
  });
});
