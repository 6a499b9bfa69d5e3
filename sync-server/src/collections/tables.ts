/**
 * SQL table definitions derived from the shared JSON Schemas (schemas/collections.ts), so the
 * columns can never drift from what clients validate. One typed column per schema property,
 * plus the replication columns every synced table carries:
 * - `_seq`        server-assigned order (global sequence, see db/sequence.ts)
 * - `_deleted`    tombstone flag; `_deleted_at` when it became a tombstone (for the purge)
 * - `_written_by` / `_written_session`  who wrote the stored version (for the conflict log)
 *
 * `staff` has no table of its own: it is served from `users` (see sync/pull.ts).
 */
import { collectionSchemas, type CollectionName } from '@shared';

export type ColumnKind = 'text' | 'money' | 'date' | 'instant' | 'json' | 'integer' | 'number' | 'boolean';

export interface ColumnDef {
  name: string;
  kind: ColumnKind;
  sqlType: string;
  notNull: boolean;
}

export interface TableDef {
  collection: SyncedCollection;
  table: string;
  columns: ColumnDef[];
}

/** Collections stored in their own table (everything but `staff`). */
export type SyncedCollection = Exclude<CollectionName, 'staff'>;

export const SYNCED_COLLECTIONS = (Object.keys(collectionSchemas) as CollectionName[]).filter(
  (c): c is SyncedCollection => c !== 'staff',
);

/** Money fields: numeric(12,2). Money inside `materials` stays in the jsonb column. */
export const MONEY_FIELDS = new Set(['total_amount', 'discounts', 'taxes', 'amount']);
/** Calendar dates ('YYYY-MM-DD'): SQL date. */
export const DATE_FIELDS = new Set(['validity_date', 'due_date', 'forecast_date', 'warranty_until']);

const SQL_TYPE: Record<ColumnKind, string> = {
  text: 'text',
  money: 'numeric(12,2)',
  date: 'date',
  instant: 'timestamptz',
  json: 'jsonb',
  integer: 'integer',
  number: 'numeric',
  boolean: 'boolean',
};

interface PropertySchema {
  type?: string | readonly string[];
}

function typesOf(p: PropertySchema): string[] {
  if (p.type === undefined) return [];
  return typeof p.type === 'string' ? [p.type] : [...p.type];
}

export function columnKind(name: string, property: PropertySchema): ColumnKind {
  const types = typesOf(property).filter((t) => t !== 'null');
  if (MONEY_FIELDS.has(name)) return 'money';
  if (DATE_FIELDS.has(name)) return 'date';
  if (types.includes('array') || types.includes('object')) return 'json';
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  if (name.endsWith('_at')) return 'instant';
  return 'text';
}

function deriveTable(collection: SyncedCollection): TableDef {
  const schema = collectionSchemas[collection];
  const required = new Set<string>(schema.required as readonly string[]);
  const columns = Object.entries(schema.properties as Record<string, PropertySchema>).map(([name, p]) => {
    const kind = columnKind(name, p);
    return {
      name,
      kind,
      sqlType: SQL_TYPE[kind],
      notNull: required.has(name) && !typesOf(p).includes('null'),
    };
  });
  return { collection, table: collection, columns };
}

export const TABLES: Record<SyncedCollection, TableDef> = Object.fromEntries(
  SYNCED_COLLECTIONS.map((c) => [c, deriveTable(c)]),
) as Record<SyncedCollection, TableDef>;

export function isSyncedCollection(name: string): name is SyncedCollection {
  return Object.prototype.hasOwnProperty.call(TABLES, name);
}

export function isCollectionName(name: string): name is CollectionName {
  return Object.prototype.hasOwnProperty.call(collectionSchemas, name);
}

/** Names of the business unique indexes; push maps a 23505 on them to a refusal code. */
export const UNIQUE_INDEXES = {
  customers_phone_key_live: 'duplicate_phone',
  quotations_code_lower: 'duplicate_code',
  catalog_items_kind_name_live: 'duplicate_catalog_name',
  transactions_quotation_live: 'duplicate_quotation_entry',
  work_orders_quotation_live: 'duplicate_work_order',
  work_orders_code_live: 'duplicate_code',
  nfse_job_live: 'nfse_duplicate',
} as const;

/** The DDL of one collection's table (idempotent). */
export function tableDdl(def: TableDef): string[] {
  const cols = def.columns.map((c) => {
    if (c.name === 'id') return `id text PRIMARY KEY`;
    return `${c.name} ${c.sqlType}${c.notNull ? ' NOT NULL' : ''}`;
  });
  cols.push(
    '_seq bigint NOT NULL',
    '_deleted boolean NOT NULL DEFAULT false',
    '_deleted_at timestamptz',
    '_written_by text',
    '_written_session text',
  );
  return [
    `CREATE TABLE IF NOT EXISTS ${def.table} (\n  ${cols.join(',\n  ')}\n)`,
    `CREATE UNIQUE INDEX IF NOT EXISTS ${def.table}_seq ON ${def.table} (_seq)`,
    `CREATE INDEX IF NOT EXISTS ${def.table}_tombstones ON ${def.table} (_deleted_at) WHERE _deleted`,
  ];
}

/**
 * Business constraints as migration 002 created them (code unique ignoring case, catalogue
 * names). The phone index here was replaced by migration 003 (unique by digits).
 */
export const CONSTRAINT_DDL: string[] = [
  `CREATE UNIQUE INDEX IF NOT EXISTS customers_phone_live ON customers (phone) WHERE NOT _deleted`,
  `CREATE UNIQUE INDEX IF NOT EXISTS quotations_code_lower ON quotations (lower(code))`,
  `CREATE UNIQUE INDEX IF NOT EXISTS catalog_items_kind_name_live ON catalog_items (kind, lower(name)) WHERE NOT _deleted`,
  `CREATE INDEX IF NOT EXISTS quotations_customer ON quotations (customer_id)`,
  `CREATE INDEX IF NOT EXISTS transactions_customer ON transactions (customer_id)`,
  `CREATE INDEX IF NOT EXISTS stock_movements_item ON stock_movements (stock_item_id)`,
];
