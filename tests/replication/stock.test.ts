/**
 * Stock on the ledger, through the app's own commands: two offline devices each add and remove
 * stock on one item; after sync both show the same quantity, the sum of every movement. Two
 * offline devices adding the same catalogue name: the server keeps one and the other device
 * sees why its entry was refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, type CatalogItemDoc, type CollectionName, type StockMovementDoc } from '@shared';
import { backends, startTestServer, type TestServer } from '../support/server';
import { createStockCommands } from '../../src/data/db/stock';
import { createCatalogCommands } from '../../src/data/db/catalog';
import { quantityFromMovements } from '../../src/domain/stock';
import { check, converged, eventually, makeClient, serverDocs, stopServer, type Client } from './clients';

const COLLECTIONS: CollectionName[] = ['catalog_items', 'stock_items', 'stock_movements'];

describe.each(backends())('stock ledger across devices (%s)', (backend) => {
  let server: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
  });
  afterAll(async () => {
    await stopServer(server);
  });

  async function device(label: string) {
    const c = await makeClient(server, { label, collections: COLLECTIONS });
    clients.push(c);
    const getDb = async () => c.fdb;
    return { c, stock: createStockCommands(getDb), catalog: createCatalogCommands(getDb) };
  }

  test('two offline devices add and remove stock on one item: both count', async () => {
    const a = await device('A');
    const b = await device('B');
    // The server's default catalogue reaches the device (nothing created locally).
    await eventually(async () => check((await a.c.docs('catalog_items')).some((d) => d.id === 'default-type-metalon'), 'defaults'), 'A has the defaults');
    const item = await a.stock.create({
      category_id: 'default-category-barras-metalicas',
      type_id: 'default-type-metalon',
      material_id: 'default-material-aco-carbono',
      thickness_id: 'default-thickness-2',
      dimension: { id: 'default-dimension-6000mm' },
      quantity: 50,
      minimum_quantity: 10,
    });
    await converged(server, a.c.session.accessToken, [a.c, b.c], COLLECTIONS);

    a.c.setOnline(false);
    b.c.setOnline(false);
    expect(await a.stock.move(item.id, 1)).toBe(51);
    expect(await a.stock.move(item.id, 1)).toBe(52);
    expect(await a.stock.move(item.id, -1)).toBe(51);
    expect(await b.stock.move(item.id, 10, 'compra')).toBe(60);
    expect(await b.stock.move(item.id, -4, 'obra')).toBe(56);
    a.c.setOnline(true);
    b.c.setOnline(true);
    await converged(server, a.c.session.accessToken, [a.c, b.c], COLLECTIONS);

    for (const c of [a.c, b.c]) {
      const movements = (await c.docs<StockMovementDoc>('stock_movements')).filter((m) => m.stock_item_id === item.id);
      expect(movements).toHaveLength(6);
      expect(quantityFromMovements(movements)).toBe(57);
    }
    expect(await a.stock.quantity(item.id)).toBe(57);
    expect(await b.stock.quantity(item.id)).toBe(57);
    const { rows } = await server.db.query(`SELECT sum(delta)::float AS q FROM stock_movements WHERE stock_item_id = $1`, [item.id]);
    expect(rows[0].q).toBe(57);
  });

  test('two offline devices add the same catalogue name: one is kept, the other sees why', async () => {
    const a = await device('A');
    const b = await device('B');
    await converged(server, a.c.session.accessToken, [a.c, b.c], COLLECTIONS);
    a.c.setOnline(false);
    b.c.setOnline(false);
    await a.catalog.add('material', 'Latão');
    await b.catalog.add('material', 'latao');
    a.c.setOnline(true);
    await eventually(async () => check(a.c.fdb.sync.status$.value.pending === 0, 'A pushed'), 'A pushes');
    b.c.setOnline(true);
    const refused = await eventually(async () => {
      const r = b.c.fdb.sync.status$.value.refused;
      check(r.length === 1, `B refused: ${r.length}`);
      return r;
    }, 'B sees the refusal');
    expect(refused[0]).toMatchObject({ collection: 'catalog_items', error: 'duplicate_catalog_name', message: ERROR_MESSAGES.duplicate_catalog_name });
    const onServer = (await serverDocs(server, a.c.session.accessToken, 'catalog_items')) as CatalogItemDoc[];
    expect(onServer.filter((d) => d.kind === 'material' && /lat[aã]o/i.test(d.name)).map((d) => d.name)).toEqual(['Latão']);
    await eventually(
      async () => check((await b.c.docs<CatalogItemDoc>('catalog_items')).filter((d) => /lat[aã]o/i.test(d.name)).length === 1, 'B has one'),
      'B ends with the kept entry only',
    );
  });
});
