import { expect, test } from 'vitest';
import { findUnacceptableText, isAcceptableText, sanitizeText } from '@shared';

test('NUL and lone surrogates are not acceptable; accents, emoji and pairs are', () => {
  expect(isAcceptableText('Solda MIG — ação 😀')).toBe(true);
  expect(isAcceptableText('a\u0000b')).toBe(false);
  expect(isAcceptableText('\ud800')).toBe(false);
  expect(isAcceptableText('x\udc00')).toBe(false);
  expect(isAcceptableText('\ud83d\ude00')).toBe(true);
  expect(isAcceptableText('\ude00\ud83d')).toBe(false);
});

test('finds the first bad text, also inside arrays and object keys', () => {
  expect(findUnacceptableText({ name: 'ok', materials: [{ name: 'ok' }, { name: 'b\u0000' }] })).toEqual(['materials', '1', 'name']);
  expect(findUnacceptableText({ ['k\ud800']: 1 })).toEqual(['(chave)']);
  expect(findUnacceptableText({ a: [1, null, true, 'fine'] })).toBeNull();
  let deep: unknown = 'x';
  for (let i = 0; i < 100; i++) deep = [deep];
  expect(findUnacceptableText(deep)).not.toBeNull();
});

test('sanitized copies are acceptable and keep good text as it was', () => {
  const s = sanitizeText({ a: 'x\u0000y', b: ['\ud800z', 'ação 😀'], ['c\udc00']: 1 });
  expect(findUnacceptableText(s)).toBeNull();
  expect(s.a).toBe('xy');
  expect(s.b).toEqual(['\ufffdz', 'ação 😀']);
  expect(sanitizeText('a\udc00\udc00b\ud800')).toBe('a\ufffd\ufffdb\ufffd');
});
