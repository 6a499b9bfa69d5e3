/**
 * Settings catalogues and the stock ledger on the server (migration 005): the shop's default
 * entries exist once with fixed ids however many servers start at once; names are unique per
 * kind ignoring case and accents; an entry stock items use cannot be deleted (a refusal with
 * the count, never a 500); a stored stock movement cannot be changed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CatalogItemDoc, StockItemDoc, StockMovementDoc } from '@shared';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { backends, signIn, startTestServer, type TestServer } from '../support/server';
import { CATALOG_DEFAULTS } from '../../sync-server/src/migrations/005-catalog-defaults';
import { isoAt, pullAll, push, type Wire } from './sync-fixtures';

function catalogItem(over: Partial<Wire<CatalogItemDoc>>): Wire<CatalogItemDoc> {
  const now = isoAt();
  return {
    id: randomUUID(),
    kind: 'material',
    name: 'Cobre',
    value: null,
    unit: null,
    parent_id: null,
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    created_by: null,
    _deleted: false,
    ...over,
  };
}

function stockItem(over: Partial<Wire<StockItemDoc>> = {}): Wire<StockItemDoc> {
  const now = isoAt();
  return {
    id: randomUUID(),
    category_id: 'default-category-barras-metalicas',
    type_id: 'default-type-metalon',
    material_id: 'default-material-aco-carbono',
    thickness_id: 'default-thickness-2',
    dimension_id: 'default-dimension-6000mm',
    minimum_quantity: 10,
    description: null,
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    created_by: null,
    _deleted: false,
    ...over,
  };
}

describe.each(backends())('catalogues and stock ledger (%s)', (backend) => {
  let testDb: TestDatabase;
  let servers: TestServer[] = [];
  let token: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(backend);
    // PostgreSQL: three servers start on one empty database at once. PGlite is one process's
    // database, so one server starts and then restarts (migrations run again).
    const count = backend === 'postgres' ? 3 : 1;
    servers = await Promise.all(Array.from({ length: count }, () => startTestServer({ backend, database: testDb })));
    if (backend === 'pglite') await servers[0].restart();
    token = (await signIn(servers[0])).accessToken;
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => {});
    await testDb?.drop();
  });

  test('the defaults exist exactly once, with their fixed ids', async () => {
    const { docs } = await pullAll<CatalogItemDoc>(servers[servers.length - 1], token, 'catalog_items');
    const live = docs.filter((d) => !d._deleted);
    for (const d of CATALOG_DEFAULTS) {
      expect(live.filter((x) => x.id === d.id)).toHaveLength(1);
      expect(live.filter((x) => x.kind === d.kind && x.name === d.name)).toHaveLength(1);
    }
    expect(live).toHaveLength(CATALOG_DEFAULTS.length);
    expect(live.find((x) => x.id === 'default-type-metalon')?.parent_id).toBe('default-category-barras-metalicas');
    expect(live.find((x) => x.id === 'default-thickness-1_2')).toMatchObject({ value: 1.2, unit: 'mm', name: '1,2' });
    // 'Aço Carbono' (§3) and 'Aço carbono' (§5) are one material.
    expect(live.filter((x) => x.kind === 'material').map((x) => x.name).sort()).toEqual(['Alumínio', 'Aço Carbono', 'Aço Inox']);
  });

  test('a name is unique per kind ignoring case, accents and spaces; another kind may repeat it', async () => {
    const dup = catalogItem({ kind: 'material', name: '  aco   CARBONO ' });
    const res = await push(servers[0], token, 'catalog_items', [{ assumedMasterState: null, newDocumentState: dup }]);
    expect(res.status).toBe(200);
    expect(res.rejections).toMatchObject([{ id: dup.id, error: 'duplicate_catalog_name' }]);
    const other = catalogItem({ kind: 'dimension', name: 'Aço Carbono' });
    const ok = await push(servers[0], token, 'catalog_items', [{ assumedMasterState: null, newDocumentState: other }]);
    expect(ok.rejections).toEqual([]);
  });

  test('deleting an entry stock items use is refused with how many use it; an unused one is deleted', async () => {
    const items = [stockItem({ material_id: 'default-material-aluminio' }), stockItem({ material_id: 'default-material-aluminio' })];
    const put = await push(servers[0], token, 'stock_items', items.map((i) => ({ assumedMasterState: null, newDocumentState: i })));
    expect(put.rejections).toEqual([]);
    const { docs } = await pullAll<CatalogItemDoc>(servers[0], token, 'catalog_items');
    const aluminio = docs.find((d) => d.id === 'default-material-aluminio')!;
    const res = await push(servers[0], token, 'catalog_items', [
      { assumedMasterState: aluminio, newDocumentState: { ...aluminio, _deleted: true, client_updated_at: isoAt(1) } },
    ]);
    expect(res.status).toBe(200);
    expect(res.rejections).toMatchObject([{ id: aluminio.id, error: 'catalog_in_use' }]);
    expect(res.rejections[0].message).toContain('2 itens do estoque usam');
    const after = (await pullAll<CatalogItemDoc>(servers[0], token, 'catalog_items')).docs.find((d) => d.id === aluminio.id)!;
    expect(after._deleted).toBe(false);

    // A category its types belong to is refused too.
    const category = docs.find((d) => d.id === 'default-category-telas-e-grades')!;
    const cat = await push(servers[0], token, 'catalog_items', [
      { assumedMasterState: category, newDocumentState: { ...category, _deleted: true, client_updated_at: isoAt(1) } },
    ]);
    expect(cat.rejections[0]).toMatchObject({ error: 'catalog_in_use' });
    expect(cat.rejections[0].message).toContain('2 tipos pertencem a');

    const unused = docs.find((d) => d.id === 'default-dimension-3000mm')!;
    const del = await push(servers[0], token, 'catalog_items', [
      { assumedMasterState: unused, newDocumentState: { ...unused, _deleted: true, client_updated_at: isoAt(1) } },
    ]);
    expect(del.rejections).toEqual([]);
  });

  test('a stored stock movement cannot be changed or deleted', async () => {
    const item = stockItem();
    await push(servers[0], token, 'stock_items', [{ assumedMasterState: null, newDocumentState: item }]);
    const now = isoAt();
    const movement: Wire<StockMovementDoc> = {
      id: randomUUID(),
      stock_item_id: item.id,
      delta: 5,
      reason: 'Estoque inicial',
      created_at: now,
      updated_at: now,
      client_updated_at: now,
      created_by: null,
      _deleted: false,
    };
    expect((await push(servers[0], token, 'stock_movements', [{ assumedMasterState: null, newDocumentState: movement }])).rejections).toEqual([]);
    const stored = (await pullAll<StockMovementDoc>(servers[0], token, 'stock_movements')).docs.find((d) => d.id === movement.id)!;
    const changed = await push(servers[0], token, 'stock_movements', [
      { assumedMasterState: stored, newDocumentState: { ...stored, delta: 500, client_updated_at: isoAt(1) } },
    ]);
    expect(changed.rejections).toMatchObject([{ error: 'insert_only' }]);
    const deleted = await push(servers[0], token, 'stock_movements', [
      { assumedMasterState: stored, newDocumentState: { ...stored, _deleted: true, client_updated_at: isoAt(1) } },
    ]);
    expect(deleted.rejections).toMatchObject([{ error: 'insert_only' }]);
    const after = (await pullAll<StockMovementDoc>(servers[0], token, 'stock_movements')).docs.find((d) => d.id === movement.id)!;
    expect(after).toMatchObject({ delta: 5, _deleted: false });
  });
});
