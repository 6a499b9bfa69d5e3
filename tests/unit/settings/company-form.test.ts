import { describe, expect, test } from 'vitest';
import type { CompanyDoc } from '@shared';
import { companyPatchFrom, formFromCompany } from '../../../src/features/settings/companyForm';
import { fieldLabel, valueText, whoText } from '../../../src/features/settings/conflictText';
import { COMPANY_MESSAGES } from '../../../src/domain/company';

const company: CompanyDoc = {
  id: 'company',
  name: 'Forja',
  tagline: null,
  address: 'Rua A, 1',
  city: 'Piranguinho - MG',
  phones: ['(35) 3644-1234'],
  whatsapp_numbers: ['(35) 99876-5432'],
  email: 'contato@forja.com.br',
  facebook_url: null,
  instagram_url: 'https://www.instagram.com/forja',
  opening_hours: '8h às 17h',
  map_url: null,
  pix_key: '52998224725',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  client_updated_at: '2026-01-01T00:00:00.000Z',
  created_by: null,
};

describe('company form', () => {
  test('round trip: the stored profile shows in the form and saves back unchanged', () => {
    const form = formFromCompany(company);
    expect(form.pixType).toBe('cpf');
    expect(form.pixKey).toBe('529.982.247-25');
    const { errors, patch } = companyPatchFrom(form);
    expect(errors).toEqual({});
    expect(patch).toMatchObject({ name: 'Forja', pix_key: '52998224725', phones: ['(35) 3644-1234'], instagram_url: 'https://www.instagram.com/forja' });
  });
  test('clear messages for an invalid PIX key, link, e-mail or phone; nothing saved', () => {
    const form = {
      ...formFromCompany(company),
      name: ' ',
      pixType: 'phone' as const,
      pixKey: '1234',
      facebook: 'https://instagram.com/x',
      map: 'rua tal',
      email: 'contato@',
      whatsapp: '99876',
    };
    const { errors, patch } = companyPatchFrom(form);
    expect(patch).toBeNull();
    expect(errors).toEqual({
      name: COMPANY_MESSAGES.nameRequired,
      pixKey: COMPANY_MESSAGES.pixPhone,
      facebook: COMPANY_MESSAGES.facebook,
      map: COMPANY_MESSAGES.map,
      email: COMPANY_MESSAGES.email,
      whatsapp: COMPANY_MESSAGES.phone,
    });
  });
  test('no PIX type means no key', () => {
    const { patch } = companyPatchFrom({ ...formFromCompany(company), pixType: '', pixKey: 'x' });
    expect(patch?.pix_key).toBeNull();
  });
});

describe('conflict log in plain Portuguese', () => {
  test('fields, values and people', () => {
    expect(fieldLabel('phone')).toBe('Telefone');
    expect(fieldLabel('status,decided_at,decision_reason')).toBe('Decisão do cliente');
    expect(valueText(null)).toBe('(vazio)');
    expect(valueText(1234.5)).toBe('1.234,5');
    expect(valueText([{ name: 'Metalon', quantity: 1 }])).toBe('Metalon');
    const emails = new Map([['u1', 'ana@forja.com.br']]);
    expect(whoText('u1', emails)).toBe('ana@forja.com.br');
    expect(whoText(null, emails)).toBe('o site (cliente)');
  });
});

describe('Garantia padrão (dias)', () => {
  test('blank is the default (null: 90 days); a stored value shows and saves back', () => {
    expect(formFromCompany(company).warrantyDays).toBe('');
    expect(companyPatchFrom(formFromCompany(company)).patch?.warranty_days).toBeNull();
    const stored = formFromCompany({ ...company, warranty_days: 180 });
    expect(stored.warrantyDays).toBe('180');
    expect(companyPatchFrom(stored).patch?.warranty_days).toBe(180);
    expect(companyPatchFrom({ ...stored, warrantyDays: ' 0 ' }).patch?.warranty_days).toBe(0);
    expect(companyPatchFrom({ ...stored, warrantyDays: '3.650' }).patch?.warranty_days).toBe(3650);
  });
  test('0 to 3650 whole days: anything else is refused with a pt-BR reason and nothing saved', () => {
    for (const typed of ['3651', '-1', '90,5', '1e3', 'noventa', '99999']) {
      const { errors, patch } = companyPatchFrom({ ...formFromCompany(company), warrantyDays: typed });
      expect(patch, typed).toBeNull();
      expect(errors.warrantyDays, typed).toBe(COMPANY_MESSAGES.warrantyDays);
    }
    expect(COMPANY_MESSAGES.warrantyDays).toContain('de 0 a 3650');
  });
});
