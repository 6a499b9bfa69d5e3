/**
 * readCreatedBetween (issue 33): a created_at range in one IndexedDB request over the index RxDB
 * keeps, as plain documents — the same documents RxDB's own query gives (deleted ones left out,
 * both ends as asked), reading none of the rows outside the range one by one.
 */
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { localDatabase } from '../../support/local-db';
import { readAllLive, readCreatedBetween } from '../../../src/data/db/range-read';
import { countCursorSteps } from '../../support/idb-cursor-steps';

const getDb = localDatabase('range-read', 'u1', ['transactions']);
const DAY = 86_400_000;
const BASE = Date.parse('2026-10-01T03:00:00.000Z');

function tx(i: number, createdMs: number) {
  const at = new Date(createdMs).toISOString();
  return {
    id: `t${String(i).padStart(3, '0')}`, type: 'entrada' as const, customer_id: null, name: null, category: null, description: `t${i}`, amount: 10 + i,
    payment_method: 'pix' as const, payment_status: 'pago' as const, due_date: null, quotation_id: null,
    created_at: at, updated_at: at, client_updated_at: at, created_by: null, updated_by: null,
  };
}

const byId = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('readCreatedBetween', () => {
  test('the same documents as RxDB\'s query for closed, open and empty ranges; deleted ones left out', async () => {
    const fdb = await getDb();
    await fdb.db.transactions.bulkInsert(Array.from({ length: 120 }, (_, i) => tx(i, BASE + i * 0.5 * DAY)));
    await fdb.db.transactions.findOne('t010').remove();
    const from = new Date(BASE + 5 * DAY).toISOString(); // exactly t010's instant: included (but deleted)
    const to = new Date(BASE + 20 * DAY).toISOString(); // exactly t040's instant: excluded
    const rx = async (sel: Record<string, string>) => (await fdb.db.transactions.find({ selector: { created_at: sel } }).exec()).map((d) => d.toJSON());
    const cases: [string | null, string | null, Record<string, string>][] = [
      [from, to, { $gte: from, $lt: to }],
      [from, null, { $gte: from }],
      [null, to, { $lt: to }],
      [to, to, { $gte: to, $lt: to }],
    ];
    for (const [a, b, sel] of cases) {
      const got = await readCreatedBetween(fdb.db.transactions, a, b);
      expect(byId(got)).toEqual(byId(await rx(sel)));
    }
    const month = await readCreatedBetween(fdb.db.transactions, from, to);
    expect(month.map((t) => t.id)).not.toContain('t010');
    expect(month.map((t) => t.id)).toContain('t011');
    expect(month.map((t) => t.id)).not.toContain('t040');
    expect(month).toHaveLength(29);
    expect(Object.keys(month[0]).sort()).toEqual(Object.keys(tx(0, BASE)).sort());
  });

  test('one request, no cursor walking the rows', async () => {
    const fdb = await getDb();
    const { result, steps } = await countCursorSteps(() => readCreatedBetween(fdb.db.transactions, null, null));
    expect(result).toHaveLength(119);
    expect(steps).toBe(0);
  });
});

describe('readAllLive', () => {
  test('every live document, as RxDB\'s find() gives them, in one request', async () => {
    const fdb = await getDb();
    const { result, steps } = await countCursorSteps(() => readAllLive(fdb.db.transactions));
    expect(steps).toBe(0);
    const rx = (await fdb.db.transactions.find().exec()).map((d) => d.toJSON());
    expect(rx).toHaveLength(119); // t010 was deleted above
    expect(byId(result as { id: string }[])).toEqual(byId(rx));
  });
});
