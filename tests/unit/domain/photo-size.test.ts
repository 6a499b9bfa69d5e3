import { describe, expect, test } from 'vitest';
import { photoTargetSize, uploadRetryDelayMs } from '../../../src/domain/photo-size';

describe('photoTargetSize', () => {
  test('a 4000×3000 phone photo becomes 1600×1200', () => {
    expect(photoTargetSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
  });
  test('portrait keeps its proportions with the height at the limit', () => {
    expect(photoTargetSize(3024, 4032, 1600)).toEqual({ width: 1200, height: 1600 });
  });
  test('a small image is never enlarged', () => {
    expect(photoTargetSize(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(photoTargetSize(1600, 1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });
  test('a very thin panorama keeps at least one pixel', () => {
    expect(photoTargetSize(100000, 10, 1600)).toEqual({ width: 1600, height: 1 });
  });
  test('nonsense sizes give zero', () => {
    expect(photoTargetSize(0, 100, 1600)).toEqual({ width: 0, height: 0 });
    expect(photoTargetSize(Number.NaN, 100, 1600)).toEqual({ width: 0, height: 0 });
  });
});

describe('uploadRetryDelayMs', () => {
  test('doubles from 2 s and stops at a minute', () => {
    expect([1, 2, 3, 4].map(uploadRetryDelayMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(uploadRetryDelayMs(20)).toBe(60000);
  });
});
