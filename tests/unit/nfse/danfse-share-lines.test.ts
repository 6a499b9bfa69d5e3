/** The two running texts of the DANFSe share the room the fixed blocks leave (one page, always). */
import { describe, expect, it } from 'vitest';
import { shareLines } from '../../../src/ui/danfse/renderDanfsePdf';

describe('shareLines', () => {
  it('gives every text what it needs when there is room', () => {
    expect(shareLines([3, 0, 5], 20)).toEqual([3, 0, 5]);
  });
  it('lets a short text keep its lines and splits the rest between the long ones', () => {
    expect(shareLines([2, 30, 30], 22)).toEqual([2, 10, 10]);
    expect(shareLines([4, 30], 20)).toEqual([4, 16]);
  });
  it('never gives more than the room, but each text keeps its first line', () => {
    expect(shareLines([30, 30], 9).reduce((a, b) => a + b)).toBeLessThanOrEqual(9);
    expect(shareLines([30, 30], 0)).toEqual([1, 1]);
  });
});
