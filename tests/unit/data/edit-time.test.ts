/** The edit stamp of the data layer: never at or before the document's previous edit. */
import { describe, expect, test } from 'vitest';
import { editTime } from '../../../src/data/db/writes';

const at = (iso: string) => Date.parse(iso);

describe('editTime', () => {
  test('is now when the previous edit is older', () => {
    expect(editTime('2026-11-24T10:00:00.000Z', at('2026-11-24T10:00:05.000Z'))).toBe('2026-11-24T10:00:05.000Z');
  });

  test('two edits in the same millisecond get different, ordered stamps', () => {
    const now = at('2026-11-24T10:00:00.000Z');
    const first = editTime('2026-11-24T09:00:00.000Z', now);
    const second = editTime(first, now);
    expect(second > first).toBe(true);
    expect(second).toBe('2026-11-24T10:00:00.001Z');
  });

  test('after an edit stamped by a device whose clock is ahead, the next edit still comes later', () => {
    expect(editTime('2026-11-24T10:03:00.000Z', at('2026-11-24T10:00:00.000Z'))).toBe('2026-11-24T10:03:00.001Z');
  });

  test('a missing or unreadable previous stamp is ignored', () => {
    const now = at('2026-11-24T10:00:00.000Z');
    expect(editTime(undefined, now)).toBe('2026-11-24T10:00:00.000Z');
    expect(editTime('ontem', now)).toBe('2026-11-24T10:00:00.000Z');
  });
});
