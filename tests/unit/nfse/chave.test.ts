import { describe, expect, it } from 'vitest';
import { groupChave } from '../../../src/domain/nfse/chave';

describe('groupChave', () => {
  it('groups the 50 digits by 4 for reading (the last group shorter), whatever spacing came in', () => {
    const chave = '31062002211222333000181000000000001726031234567899';
    const grouped = groupChave(chave);
    expect(grouped).toBe('3106 2002 2112 2233 3000 1810 0000 0000 0017 2603 1234 5678 99');
    expect(grouped.replace(/ /g, '')).toBe(chave);
    expect(groupChave(' 3106 20 ')).toBe('3106 20');
  });
});
