/**
 * Issue 33: the customers list is sorted by something no index gives (newest first, then name),
 * so its whole collection is read before it can show a page. Reading it remembers the first
 * customers' ids; the next open reads just those (and an index count) and paints them while
 * every customer is read.
 */
// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { localDatabase } from '../../support/local-db';
import { recalledCustomers$, warmCustomerData } from '../../../src/data/db/customers';

const getDb = localDatabase('first-page', 'u1');
/** The next open: a database object whose whole list was never read in this page. */
const getNextOpen = localDatabase('first-page-next', 'u1');

function customer(i: number, createdMs: number) {
  const at = new Date(createdMs).toISOString();
  return { id: `c${i}`, name: `Cliente ${i}`, phone: `31 9${String(i).padStart(8, '0')}`, whatsapp: null, description: null, created_at: at, updated_at: at, client_updated_at: at, created_by: null, updated_by: null };
}

describe('the customers list remembered for the next open', () => {
  test('nothing remembered before the list was ever read; then its first 20 in the list order, with the total', async () => {
    const fdb = await getDb();
    const base = Date.parse('2026-11-01T12:00:00.000Z');
    await fdb.db.customers.bulkInsert(Array.from({ length: 45 }, (_, i) => customer(i, base + (i % 30) * 60_000)));
    expect(await firstValueFrom(recalledCustomers$(fdb.db))).toEqual({ customers: null, total: 0 });

    // The shared whole-list read (the overlay's warm-up, the list itself) remembers its first page.
    localStorage.clear();
    warmCustomerData(fdb);
    await new Promise((r) => setTimeout(r, 300));
    const all = [...(await fdb.db.customers.find().exec())].map((d) => d.toJSON());
    const order = all.sort((a, b) => (a.created_at === b.created_at ? a.name.localeCompare(b.name, 'pt-BR', { numeric: true }) : a.created_at < b.created_at ? 1 : -1));
    const remembered = JSON.parse(localStorage.getItem(`forja:first-page:${fdb.db.name}:customers`) ?? '[]');
    expect(remembered).toEqual(order.slice(0, 20).map((c) => c.id));
  });

  test('the next open reads those customers back, newest first, and the count of all; a deleted one is left out', async () => {
    const fdb = await getDb();
    const ids = JSON.parse(localStorage.getItem(`forja:first-page:${fdb.db.name}:customers`) ?? '[]') as string[];
    expect(ids).toHaveLength(20);
    const next = await getNextOpen();
    await next.db.customers.bulkInsert((await fdb.db.customers.find().exec()).map((d) => d.toMutableJSON()));
    localStorage.setItem(`forja:first-page:${next.db.name}:customers`, JSON.stringify(ids));
    // Another device deleted the second one meanwhile.
    await next.db.customers.findOne(ids[1]).remove();
    const recalled = await firstValueFrom(recalledCustomers$(next.db));
    expect(recalled.total).toBe(44);
    expect(recalled.customers!.map((c) => c.id)).toEqual(ids.filter((id) => id !== ids[1]));
  });
});
