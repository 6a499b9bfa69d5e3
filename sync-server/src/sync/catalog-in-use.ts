/**
 * A catalogue entry that live stock items use (or, for a category, that live types belong to)
 * cannot be deleted: the push of its tombstone is refused with `catalog_in_use` and a message
 * saying how many use it. The client checks the same before deleting; this covers a device that
 * deleted offline while another registered an item with the entry.
 */
import { catalogInUseMessage } from '@shared';
import type { Queryable } from '../db/types';
import type { Doc } from '../collections/convert';
import { Refusal } from './refusal';

const REFERENCE_COLUMN: Record<string, string> = {
  category: 'category_id',
  type: 'type_id',
  material: 'material_id',
  thickness: 'thickness_id',
  dimension: 'dimension_id',
};

export async function refuseCatalogDeletionInUse(tx: Queryable, stored: Doc): Promise<void> {
  const column = REFERENCE_COLUMN[String(stored.kind)];
  if (!column) return;
  const { rows } = await tx.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM stock_items WHERE ${column} = $1 AND NOT _deleted`,
    [stored.id],
  );
  const items = Number(rows[0]?.n ?? 0);
  let types = 0;
  if (stored.kind === 'category') {
    const { rows: t } = await tx.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM catalog_items WHERE kind = 'type' AND parent_id = $1 AND NOT _deleted`,
      [stored.id],
    );
    types = Number(t[0]?.n ?? 0);
  }
  if (items > 0 || types > 0) throw new Refusal('catalog_in_use', undefined, catalogInUseMessage(items, types));
}
