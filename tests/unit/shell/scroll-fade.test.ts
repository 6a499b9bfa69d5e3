import { describe, expect, test } from 'vitest';
import { fadeMask } from '../../../src/ui/useScrollFade';

describe('fadeMask: a sideways strip fades where more of it lies beyond', () => {
  test('nothing beyond either edge: no mask', () => {
    expect(fadeMask(false, false)).toBeUndefined();
  });
  test('more to the right only: solid at the left, fading at the right', () => {
    expect(fadeMask(false, true)).toBe('linear-gradient(to right, black 0, black calc(100% - 2rem), transparent 100%)');
  });
  test('more to the left only: fading at the left, solid at the right', () => {
    expect(fadeMask(true, false)).toBe('linear-gradient(to right, transparent 0, black 2rem, black 100%)');
  });
  test('more on both sides: both edges fade', () => {
    expect(fadeMask(true, true)).toBe('linear-gradient(to right, transparent 0, black 2rem, black calc(100% - 2rem), transparent 100%)');
  });
});
