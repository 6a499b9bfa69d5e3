import { expect, test } from 'vitest';
import { pageCount, pageSlice, pageWindow } from '../../../src/ui/pagination';

test('pages = ceil(total / size); none for an empty list', () => {
  expect(pageCount(23, 10)).toBe(3);
  expect(pageCount(20, 10)).toBe(2);
  expect(pageCount(0, 10)).toBe(0);
});

test('5 buttons on desktop and 3 on mobile, centred and clamped to the ends', () => {
  expect(pageWindow(1, 10, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(pageWindow(6, 10, 5)).toEqual([4, 5, 6, 7, 8]);
  expect(pageWindow(10, 10, 5)).toEqual([6, 7, 8, 9, 10]);
  expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
  expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
});

test('a page slice of 10, the last page holding the rest', () => {
  const items = Array.from({ length: 23 }, (_, i) => i);
  expect(pageSlice(items, 3, 10)).toEqual([20, 21, 22]);
  expect(pageSlice(items, 9, 10)).toEqual([20, 21, 22]);
});
