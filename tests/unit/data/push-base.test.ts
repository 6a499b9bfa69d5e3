/** The merge base of a push after a merged answer RxDB could not adopt (src/data/db/push-base.ts). */
import { describe, expect, test } from 'vitest';
import { PushBaseTracker } from '../../../src/data/db/push-base';

const v1 = { id: 'c1', whatsapp: '1', description: 'antes' };
const v8 = { ...v1, whatsapp: '8' };
const v10 = { ...v1, whatsapp: '10' };

describe('PushBaseTracker', () => {
  test('an edit made while a merged answer was on its way is sent with the version it was made on as its base', () => {
    const t = new PushBaseTracker();
    const first = [{ assumedMasterState: v1, newDocumentState: v8 }];
    const sent = t.rowsToSend(first);
    expect(sent).toEqual(first);
    t.answered(first, sent, new Set(['c1']), new Set());
    // RxDB could not adopt the merge (the user typed 10 meanwhile): its assumed master is still v1.
    const next = t.rowsToSend([{ assumedMasterState: v1, newDocumentState: v10 }]);
    expect(next).toEqual([{ assumedMasterState: v8, newDocumentState: v10 }]);
  });

  test("once RxDB's assumed master moved (it adopted the answer, or a pull), its own base is used again", () => {
    const t = new PushBaseTracker();
    const first = [{ assumedMasterState: v1, newDocumentState: v8 }];
    t.answered(first, t.rowsToSend(first), new Set(['c1']), new Set());
    const merged = { ...v8, description: 'outro aparelho' };
    const row = { assumedMasterState: merged, newDocumentState: { ...merged, whatsapp: '10' } };
    expect(t.rowsToSend([row])).toEqual([row]);
    // …and stays so for a later push with the old base (nothing remembered any more).
    const stale = { assumedMasterState: v1, newDocumentState: v10 };
    expect(t.rowsToSend([stale])).toEqual([stale]);
  });

  test('a plainly stored push, a refused one, or a retry of the same version changes nothing', () => {
    const t = new PushBaseTracker();
    const stored = [{ assumedMasterState: v1, newDocumentState: v8 }];
    t.answered(stored, stored, new Set(), new Set());
    expect(t.rowsToSend([{ assumedMasterState: v1, newDocumentState: v10 }])[0].assumedMasterState).toBe(v1);

    const refused = [{ assumedMasterState: v1, newDocumentState: v8 }];
    t.answered(refused, refused, new Set(['c1']), new Set(['c1']));
    expect(t.rowsToSend([{ assumedMasterState: v1, newDocumentState: v10 }])[0].assumedMasterState).toBe(v1);

    const merged = [{ assumedMasterState: v1, newDocumentState: v8 }];
    t.answered(merged, merged, new Set(['c1']), new Set());
    expect(t.rowsToSend(merged)).toEqual(merged);
  });

  test('a create answered with the stored version: the next edit is based on what was created', () => {
    const t = new PushBaseTracker();
    const create = [{ assumedMasterState: null, newDocumentState: v1 }];
    t.answered(create, t.rowsToSend(create), new Set(['c1']), new Set());
    expect(t.rowsToSend([{ assumedMasterState: undefined, newDocumentState: v8 }])).toEqual([{ assumedMasterState: v1, newDocumentState: v8 }]);
  });
});
