/**
 * Row ↔ document conversion. Documents on the wire are the schema fields plus `_deleted`;
 * rows are what the adapters return (numeric/bigint as strings, date as 'YYYY-MM-DD',
 * timestamptz as Date — see db/types-parsers.ts).
 */
import type { ColumnDef, TableDef } from './tables';

export type Doc = Record<string, unknown> & { id: string; _deleted: boolean };

/** Columns to SELECT for a table: the schema fields plus the replication columns. */
export function selectList(def: TableDef): string {
  return [...def.columns.map((c) => c.name), '_seq', '_deleted'].join(', ');
}

function fromColumn(c: ColumnDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (c.kind) {
    case 'money':
    case 'number':
    case 'integer':
      return Number(v);
    case 'instant':
      return (v instanceof Date ? v : new Date(String(v))).toISOString();
    case 'date':
      return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
    case 'json':
      return v; // both adapters parse jsonb
    case 'boolean':
      return Boolean(v);
    default:
      return String(v);
  }
}

/**
 * A stored row as a wire document. Nullable properties that are null stay null; properties
 * absent from the document (optional, never set) are stored as null and come back as null
 * too — RxDB treats null and missing alike only for nullable types, which all optional
 * fields in schemas/ are.
 */
export function rowToDoc(def: TableDef, row: Record<string, unknown>): Doc {
  const doc: Record<string, unknown> = {};
  for (const c of def.columns) doc[c.name] = fromColumn(c, row[c.name]);
  doc._deleted = row._deleted === true || row._deleted === 't';
  return doc as Doc;
}

export function rowSeq(row: Record<string, unknown>): number {
  return Number(row._seq);
}

function toColumn(c: ColumnDef, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (c.kind === 'json') return JSON.stringify(v);
  return v;
}

/** Values for the schema columns, in `def.columns` order. */
export function docToParams(def: TableDef, doc: Record<string, unknown>): unknown[] {
  return def.columns.map((c) => toColumn(c, doc[c.name]));
}
