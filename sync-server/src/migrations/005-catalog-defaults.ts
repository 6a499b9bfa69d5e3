/**
 * Settings catalogues:
 * - names are unique per kind ignoring case, accents and extra spaces (schemas/rules.ts
 *   `catalogNameKey`, in SQL `CATALOG_NAME_KEY_SQL`): 002 only ignored case, so 'Aço carbono'
 *   and 'Aco Carbono' were two materials. Live duplicates under the new key (older databases)
 *   are merged first: the oldest entry stays, stock items pointing at a duplicate are moved to
 *   it, and the duplicate becomes a tombstone — each change with a new sequence number, so
 *   every device receives it.
 * - the shop's default entries (spec §3 together with the stock form's lists of §5, without
 *   duplicates) are created ONCE here with fixed ids, never by each device — two new phones
 *   would otherwise each create 'Barras Metálicas'. An entry whose name a user already created
 *   is skipped (ON CONFLICT DO NOTHING covers the id and the name index).
 */
import { CATALOG_NAME_KEY_SQL } from '@shared';
import { nextSeq, notifyChange } from '../db/sequence';
import type { Queryable } from '../db/types';
import type { Migration } from './types';

type Kind = 'category' | 'type' | 'material' | 'thickness' | 'dimension';
interface DefaultEntry {
  id: string;
  kind: Kind;
  name: string;
  value?: number;
  unit?: string;
  parent_id?: string;
}

const cat = (id: string, name: string): DefaultEntry => ({ id: `default-category-${id}`, kind: 'category', name });
const type = (id: string, name: string, category: string): DefaultEntry => ({
  id: `default-type-${id}`,
  kind: 'type',
  name,
  parent_id: `default-category-${category}`,
});
const thickness = (value: number): DefaultEntry => ({
  id: `default-thickness-${String(value).replace('.', '_')}`,
  kind: 'thickness',
  name: String(value).replace('.', ','),
  value,
  unit: 'mm',
});

/** Fixed ids: tests and every server agree on them. Never change this list (append in a new migration). */
export const CATALOG_DEFAULTS: readonly DefaultEntry[] = [
  cat('barras-metalicas', 'Barras Metálicas'),
  cat('chapas-de-aco', 'Chapas de Aço'),
  cat('tubos-metalicos', 'Tubos Metálicos'),
  cat('telas-e-grades', 'Telas e Grades'),
  type('metalon', 'Metalon', 'barras-metalicas'),
  type('barra-chata', 'Barra Chata', 'barras-metalicas'),
  type('barra-redonda', 'Barra Redonda', 'barras-metalicas'),
  type('chapa-lisa', 'Chapa Lisa', 'chapas-de-aco'),
  type('chapa-xadrez', 'Chapa Xadrez', 'chapas-de-aco'),
  type('tubo-redondo', 'Tubo Redondo', 'tubos-metalicos'),
  type('tubo-quadrado', 'Tubo Quadrado', 'tubos-metalicos'),
  type('tela-soldada', 'Tela Soldada', 'telas-e-grades'),
  type('grade-expandida', 'Grade Expandida', 'telas-e-grades'),
  { id: 'default-material-aco-carbono', kind: 'material', name: 'Aço Carbono' },
  { id: 'default-material-aluminio', kind: 'material', name: 'Alumínio' },
  { id: 'default-material-aco-inox', kind: 'material', name: 'Aço Inox' },
  thickness(1),
  thickness(1.2),
  thickness(1.5),
  thickness(2),
  thickness(3),
  thickness(4),
  thickness(5),
  { id: 'default-dimension-6000mm', kind: 'dimension', name: '6000 mm' },
  { id: 'default-dimension-1200x2400mm', kind: 'dimension', name: '1200x2400 mm' },
  { id: 'default-dimension-3000mm', kind: 'dimension', name: '3000 mm' },
];

const REFERENCE_COLUMN: Record<Kind, string> = {
  category: 'category_id',
  type: 'type_id',
  material: 'material_id',
  thickness: 'thickness_id',
  dimension: 'dimension_id',
};

async function mergeDuplicates(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ id: string; kind: Kind; keep: string }>(
    `SELECT id, kind, first_value(id) OVER (PARTITION BY kind, ${CATALOG_NAME_KEY_SQL} ORDER BY created_at, id) AS keep
       FROM catalog_items WHERE NOT _deleted`,
  );
  for (const dup of rows.filter((r) => r.id !== r.keep)) {
    const column = REFERENCE_COLUMN[dup.kind];
    const { rows: users } = await tx.query<{ id: string }>(
      `SELECT id FROM stock_items WHERE ${column} = $1 AND NOT _deleted`,
      [dup.id],
    );
    for (const item of users) {
      const seq = await nextSeq(tx);
      await tx.query(`UPDATE stock_items SET ${column} = $1, _seq = $2, updated_at = now() WHERE id = $3`, [dup.keep, seq, item.id]);
      await notifyChange(tx, 'stock_items', seq);
    }
    if (dup.kind === 'category') {
      const { rows: types } = await tx.query<{ id: string }>(
        `SELECT id FROM catalog_items WHERE kind = 'type' AND parent_id = $1 AND NOT _deleted`,
        [dup.id],
      );
      for (const t of types) {
        const seq = await nextSeq(tx);
        await tx.query(`UPDATE catalog_items SET parent_id = $1, _seq = $2, updated_at = now() WHERE id = $3`, [dup.keep, seq, t.id]);
        await notifyChange(tx, 'catalog_items', seq);
      }
    }
    const seq = await nextSeq(tx);
    await tx.query(
      `UPDATE catalog_items SET _deleted = true, _deleted_at = now(), _seq = $1, updated_at = now() WHERE id = $2`,
      [seq, dup.id],
    );
    await notifyChange(tx, 'catalog_items', seq);
  }
}

async function insertDefaults(tx: Queryable): Promise<void> {
  const now = new Date().toISOString();
  let seq = 0;
  for (const d of CATALOG_DEFAULTS) {
    seq = await nextSeq(tx);
    await tx.query(
      `INSERT INTO catalog_items (id, kind, name, value, unit, parent_id, created_at, updated_at, client_updated_at, created_by, _seq, _deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $7, NULL, $8, false)
       ON CONFLICT DO NOTHING`,
      [d.id, d.kind, d.name, d.value ?? null, d.unit ?? null, d.parent_id ?? null, now, seq],
    );
  }
  await notifyChange(tx, 'catalog_items', seq);
}

export const m005: Migration = {
  id: '005-catalog-defaults',
  async up(tx) {
    await mergeDuplicates(tx);
    await tx.query('DROP INDEX IF EXISTS catalog_items_kind_name_live');
    await tx.query(
      `CREATE UNIQUE INDEX catalog_items_kind_name_live ON catalog_items (kind, (${CATALOG_NAME_KEY_SQL})) WHERE NOT _deleted`,
    );
    await insertDefaults(tx);
  },
};
