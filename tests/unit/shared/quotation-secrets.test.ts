/**
 * Issue 30: quotation codes and link secrets come from crypto.getRandomValues (schemas/rules.ts),
 * never from Math.random; the phone digits a bare code asks for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateLinkSecret, generateQuotationCode, LINK_SECRET_PATTERN, phoneLastDigits } from '@shared';

afterEach(() => vi.restoreAllMocks());

describe('quotation codes', () => {
  it('are ORC- plus 6 characters of the look-alike-free alphabet, drawn from crypto.getRandomValues', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const math = vi.spyOn(Math, 'random');
    const code = generateQuotationCode();
    expect(code).toMatch(/^ORC-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    expect(spy).toHaveBeenCalled();
    expect(math).not.toHaveBeenCalled();
  });

  it('use every character of the alphabet alike: bytes past the last multiple of 31 are drawn again', () => {
    // 248 = 8 × 31 is the first byte that would favour the first 8 characters; it is skipped.
    const bytes = [248, 255, 0, 30, 31, 62, 92, 1];
    let i = 0;
    const code = generateQuotationCode((b) => b.map(() => bytes[i++]));
    expect(code).toBe('ORC-2Z22Z3');
  });

  it('differ from one another (no fixed seed)', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateQuotationCode()));
    expect(codes.size).toBeGreaterThan(195);
  });
});

describe('link secrets', () => {
  it('are 16 random bytes from crypto.getRandomValues as 22 base64url characters', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const math = vi.spyOn(Math, 'random');
    const secret = generateLinkSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(secret).toMatch(LINK_SECRET_PATTERN);
    expect(spy).toHaveBeenCalledTimes(1);
    expect((spy.mock.calls[0][0] as Uint8Array).length).toBe(16);
    expect(math).not.toHaveBeenCalled();
    expect(new Set(Array.from({ length: 100 }, () => generateLinkSecret())).size).toBe(100);
  });

  it('encode the bytes exactly as base64url does', () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17 + 3);
    const expected = Buffer.from(bytes).toString('base64url');
    expect(generateLinkSecret((b) => (b.set(bytes), b))).toBe(expected);
    expect(generateLinkSecret((b) => b.fill(255))).toBe(Buffer.alloc(16, 255).toString('base64url'));
  });
});

describe('phone digits asked for a bare code', () => {
  it('are the last 4 digits of the phone as typed; fewer than 4 digits: none (only the link opens it)', () => {
    expect(phoneLastDigits('(35) 99876-5432')).toBe('5432');
    expect(phoneLastDigits('+55 35 3333-0001')).toBe('0001');
    expect(phoneLastDigits('ramal 12')).toBeNull();
    expect(phoneLastDigits('')).toBeNull();
    expect(phoneLastDigits(null)).toBeNull();
  });
});
