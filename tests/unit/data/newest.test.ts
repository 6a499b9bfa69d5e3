/**
 * findNewest: the newest documents by created_at, the same as a descending sort over the whole
 * collection, while reading only about as many as asked for (issue 33: the first page of a big
 * shop's cash book read all its transactions before painting).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { localDatabase } from '../../support/local-db';
import { findNewest } from '../../../src/data/db/newest';
import { countCursorSteps } from '../../support/idb-cursor-steps';

const getDb = localDatabase('newest', 'u1', ['transactions']);
const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

function tx(id: string, createdMs: number) {
  const at = new Date(createdMs).toISOString();
  return {
    id, type: 'entrada' as const, customer_id: null, name: null, category: null, description: `t${id}`, amount: 10,
    payment_method: 'pix' as const, payment_status: 'pago' as const, due_date: null, quotation_id: null,
    created_at: at, updated_at: at, client_updated_at: at, created_by: null, updated_by: null,
  };
}

afterEach(async () => {
  const db = await getDb();
  await db.db.transactions.find().remove();
});

describe('findNewest', () => {
  test('the newest first, the same as a descending sort of everything: recent, old, future and tied dates', async () => {
    const db = await getDb();
    const docs = [
      // 300 recent ones a minute apart, then older ones days apart, two in the future, ties.
      ...Array.from({ length: 300 }, (_, i) => tx(`r${String(i).padStart(3, '0')}`, NOW - i * MIN)),
      ...Array.from({ length: 40 }, (_, i) => tx(`o${String(i).padStart(3, '0')}`, NOW - (i + 1) * 30 * DAY)),
      tx('f1', NOW + 5 * DAY),
      tx('f2', NOW + MIN),
      tx('tieB', NOW - 2.5 * MIN),
      tx('tieA', NOW - 2.5 * MIN),
    ];
    await db.db.transactions.bulkInsert(docs);
    const all = (await db.db.transactions.find({ sort: [{ created_at: 'desc' }] }).exec()).map((d) => d.id);
    for (const limit of [1, 10, 50, 120]) {
      const got = (await findNewest(db.db.transactions, limit, NOW)).map((d) => d.id);
      expect(got).toEqual(all.slice(0, limit));
    }
    expect((await findNewest(db.db.transactions, 10, NOW)).map((d) => d.id).slice(0, 2)).toEqual(['f1', 'f2']);
  });

  test('sparse history: the windows grow back until they hold enough (a shop whose last entries are months old)', async () => {
    const db = await getDb();
    await db.db.transactions.bulkInsert(Array.from({ length: 200 }, (_, i) => tx(`s${String(i).padStart(3, '0')}`, NOW - 90 * DAY - i * 3 * DAY)));
    const all = (await db.db.transactions.find({ sort: [{ created_at: 'desc' }] }).exec()).map((d) => d.id);
    expect((await findNewest(db.db.transactions, 20, NOW)).map((d) => d.id)).toEqual(all.slice(0, 20));
  });

  test('a collection smaller than the page, and an empty one, come back whole', async () => {
    const db = await getDb();
    expect(await findNewest(db.db.transactions, 20, NOW)).toEqual([]);
    await db.db.transactions.bulkInsert([tx('a', NOW - DAY), tx('b', NOW - 400 * DAY), tx('c', NOW)]);
    expect((await findNewest(db.db.transactions, 20, NOW)).map((d) => d.id)).toEqual(['c', 'a', 'b']);
  });

  test('reads about the page, not the collection: a descending find with a limit reads every row', async () => {
    const db = await getDb();
    await db.db.transactions.bulkInsert(Array.from({ length: 600 }, (_, i) => tx(`d${String(i).padStart(3, '0')}`, NOW - i * 7 * MIN)));
    const plain = await countCursorSteps(() => db.db.transactions.find({ sort: [{ created_at: 'desc' }], limit: 20 }).exec());
    const newest = await countCursorSteps(() => findNewest(db.db.transactions, 20, NOW));
    expect(newest.result.map((d) => d.id)).toEqual(plain.result.map((d) => d.id));
    expect(plain.steps).toBeGreaterThanOrEqual(600);
    expect(newest.steps).toBeLessThanOrEqual(20 * 4 + 1);
  });
});
