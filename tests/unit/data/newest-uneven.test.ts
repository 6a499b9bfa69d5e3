/**
 * Issue 40, "tests the suite lacks": the newest-N first page (src/data/db/newest.ts — the first
 * 10 quotations, the cash book's first 50 entries) on a shop whose documents are unevenly spread
 * in time: most of them on one day (a spreadsheet imported, a busy day), a few long before, and
 * the page asked for a while after. It still shows the full page, the same as a descending sort
 * of everything.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { localDatabase } from '../../support/local-db';
import { findNewest } from '../../../src/data/db/newest';

const getDb = localDatabase('newest-uneven', 'u1', ['transactions']);
const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const SEC = 1000;
const MIN = 60 * SEC;
const DAY = 24 * 60 * MIN;

function tx(id: string, createdMs: number) {
  const at = new Date(createdMs).toISOString();
  return {
    id, type: 'entrada' as const, customer_id: null, name: null, category: null, description: `t${id}`, amount: 10,
    payment_method: 'pix' as const, payment_status: 'pago' as const, due_date: null, quotation_id: null,
    created_at: at, updated_at: at, client_updated_at: at, created_by: null, updated_by: null,
  };
}
const pad = (i: number) => String(i).padStart(4, '0');

afterEach(async () => {
  const db = await getDb();
  await db.db.transactions.find().remove();
});

describe('findNewest on unevenly spread documents', () => {
  const shapes: { name: string; docs: () => ReturnType<typeof tx>[] }[] = [
    {
      name: '250 imported in one burst 9 days ago (a few ms apart), 6 from years before',
      docs: () => [
        ...Array.from({ length: 250 }, (_, i) => tx(`b${pad(i)}`, NOW - 9 * DAY + i * 3)),
        ...Array.from({ length: 6 }, (_, i) => tx(`old${i}`, NOW - (400 + i * 200) * DAY)),
      ],
    },
    {
      name: '240 on one busy day 40 days ago, 3 this morning, 5 a year before',
      docs: () => [
        ...Array.from({ length: 240 }, (_, i) => tx(`d${pad(i)}`, NOW - 40 * DAY + i * 2 * MIN)),
        ...Array.from({ length: 3 }, (_, i) => tx(`m${i}`, NOW - (i + 1) * 30 * MIN)),
        ...Array.from({ length: 5 }, (_, i) => tx(`y${i}`, NOW - (365 + i) * DAY)),
      ],
    },
    {
      name: '230 with the very same instant (one batch), 4 two years before',
      docs: () => [
        ...Array.from({ length: 230 }, (_, i) => tx(`s${pad(i)}`, NOW - 3 * DAY)),
        ...Array.from({ length: 4 }, (_, i) => tx(`z${i}`, NOW - (730 + i) * DAY)),
      ],
    },
  ];
  for (const shape of shapes) {
    test(`${shape.name}: still 10 and 50, the newest`, { timeout: 15_000 }, async () => {
      const db = await getDb();
      await db.db.transactions.bulkInsert(shape.docs());
      const all = (await db.db.transactions.find({ sort: [{ created_at: 'desc' }] }).exec()).map((d) => d.id);
      for (const limit of [10, 50]) {
        const got = (await findNewest(db.db.transactions, limit, NOW)).map((d) => d.id);
        expect(got, `first page of ${limit}`).toHaveLength(limit);
        expect(got).toEqual(all.slice(0, limit));
      }
    });
  }
});
