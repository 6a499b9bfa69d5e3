/** The refusal reasons of a whole push batch must fit a response header clients accept (16 KiB). */
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type PushRejection } from '@shared';
import { rejectionHeaders } from '../../sync-server/src/sync/http';

const rejectionsHeader = (all: PushRejection[]) => rejectionHeaders(all, null).rejections;

const rejection = (i: number): PushRejection => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  error: 'duplicate_phone',
  message: ERROR_MESSAGES.duplicate_phone,
  fields: ['phone', 'name', 'whatsapp', 'description'],
});

describe('x-forja-rejections header', () => {
  it('keeps every detail when it fits', () => {
    const parsed = JSON.parse(rejectionsHeader([rejection(1)]));
    expect(parsed).toEqual([rejection(1)]);
  });

  it("a full batch (100 rows, the app's push size) of refusals names every refused document and why, with room to spare under 16 KiB", () => {
    const all = Array.from({ length: 100 }, (_, i) => rejection(i));
    const header = rejectionsHeader(all);
    // The server's budget: other headers share the client's 16 KiB limit.
    expect(header.length).toBeLessThanOrEqual(12_000);
    expect(/^[\x20-\x7e]*$/.test(header)).toBe(true);
    const parsed = JSON.parse(header) as PushRejection[];
    expect(parsed.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(parsed.every((r) => r.error === 'duplicate_phone')).toBe(true);
  });
});
