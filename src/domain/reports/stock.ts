/**
 * The stock report (spec §2.4, §3, §9). An item's quantity is the sum of its movements' delta
 * (the ledger); critical when quantity <= minimum_quantity. Labels come from the catalogue.
 */

import { collate } from './collate';
import { isInchThickness } from '../thickness';

export interface StockItemInput {
  id: string;
  category_id: string;
  type_id: string;
  material_id: string;
  thickness_id: string;
  dimension_id: string;
  minimum_quantity: number;
  description?: string | null;
}

export interface StockMovementInput {
  stock_item_id: string;
  delta: number;
}

export interface CatalogInput {
  id: string;
  kind: string;
  name: string;
  value?: number | null;
  unit?: string | null;
}

export const NA = 'N/A';

/** Quantities are summed in thousandths so 0.1 + 0.2 stays 0.3. */
const SCALE = 1000;
const scaled = (n: number) => Math.round((Number.isFinite(n) ? n : 0) * SCALE);

/** Quantity per item id from the movement ledger. */
export function stockBalances(movements: readonly StockMovementInput[]): Map<string, number> {
  const acc = new Map<string, number>();
  for (const m of movements) acc.set(m.stock_item_id, (acc.get(m.stock_item_id) ?? 0) + scaled(m.delta));
  const out = new Map<string, number>();
  for (const [k, v] of acc) out.set(k, v / SCALE);
  return out;
}

export function isCritical(quantity: number, minimum: number): boolean {
  return quantity <= minimum;
}

export interface StockRow {
  id: string;
  category: string;
  type: string;
  material: string;
  /** '2 mm'; '0 mm' when the value is missing (spec §3 defaults). */
  thickness: string;
  dimension: string;
  quantity: number;
  minimum: number;
  description: string;
  critical: boolean;
  /** Type + material + thickness + dimension. */
  product: string;
}

/** Thickness label: value plus unit, default unit mm and value 0; 1.5 → '1,5 mm'; inches as written, '1/4"' (issue 39). */
export function thicknessLabel(t: CatalogInput | undefined): string {
  if (!t) return NA;
  if (isInchThickness(t.name)) return t.name.trim();
  const value = typeof t.value === 'number' && Number.isFinite(t.value) ? t.value : Number(String(t.name).replace(',', '.'));
  const v = Number.isFinite(value) ? value : 0;
  return `${String(v).replace('.', ',')} ${t.unit || 'mm'}`;
}

export function stockRows(
  items: readonly StockItemInput[],
  movements: readonly StockMovementInput[],
  catalog: readonly CatalogInput[],
): StockRow[] {
  const byId = new Map(catalog.map((c) => [c.id, c]));
  const name = (id: string) => byId.get(id)?.name || NA;
  const balances = stockBalances(movements);
  return items.map((it) => {
    const quantity = balances.get(it.id) ?? 0;
    const minimum = Number.isFinite(it.minimum_quantity) ? it.minimum_quantity : 0;
    const type = name(it.type_id);
    const material = name(it.material_id);
    const thickness = thicknessLabel(byId.get(it.thickness_id));
    const dimension = name(it.dimension_id);
    return {
      id: it.id,
      category: name(it.category_id),
      type,
      material,
      thickness,
      dimension,
      quantity,
      minimum,
      description: it.description?.trim() || NA,
      critical: isCritical(quantity, minimum),
      product: [type, material, thickness, dimension].filter((p) => p !== NA).join(' '),
    };
  });
}

export interface StockSummary {
  items: number;
  totalQuantity: number;
  critical: number;
}

export function stockSummary(rows: readonly StockRow[]): StockSummary {
  let total = 0;
  let critical = 0;
  for (const r of rows) {
    total += scaled(r.quantity);
    if (r.critical) critical++;
  }
  return { items: rows.length, totalQuantity: total / SCALE, critical };
}

/** Quantity per category, largest first. */
export function quantityByCategory(rows: readonly StockRow[]): { category: string; quantity: number }[] {
  const g = new Map<string, number>();
  for (const r of rows) g.set(r.category, (g.get(r.category) ?? 0) + scaled(r.quantity));
  return [...g.entries()]
    .map(([category, q]) => ({ category, quantity: q / SCALE }))
    .sort((a, b) => b.quantity - a.quantity || collate(a.category, b.category));
}

/** Items at or below their minimum, the furthest below first. */
export function criticalItems(rows: readonly StockRow[]): StockRow[] {
  return rows.filter((r) => r.critical).sort((a, b) => a.quantity - a.minimum - (b.quantity - b.minimum) || collate(a.product, b.product));
}
