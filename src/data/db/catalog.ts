/**
 * The five settings catalogues (one collection, `kind` tells them apart): live reads and the
 * commands Settings and the stock form use. Names are checked here before writing (blank,
 * duplicate ignoring case/accents, thickness a number); an entry stock items use is never
 * deleted (the server refuses it too, for a device that deleted offline).
 */
import { map } from 'rxjs';
import { catalogInUseMessage, type CatalogItemDoc, type CatalogKind } from '@shared';
import { CATALOG_WORDS, TYPE_CATEGORY_REQUIRED, validateCatalogEntry } from '../../domain/catalog';
import type { ForjaDatabase } from './create-database';
import { DataError } from './errors';
import { toPlain, useLiveQuery } from './live-query';
import { requireDatabase } from './session';
import { insertDocument, patchDocument, removeDocument } from './writes';

/** Every live catalogue entry, live. */
export function useCatalog(): { entries: CatalogItemDoc[]; loading: boolean } {
  const { data, loading } = useLiveQuery((db) => db.catalog_items.find().$.pipe(map((docs) => toPlain<CatalogItemDoc>(docs))), []);
  return { entries: data ?? [], loading };
}

const REFERENCE_FIELD: Record<CatalogKind, 'category_id' | 'type_id' | 'material_id' | 'thickness_id' | 'dimension_id'> = {
  category: 'category_id',
  type: 'type_id',
  material: 'material_id',
  thickness: 'thickness_id',
  dimension: 'dimension_id',
};

/** How many live stock items use the entry and (for a category) how many types belong to it. */
export async function catalogUsage(fdb: ForjaDatabase, entry: Pick<CatalogItemDoc, 'id' | 'kind'>): Promise<{ items: number; types: number }> {
  const field = REFERENCE_FIELD[entry.kind];
  // find() rather than count(): RxDB refuses count queries its indexes cannot answer.
  const items = (await fdb.db.stock_items.find({ selector: { [field]: entry.id } }).exec()).length;
  const types =
    entry.kind === 'category' ? (await fdb.db.catalog_items.find({ selector: { kind: 'type', parent_id: entry.id } }).exec()).length : 0;
  return { items, types };
}

export function createCatalogCommands(getDb: () => Promise<ForjaDatabase>) {
  const entriesOf = async (fdb: ForjaDatabase, kind: CatalogKind) =>
    toPlain<CatalogItemDoc>(await fdb.db.catalog_items.find({ selector: { kind } }).exec());

  return {
    /** Throws DataError with the spec's message when refused. `parentId`: a type's category. */
    async add(kind: CatalogKind, input: string, parentId?: string | null): Promise<CatalogItemDoc> {
      const fdb = await getDb();
      const checked = validateCatalogEntry(kind, input, await entriesOf(fdb, kind));
      if (!checked.ok) throw new DataError('invalid', checked.message, 'name');
      if (kind === 'type' && !parentId) throw new DataError('required', TYPE_CATEGORY_REQUIRED, 'parent_id');
      return insertDocument(fdb, 'catalog_items', {
        kind,
        name: checked.name,
        value: checked.value,
        unit: checked.unit,
        parent_id: kind === 'type' ? (parentId ?? null) : null,
        created_by: fdb.userId,
      });
    },
    /** Renames an entry (a thickness gets a new value); only other entries count as duplicates. */
    async rename(id: string, input: string): Promise<CatalogItemDoc> {
      const fdb = await getDb();
      const current = await fdb.db.catalog_items.findOne(id).exec();
      if (!current) throw new DataError('not_found', 'Este cadastro não existe mais.');
      const kind = current.kind as CatalogKind;
      const checked = validateCatalogEntry(kind, input, await entriesOf(fdb, kind), id);
      if (!checked.ok) throw new DataError('invalid', checked.message, 'name');
      const updated = await patchDocument(fdb, 'catalog_items', id, { name: checked.name, value: checked.value, unit: checked.unit });
      if (!updated) throw new DataError('not_found', 'Este cadastro não existe mais.');
      return updated;
    },
    /** Moves a type to another category. */
    async setParent(id: string, parentId: string): Promise<void> {
      const fdb = await getDb();
      await patchDocument(fdb, 'catalog_items', id, { parent_id: parentId });
    },
    /** Refused with how many stock items (and types) use it. */
    async remove(id: string): Promise<void> {
      const fdb = await getDb();
      const current = await fdb.db.catalog_items.findOne(id).exec();
      if (!current) throw new DataError('not_found', 'Este cadastro não existe mais.');
      const usage = await catalogUsage(fdb, { id, kind: current.kind as CatalogKind });
      if (usage.items > 0 || usage.types > 0) throw new DataError('catalog_in_use', catalogInUseMessage(usage.items, usage.types));
      await removeDocument(fdb, 'catalog_items', id);
    },
  };
}

export const catalogCommands = createCatalogCommands(requireDatabase);
export { CATALOG_WORDS };
