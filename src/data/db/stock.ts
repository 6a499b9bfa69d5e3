/**
 * Stock on a movement ledger. An item's quantity is never stored: it is the sum of its
 * movements (insert-only), so two devices adding and removing stock offline both count after
 * sync. The opening stock is the item's first movement.
 */
import { combineLatest, concat, defer, from, map, switchMap } from 'rxjs';
import { catalogNameKey, type StockItemDoc, type StockMovementDoc } from '@shared';
import { quantitiesByItem, quantityFromMovements } from '../../domain/stock';
import type { ForjaDatabase } from './create-database';
import { DataError } from './errors';
import { afterNextPaint, toPlain, useLiveQuery } from './live-query';
import { heldWhileImporting } from './bulk-writes';
import { readAllLive } from './range-read';
import { requireDatabase } from './session';
import { insertDocument, patchDocument, removeDocument } from './writes';
import { newestFirst } from '../../domain/order';

export type StockItemWithQuantity = StockItemDoc & { quantity: number; last_movement_at: string | null };

export const STOCK_DATA_MESSAGES = {
  notFound: 'Item não encontrado no estoque.',
  deltaInvalid: 'Informe uma quantidade maior que zero.',
  openingReason: 'Estoque inicial',
  dimensionBlank: 'Dimensão é obrigatória',
} as const;

function stockView(items: StockItemDoc[], movements: StockMovementDoc[]): { items: StockItemWithQuantity[]; movements: StockMovementDoc[] } {
  const quantities = quantitiesByItem(movements);
  const last = new Map<string, string>();
  for (const m of movements) {
    const prev = last.get(m.stock_item_id);
    if (!prev || m.created_at > prev) last.set(m.stock_item_id, m.created_at);
  }
  const withQuantity = items.map((i) => ({ ...i, quantity: quantities.get(i.id) ?? 0, last_movement_at: last.get(i.id) ?? null })).sort(newestFirst);
  return { items: withQuantity, movements };
}

/**
 * Every live stock item with its quantity (sum of movements) and last movement, live. The first
 * answer reads both collections in one IndexedDB request each (range-read: the ledger is thousands
 * of movements, and a cursor event plus an RxDocument per row held the first paint back, issue 33);
 * the live queries take over once that is on screen.
 */
export function useStockItems(): { items: StockItemWithQuantity[]; movements: StockMovementDoc[]; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) => {
      const first$ = defer(() => Promise.all([readAllLive<StockItemDoc>(db.stock_items), readAllLive<StockMovementDoc>(db.stock_movements)])).pipe(
        map(([items, movements]) => stockView(items, movements)),
      );
      const live$ = combineLatest([db.stock_items.find().$, db.stock_movements.find().$]).pipe(
        heldWhileImporting(),
        // Read-only views of the stored data (no per-document clone: the ledger can be long).
        map(([itemDocs, movementDocs]) => stockView(toPlain<StockItemDoc>(itemDocs), movementDocs.map((d) => (d as unknown as { _data: StockMovementDoc })._data))),
      );
      return concat(first$, from(afterNextPaint()).pipe(switchMap(() => live$)));
    },
    [],
  );
  return { items: data?.items ?? [], movements: data?.movements ?? [], loading };
}

/** One item's movements (any order; the view sorts), live. */
export function useItemMovements(itemId: string | null): { movements: StockMovementDoc[]; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) => db.stock_movements.find({ selector: { stock_item_id: itemId ?? '' } }).$.pipe(map((d) => toPlain<StockMovementDoc>(d))),
    [itemId],
  );
  return { movements: data ?? [], loading };
}

export interface NewStockItem {
  category_id: string;
  type_id: string;
  material_id: string;
  thickness_id: string;
  /** An existing dimension's id, or the text of a new dimension (added to the catalogue). */
  dimension: { id: string } | { text: string };
  quantity: number;
  minimum_quantity: number;
  description?: string | null;
}

export type StockItemPatch = Partial<Omit<NewStockItem, 'quantity'>>;

async function resolveDimension(fdb: ForjaDatabase, dimension: NewStockItem['dimension']): Promise<string> {
  if ('id' in dimension) return dimension.id;
  const text = dimension.text.trim().replace(/\s+/g, ' ');
  if (!text) throw new DataError('required', STOCK_DATA_MESSAGES.dimensionBlank, 'dimension');
  const key = catalogNameKey(text);
  const existing = (await fdb.db.catalog_items.find({ selector: { kind: 'dimension' } }).exec()).find((d) => catalogNameKey(d.name) === key);
  if (existing) return existing.id;
  const created = await insertDocument(fdb, 'catalog_items', { kind: 'dimension', name: text, value: null, unit: null, parent_id: null, created_by: fdb.userId });
  return created.id;
}

async function currentQuantity(fdb: ForjaDatabase, itemId: string): Promise<number> {
  const docs = await fdb.db.stock_movements.find({ selector: { stock_item_id: itemId } }).exec();
  return quantityFromMovements(docs.map((d) => ({ delta: d.delta })));
}

export function createStockCommands(getDb: () => Promise<ForjaDatabase>) {
  return {
    /** Registers an item; a non-zero opening quantity is its first movement. */
    async create(input: NewStockItem): Promise<StockItemDoc> {
      const fdb = await getDb();
      const dimensionId = await resolveDimension(fdb, input.dimension);
      const item = await insertDocument(fdb, 'stock_items', {
        category_id: input.category_id,
        type_id: input.type_id,
        material_id: input.material_id,
        thickness_id: input.thickness_id,
        dimension_id: dimensionId,
        minimum_quantity: input.minimum_quantity,
        description: input.description?.trim() || null,
        created_by: fdb.userId,
      });
      if (input.quantity !== 0) {
        await insertDocument(fdb, 'stock_movements', {
          stock_item_id: item.id,
          delta: input.quantity,
          reason: STOCK_DATA_MESSAGES.openingReason,
          created_by: fdb.userId,
        });
      }
      return item;
    },
    async update(id: string, patch: StockItemPatch): Promise<StockItemDoc> {
      const fdb = await getDb();
      const { dimension, description, ...rest } = patch;
      const next: Partial<StockItemDoc> = { ...rest };
      if (dimension) next.dimension_id = await resolveDimension(fdb, dimension);
      if (description !== undefined) next.description = description?.trim() || null;
      const updated = await patchDocument(fdb, 'stock_items', id, next);
      if (!updated) throw new DataError('not_found', STOCK_DATA_MESSAGES.notFound);
      return updated;
    },
    /** Records an entry (delta > 0) or exit (delta < 0). Returns the new quantity. */
    async move(itemId: string, delta: number, reason?: string | null): Promise<number> {
      if (!Number.isFinite(delta) || delta === 0) throw new DataError('invalid', STOCK_DATA_MESSAGES.deltaInvalid, 'delta');
      const fdb = await getDb();
      const item = await fdb.db.stock_items.findOne(itemId).exec();
      if (!item) throw new DataError('not_found', STOCK_DATA_MESSAGES.notFound);
      await insertDocument(fdb, 'stock_movements', {
        stock_item_id: itemId,
        delta,
        reason: reason?.trim() || null,
        created_by: fdb.userId,
      });
      return currentQuantity(fdb, itemId);
    },
    /** The quantity now (to ask for confirmation before going below zero). */
    async quantity(itemId: string): Promise<number> {
      return currentQuantity(await getDb(), itemId);
    },
    /** Deletes the item (its movements stay in the ledger, for the record). */
    async remove(id: string): Promise<void> {
      const fdb = await getDb();
      if (!(await removeDocument(fdb, 'stock_items', id))) throw new DataError('not_found', STOCK_DATA_MESSAGES.notFound);
    },
  };
}

export const stockCommands = createStockCommands(requireDatabase);
