/**
 * Stock on a movement ledger: an item's quantity is the sum of its movements' deltas, so
 * movements recorded on two devices offline both count. Pure rules; the clock is a parameter.
 */
import { compareCodeUnits } from './order';
import { isInchThickness } from './thickness';

export interface MovementLike {
  stock_item_id: string;
  delta: number;
  created_at: string;
}

/** Rounded to 3 decimals so 0.1 + 0.2 shows as 0.3. */
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Quantity of one item: the sum of its movements. */
export function quantityFromMovements(movements: readonly { delta: number }[]): number {
  return round3(movements.reduce((sum, m) => sum + m.delta, 0));
}

/** Quantity of every item that has movements. */
export function quantitiesByItem(movements: readonly MovementLike[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of movements) out.set(m.stock_item_id, (out.get(m.stock_item_id) ?? 0) + m.delta);
  for (const [k, v] of out) out.set(k, round3(v));
  return out;
}

/** Critical when the quantity is at or below the minimum (spec §9). */
export function isCritical(quantity: number, minimum: number): boolean {
  return quantity <= minimum;
}

export type StockStatus = 'Crítico' | 'Normal';
export function stockStatus(quantity: number, minimum: number): StockStatus {
  return isCritical(quantity, minimum) ? 'Crítico' : 'Normal';
}

/** '1,5' for 1.5; integers without decimals. */
export function formatQuantity(value: number): string {
  return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(value);
}

/** 'Metalon Aço Carbono 2 mm 6000 mm' ('Chapa Aço 1/4" 3000 mm'): type, material, thickness with unit, dimension. */
export function productLabel(parts: {
  type?: string | null;
  material?: string | null;
  /** `name`: an inch thickness ('1/4"', issue 39) reads as written. */
  thickness?: { value: number | null; unit: string | null; name?: string | null } | null;
  dimension?: string | null;
}): string {
  const t = parts.thickness;
  const thickness = t && isInchThickness(t.name) ? (t.name ?? '').trim() : t && t.value != null ? `${formatQuantity(t.value)} ${t.unit || 'mm'}` : '';
  return [parts.type, parts.material, thickness, parts.dimension]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** A movement with the item's balance right after it; newest first. */
export interface LedgerLine<M> {
  movement: M;
  balance: number;
}

/** Oldest-first running balance, returned newest first (the item view's history). */
export function ledgerNewestFirst<M extends { delta: number; created_at: string; id?: string }>(movements: readonly M[]): LedgerLine<M>[] {
  const sorted = [...movements].sort((a, b) => compareCodeUnits(a.created_at, b.created_at) || compareCodeUnits(a.id ?? '', b.id ?? ''));
  let balance = 0;
  const lines = sorted.map((movement) => {
    balance = round3(balance + movement.delta);
    return { movement, balance };
  });
  return lines.reverse();
}

/** 'YYYY-MM' of an instant in local time. */
export function monthKey(instant: string | Date): string {
  const d = instant instanceof Date ? instant : new Date(instant);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];

export interface MonthlyMovement {
  key: string;
  /** 'Jun/26' */
  label: string;
  /** Sum of positive deltas (quantities that came in). */
  entradas: number;
  /** Sum of negative deltas as a positive number (quantities that went out). */
  saidas: number;
  count: number;
}

/** Entradas and Saídas per month for the `months` months ending in `now`'s month, oldest first. */
export function monthlyMovements(movements: readonly MovementLike[], now: Date, months = 6): MonthlyMovement[] {
  const buckets: MonthlyMovement[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    buckets.push({
      key: monthKey(d),
      label: `${MONTHS[d.getMonth()]}/${String(d.getFullYear()).slice(2)}`,
      entradas: 0,
      saidas: 0,
      count: 0,
    });
  }
  const byKey = new Map(buckets.map((b) => [b.key, b]));
  for (const m of movements) {
    const b = byKey.get(monthKey(m.created_at));
    if (!b) continue;
    b.count += 1;
    if (m.delta >= 0) b.entradas = round3(b.entradas + m.delta);
    else b.saidas = round3(b.saidas - m.delta);
  }
  return buckets;
}

/** How many movements were recorded in `now`'s month. */
export function movementsThisMonth(movements: readonly { created_at: string }[], now: Date): number {
  const key = monthKey(now);
  return movements.filter((m) => monthKey(m.created_at) === key).length;
}

/** The later of the item's own edit and its last movement (ISO instants), for 'Última Atualização'. */
export function lastUpdate(itemUpdatedAt: string, movements: readonly { created_at: string }[]): string {
  return movements.reduce((latest, m) => (m.created_at > latest ? m.created_at : latest), itemUpdatedAt);
}

/**
 * A quantity typed by the user ('12', '1,5', '1.5'): a finite number, or null when it is not one.
 */
export function parseQuantity(text: string | null | undefined): number | null {
  const t = (text ?? '').trim().replace(/\s/g, '');
  if (t === '') return null;
  const normalized = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return null;
  const n = Number(normalized);
  return Number.isFinite(n) ? n : null;
}

export const STOCK_FORM_MESSAGES = {
  category: 'Categoria é obrigatória',
  type: 'Tipo é obrigatório',
  material: 'Material é obrigatório',
  thickness: 'Espessura é obrigatória',
  dimension: 'Dimensão é obrigatória',
  quantity: 'Quantidade é obrigatória',
  quantityInvalid: 'Informe uma quantidade válida (zero ou mais).',
  minimumInvalid: 'Informe uma quantidade mínima válida (zero ou mais).',
} as const;

export interface StockFormValues {
  category_id: string;
  type_id: string;
  material_id: string;
  thickness_id: string;
  /** An existing dimension's id, or empty when `dimension_text` is a new one. */
  dimension: string;
  quantity: string;
  minimum_quantity: string;
  description: string;
}

export type StockFormErrors = Partial<Record<keyof StockFormValues, string>>;

/**
 * The spec's required messages (§5); the quantity is the opening stock (0 or more) and the
 * minimum defaults to 0 when left empty.
 */
export function validateStockForm(v: StockFormValues, opts: { editing?: boolean } = {}): StockFormErrors {
  const e: StockFormErrors = {};
  if (!v.category_id) e.category_id = STOCK_FORM_MESSAGES.category;
  if (!v.type_id) e.type_id = STOCK_FORM_MESSAGES.type;
  if (!v.material_id) e.material_id = STOCK_FORM_MESSAGES.material;
  if (!v.thickness_id) e.thickness_id = STOCK_FORM_MESSAGES.thickness;
  if (!v.dimension.trim()) e.dimension = STOCK_FORM_MESSAGES.dimension;
  if (!opts.editing) {
    if (!v.quantity.trim()) e.quantity = STOCK_FORM_MESSAGES.quantity;
    else {
      const q = parseQuantity(v.quantity);
      if (q === null || q < 0) e.quantity = STOCK_FORM_MESSAGES.quantityInvalid;
    }
  }
  if (v.minimum_quantity.trim()) {
    const m = parseQuantity(v.minimum_quantity);
    if (m === null || m < 0) e.minimum_quantity = STOCK_FORM_MESSAGES.minimumInvalid;
  }
  return e;
}
