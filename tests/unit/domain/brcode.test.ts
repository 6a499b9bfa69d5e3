import { describe, expect, it } from 'vitest';
import {
  buildStaticPix, crc16ccitt, emvField, formatEmvAmount, hasValidCrc, normalizePixKey, parseEmv, sanitizeEmvText,
  sanitizeTxid, withCrc,
} from '../../../src/domain/brcode';

/**
 * Known-good static BR Code from the Banco Central do Brasil's "Anexo I – Padrões para
 * Iniciação do Pix" (page 16), as quoted in the README of the Java library
 * com.github.alesaudate.pix.qrcode ("PIX QR Code generator") found through the code search.
 */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('crc16ccitt (CRC-16/CCITT-FALSE)', () => {
  it('matches the standard check value', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });
  it('is 4 uppercase hex digits, FFFF for empty input', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    expect(crc16ccitt('A')).toMatch(/^[0-9A-F]{4}$/);
  });
  it('matches the CRC of the BCB manual example', () => {
    expect(crc16ccitt(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(hasValidCrc(BCB_EXAMPLE)).toBe(true);
    expect(hasValidCrc(BCB_EXAMPLE.replace('Fulano', 'Fulana'))).toBe(false);
  });
});

describe('EMV assembly', () => {
  it('reproduces the BCB manual example byte for byte from its fields', () => {
    const payload =
      emvField('00', '01') +
      emvField('26', emvField('00', 'br.gov.bcb.pix') + emvField('01', '123e4567-e12b-12d1-a456-426655440000')) +
      emvField('52', '0000') +
      emvField('53', '986') +
      emvField('58', 'BR') +
      emvField('59', 'Fulano de Tal') +
      emvField('60', 'BRASILIA') +
      emvField('62', emvField('05', '***'));
    expect(withCrc(payload)).toBe(BCB_EXAMPLE);
  });
  it('parses fields back', () => {
    const fields = parseEmv(BCB_EXAMPLE);
    expect(fields.map((f) => f.id)).toEqual(['00', '26', '52', '53', '58', '59', '60', '62', '63']);
    expect(fields.find((f) => f.id === '59')?.value).toBe('Fulano de Tal');
    expect(() => parseEmv('0099')).toThrow();
  });
  it('refuses values longer than 99 characters', () => {
    expect(() => emvField('26', 'x'.repeat(100))).toThrow();
  });
});

describe('buildStaticPix', () => {
  it('builds the BCB example from the high-level input (name uppercased)', () => {
    const code = buildStaticPix({
      key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'Brasília',
    });
    const expected = withCrc(BCB_EXAMPLE.slice(0, -8).replace('Fulano de Tal', 'FULANO DE TAL'));
    expect(code).toBe(expected);
    expect(hasValidCrc(code)).toBe(true);
  });

  it('includes the amount with 2 decimals, sanitised name/city and the quotation code as txid', () => {
    const code = buildStaticPix({
      key: 'financeiro@forja.com.br',
      merchantName: 'Serralheria São João & Filhos Soldagem Industrial',
      merchantCity: 'São João del-Rei',
      amount: 1234.5,
      txid: 'ORC-7K3M9P',
    });
    const f = Object.fromEntries(parseEmv(code).map((x) => [x.id, x.value]));
    expect(f['00']).toBe('01');
    expect(f['26']).toBe('0014br.gov.bcb.pix0123financeiro@forja.com.br');
    expect(f['52']).toBe('0000');
    expect(f['53']).toBe('986');
    expect(f['54']).toBe('1234.50');
    expect(f['58']).toBe('BR');
    expect(f['59']).toBe('SERRALHERIA SAO JOAO FILH');
    expect(f['59'].length).toBeLessThanOrEqual(25);
    expect(f['60']).toBe('SAO JOAO DEL RE');
    expect(f['62']).toBe('0509ORC7K3M9P');
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
    expect(hasValidCrc(code)).toBe(true);
  });

  it('omits the amount when there is none and uses *** without a txid', () => {
    const code = buildStaticPix({ key: '12345678909', merchantName: 'Forja', merchantCity: 'Itaúna', amount: 0 });
    const ids = parseEmv(code).map((x) => x.id);
    expect(ids).not.toContain('54');
    expect(code).toContain('62070503***6304');
  });

  it('refuses an empty key', () => {
    expect(() => buildStaticPix({ key: '  ', merchantName: 'A', merchantCity: 'B' })).toThrow();
  });
});

describe('helpers', () => {
  it('formats amounts for field 54', () => {
    expect(formatEmvAmount(10)).toBe('10.00');
    expect(formatEmvAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatEmvAmount(1234567.891)).toBe('1234567.89');
  });
  it('sanitises text and txid', () => {
    expect(sanitizeEmvText('  Ação  Çé ', 25)).toBe('ACAO CE');
    expect(sanitizeEmvText('', 25)).toBe('');
    expect(sanitizeTxid('orc-abc 123')).toBe('ORCABC123');
    expect(sanitizeTxid('---')).toBe('***');
    expect(sanitizeTxid('x'.repeat(40))).toHaveLength(25);
  });
  it('normalises PIX keys', () => {
    expect(normalizePixKey('123.456.789-09')).toBe('12345678909');
    expect(normalizePixKey('12.345.678/0001-95')).toBe('12345678000195');
    expect(normalizePixKey('(31) 99999-8888')).toBe('+5531999998888');
    expect(normalizePixKey('+55 31 99999-8888')).toBe('+5531999998888');
    expect(normalizePixKey(' Loja@Forja.com ')).toBe('loja@forja.com');
    expect(normalizePixKey('123e4567-e12b-12d1-a456-426655440000')).toBe('123e4567-e12b-12d1-a456-426655440000');
  });
});
