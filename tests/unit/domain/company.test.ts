import { describe, expect, test } from 'vitest';
import { checkLink, checkPixKey, COMPANY_MESSAGES, detectPixKeyType, displayPixKey, isValidCnpj, isValidCpf, parsePhoneList, phonesValid } from '../../../src/domain/company';

describe('PIX key checked against its type', () => {
  test('CPF: check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(checkPixKey('cpf', '529.982.247-25')).toEqual({ ok: true, key: '52998224725' });
    expect(checkPixKey('cpf', '12345678900')).toEqual({ ok: false, message: COMPANY_MESSAGES.pixCpf });
  });
  test('CNPJ: check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(checkPixKey('cnpj', '11.222.333/0001-81')).toEqual({ ok: true, key: '11222333000181' });
    expect(checkPixKey('cnpj', '11.222.333/0001-82')).toEqual({ ok: false, message: COMPANY_MESSAGES.pixCnpj });
  });
  test('phone: DDD and number, stored +55', () => {
    expect(checkPixKey('phone', '(35) 99876-5432')).toEqual({ ok: true, key: '+5535998765432' });
    expect(checkPixKey('phone', '+55 35 99876-5432')).toEqual({ ok: true, key: '+5535998765432' });
    expect(checkPixKey('phone', '99876-5432')).toEqual({ ok: false, message: COMPANY_MESSAGES.pixPhone });
  });
  test('e-mail and random key', () => {
    expect(checkPixKey('email', 'Contato@Forja.com.br')).toEqual({ ok: true, key: 'contato@forja.com.br' });
    expect(checkPixKey('email', 'contato@forja')).toEqual({ ok: false, message: COMPANY_MESSAGES.pixEmail });
    expect(checkPixKey('random', '123E4567-E89B-12D3-A456-426614174000')).toEqual({ ok: true, key: '123e4567-e89b-12d3-a456-426614174000' });
    expect(checkPixKey('random', 'abc')).toEqual({ ok: false, message: COMPANY_MESSAGES.pixRandom });
  });
  test('a stored key shows in its type', () => {
    expect(detectPixKeyType('52998224725')).toBe('cpf');
    expect(detectPixKeyType('11222333000181')).toBe('cnpj');
    expect(detectPixKeyType('+5535998765432')).toBe('phone');
    expect(detectPixKeyType('a@b.com')).toBe('email');
    expect(detectPixKeyType('123e4567-e89b-12d3-a456-426614174000')).toBe('random');
    expect(displayPixKey('cpf', '52998224725')).toBe('529.982.247-25');
    expect(displayPixKey('phone', '+5535998765432')).toBe('(35) 99876-5432');
  });
});

describe('links', () => {
  test('social links must be of their site; http(s) only; empty allowed', () => {
    expect(checkLink('facebook', 'https://www.facebook.com/forja')).toEqual({ ok: true, url: 'https://www.facebook.com/forja' });
    expect(checkLink('facebook', 'facebook.com/forja')).toEqual({ ok: true, url: 'https://facebook.com/forja' });
    expect(checkLink('facebook', 'https://www.instagram.com/forja')).toEqual({ ok: false, message: COMPANY_MESSAGES.facebook });
    expect(checkLink('instagram', 'javascript:alert(1)')).toEqual({ ok: false, message: COMPANY_MESSAGES.instagram });
    expect(checkLink('map', 'minha casa')).toEqual({ ok: false, message: COMPANY_MESSAGES.map });
    expect(checkLink('map', 'https://maps.google.com/?q=x')).toMatchObject({ ok: true });
    expect(checkLink('instagram', '  ')).toEqual({ ok: true, url: null });
  });
  test('phones one per line', () => {
    expect(parsePhoneList('(35) 3644-1234\n\n (35) 99876-5432 ')).toEqual(['(35) 3644-1234', '(35) 99876-5432']);
    expect(phonesValid(['(35) 3644-1234', '35998765432'])).toBe(true);
    expect(phonesValid(['3644-1234'])).toBe(false);
  });
});
