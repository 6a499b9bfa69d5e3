/**
 * The first-page memo (issue 33): the ids a list showed first, per local database, for the next
 * cold open to paint them while the whole collection is read.
 */
// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { recallFirstPage, rememberFirstPage } from '../../../src/data/db/first-page-memo';

beforeEach(() => localStorage.clear());

describe('first-page memo', () => {
  test('what one database remembered comes back for it, not for another user\'s database', () => {
    rememberFirstPage('forja_u1', 'customers', ['c3', 'c2', 'c1']);
    expect(recallFirstPage('forja_u1', 'customers')).toEqual(['c3', 'c2', 'c1']);
    expect(recallFirstPage('forja_u2', 'customers')).toEqual([]);
    expect(recallFirstPage('forja_u1', 'quotations')).toEqual([]);
  });

  test('only ids are kept, at most 50; a damaged entry reads as nothing remembered', () => {
    rememberFirstPage('forja_u1', 'customers', Array.from({ length: 80 }, (_, i) => `c${i}`));
    expect(recallFirstPage('forja_u1', 'customers')).toHaveLength(50);
    localStorage.setItem('forja:first-page:forja_u1:customers', '{not json');
    expect(recallFirstPage('forja_u1', 'customers')).toEqual([]);
    localStorage.setItem('forja:first-page:forja_u1:customers', JSON.stringify(['a', 3, null, 'b']));
    expect(recallFirstPage('forja_u1', 'customers')).toEqual(['a', 'b']);
  });
});
