import { describe, expect, test } from 'vitest';
import { matchesSearch, normalizeForSearch } from '../../../src/domain/search';

describe('search rule', () => {
  test('ignores case, accents and surrounding spaces', () => {
    expect(normalizeForSearch('  São JOSÉ ')).toBe('sao jose');
    expect(matchesSearch('jose', ['Serralheria São José'])).toBe(true);
    expect(matchesSearch('SÃO', ['sao paulo'])).toBe(true);
  });
  test('contains, in any field; empty query matches everything', () => {
    expect(matchesSearch('lher', [null, 'Serralheria'])).toBe(true);
    expect(matchesSearch('portão', ['Grade', undefined])).toBe(false);
    expect(matchesSearch('   ', ['x'])).toBe(true);
  });
});
