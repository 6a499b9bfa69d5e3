import { describe, expect, it } from 'vitest';
import {
  formatPhoneBR, formatWhatsAppNumber, quotationShareMessage, quotationUrl, whatsappLink,
} from '../../../src/domain/whatsapp';

describe('formatWhatsAppNumber (spec §5)', () => {
  it('strips non-digits and prefixes 55', () => {
    expect(formatWhatsAppNumber('(31) 99999-8888')).toBe('5531999998888');
    expect(formatWhatsAppNumber('31 3333-4444')).toBe('553133334444');
  });
  it('keeps a number that already starts with 55 and has at least 12 digits', () => {
    expect(formatWhatsAppNumber('+55 (31) 99999-8888')).toBe('5531999998888');
    expect(formatWhatsAppNumber('553133334444')).toBe('553133334444');
  });
  it('prefixes 55 when it starts with 55 but is too short (area code 55 numbers)', () => {
    expect(formatWhatsAppNumber('55 9999-8888')).toBe('555599998888');
    expect(formatWhatsAppNumber('5599998888')).toBe('555599998888');
  });
  it('empty stays empty', () => {
    expect(formatWhatsAppNumber('')).toBe('');
    expect(formatWhatsAppNumber(null)).toBe('');
    expect(formatWhatsAppNumber('abc')).toBe('');
  });
});

describe('links and messages', () => {
  it('builds wa.me links with the encoded text', () => {
    expect(whatsappLink('(31) 99999-8888')).toBe('https://wa.me/5531999998888');
    const msg = quotationShareMessage('João', 'Forja', 'https://forja.test/quotation/ORC-ABC123');
    expect(msg).toBe('Olá João, aqui está o orçamento da Forja: https://forja.test/quotation/ORC-ABC123');
    const link = whatsappLink('31999998888', msg);
    expect(link.startsWith('https://wa.me/5531999998888?text=')).toBe(true);
    expect(decodeURIComponent(link.split('?text=')[1])).toBe(msg);
    expect(link).not.toContain(' ');
  });
  it('builds the quotation URL from the origin', () => {
    expect(quotationUrl('https://forja.test/', 'ORC-ABC123')).toBe('https://forja.test/quotation/ORC-ABC123');
  });
  it('formats phones for display', () => {
    expect(formatPhoneBR('5531999998888')).toBe('(31) 99999-8888');
    expect(formatPhoneBR('3133334444')).toBe('(31) 3333-4444');
    expect(formatPhoneBR(' 0800 123 ')).toBe('0800 123');
  });
});
