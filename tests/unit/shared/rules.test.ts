import { describe, expect, it } from 'vitest';
import { deepEqual, phoneKey, sameDocumentContent } from '@shared';

describe('document comparison shared by client and server', () => {
  it('treats a missing field, undefined and null as the same value', () => {
    expect(deepEqual({ a: 1 }, { a: 1, b: null })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1, b: null })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: 0 })).toBe(false);
  });
  it('compares nested lists by position and value', () => {
    expect(deepEqual({ m: [{ q: 1 }, { q: 2 }] }, { m: [{ q: 1 }, { q: 2 }] })).toBe(true);
    expect(deepEqual({ m: [{ q: 1 }, { q: 2 }] }, { m: [{ q: 2 }, { q: 1 }] })).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
  });
  it('ignores only the fields it is told to, and compares deletion as a flag', () => {
    const ignored = new Set(['updated_at']);
    const doc = { id: '1', name: 'A', updated_at: 'x' };
    expect(sameDocumentContent(doc, { ...doc, updated_at: 'y' }, ignored)).toBe(true);
    expect(sameDocumentContent(doc, { ...doc, name: 'B' }, ignored)).toBe(false);
    expect(sameDocumentContent(doc, { ...doc, _deleted: false }, ignored)).toBe(true);
    expect(sameDocumentContent(doc, { ...doc, _deleted: true }, ignored)).toBe(false);
  });
});

describe('phone key (unique-phone rule, same on client and server)', () => {
  it('compares the digits, whatever the formatting', () => {
    expect(phoneKey('(31) 99999-1234')).toBe(phoneKey('31 999991234'));
    expect(phoneKey('(31) 99999-1234')).not.toBe(phoneKey('(31) 99999-1235'));
  });
  it('falls back to the trimmed text when there are no digits', () => {
    expect(phoneKey(' Recado ')).toBe('recado');
  });
});
