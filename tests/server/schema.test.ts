/**
 * The SQL tables match the shared JSON Schemas: every schema property has a column of a
 * compatible type (read from information_schema, not from the code that made the tables),
 * required non-null properties are NOT NULL, and the business constraints exist.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { collectionSchemas, type CollectionName } from '@shared';
import { backends, startTestServer, type TestServer } from '../support/server';

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  numeric_precision: number | null;
  numeric_scale: number | null;
}

type Prop = { type?: string | readonly string[]; pattern?: string };

const MONEY = ['total_amount', 'discounts', 'taxes', 'amount'];

/** The SQL types a schema property may be stored as. */
function compatibleTypes(name: string, p: Prop): string[] {
  const types = (typeof p.type === 'string' ? [p.type] : [...(p.type ?? [])]).filter((t) => t !== 'null');
  if (types.includes('array') || types.includes('object')) return ['jsonb'];
  if (types.includes('integer')) return ['integer', 'bigint', 'smallint'];
  if (types.includes('number')) return ['numeric', 'double precision', 'real'];
  if (types.includes('boolean')) return ['boolean'];
  if (p.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return ['date'];
  if (name.endsWith('_at')) return ['timestamp with time zone'];
  return ['text', 'character varying'];
}

function tableOf(collection: CollectionName): string {
  return collection === 'staff' ? 'users' : collection;
}

describe.each(backends())('SQL schema matches schemas/collections.ts (%s)', (backend) => {
  let server: TestServer;
  let columns: Column[];
  beforeAll(async () => {
    server = await startTestServer({ backend });
    columns = (
      await server.db.query<Column>(
        `SELECT table_name, column_name, data_type, is_nullable, numeric_precision, numeric_scale
           FROM information_schema.columns WHERE table_schema = current_schema()`,
      )
    ).rows;
  });
  afterAll(async () => {
    await server?.stop();
  });

  test.each(Object.keys(collectionSchemas) as CollectionName[])('%s: every property has a compatible column', (collection) => {
    const schema = collectionSchemas[collection];
    const table = tableOf(collection);
    const required = new Set<string>(schema.required as readonly string[]);
    const problems: string[] = [];
    for (const [name, p] of Object.entries(schema.properties as Record<string, Prop>)) {
      const col = columns.find((c) => c.table_name === table && c.column_name === name);
      if (!col) {
        problems.push(`${table}.${name} is missing`);
        continue;
      }
      const ok = compatibleTypes(name, p);
      if (!ok.includes(col.data_type)) problems.push(`${table}.${name} is ${col.data_type}, expected one of ${ok.join('/')}`);
      if (MONEY.includes(name) && (col.data_type !== 'numeric' || Number(col.numeric_precision) !== 12 || Number(col.numeric_scale) !== 2)) {
        problems.push(`${table}.${name} must be numeric(12,2)`);
      }
      const nullable = (typeof p.type === 'string' ? [p.type] : [...(p.type ?? [])]).includes('null') || !required.has(name);
      if (!nullable && col.is_nullable !== 'NO') problems.push(`${table}.${name} should be NOT NULL`);
    }
    expect(problems).toEqual([]);
  });

  test.each(Object.keys(collectionSchemas) as CollectionName[])('%s: replication columns', (collection) => {
    const table = tableOf(collection);
    const names = columns.filter((c) => c.table_name === table).map((c) => c.column_name);
    expect(names).toContain('_seq');
    if (collection !== 'staff') expect(names).toEqual(expect.arrayContaining(['_deleted', '_deleted_at']));
  });

  test('conflict and rejection logs exist', () => {
    const of = (t: string) => columns.filter((c) => c.table_name === t).map((c) => c.column_name);
    expect(of('sync_conflicts')).toEqual(
      expect.arrayContaining(['collection', 'doc_id', 'field', 'winning_value', 'losing_value', 'winner_user_id', 'loser_user_id', 'at']),
    );
    expect(of('sync_rejections')).toEqual(expect.arrayContaining(['collection', 'doc_id', 'code', 'message', 'document', 'user_id', 'at']));
  });

  test('business constraints are in the database (plain SQL cannot break them)', async () => {
    const now = new Date().toISOString();
    const insertCustomer = (id: string, phone: string, deleted = false) =>
      server.db.query(
        `INSERT INTO customers (id, name, phone, created_at, updated_at, client_updated_at, _seq, _deleted)
         VALUES ($1, 'X', $2, $3, $3, $3, nextval('forja_seq'), $4)`,
        [id, phone, now, deleted],
      );
    await insertCustomer('c1', '3199');
    await expect(insertCustomer('c2', '3199')).rejects.toMatchObject({ code: '23505' });
    await insertCustomer('c3', '3199', true); // tombstones do not count
    // The same phone typed another way is the same phone (schemas/rules.ts phoneKey).
    await insertCustomer('c4', '(31) 99999-1234');
    await expect(insertCustomer('c5', '31 999991234')).rejects.toMatchObject({ code: '23505' });
    const insertQuotation = (id: string, code: string) =>
      server.db.query(
        `INSERT INTO quotations (id, code, description, status, total_amount, discounts, taxes, payment_method, validity_date,
           execution_deadline, materials, created_at, updated_at, client_updated_at, _seq)
         VALUES ($1, $2, 'd', 'pending', 1, 0, 0, 'pix', '2026-01-01', '1 dia', '[]', $3, $3, $3, nextval('forja_seq'))`,
        [id, code, now],
      );
    await insertQuotation('q1', 'ORC-AAA111');
    await expect(insertQuotation('q2', 'orc-aaa111')).rejects.toMatchObject({ code: '23505' });
    const insertCatalog = (id: string, kind: string, name: string) =>
      server.db.query(
        `INSERT INTO catalog_items (id, kind, name, created_at, updated_at, client_updated_at, _seq)
         VALUES ($1, $2, $3, $4, $4, $4, nextval('forja_seq'))`,
        [id, kind, name, now],
      );
    await insertCatalog('k1', 'material', 'Inox');
    await expect(insertCatalog('k2', 'material', 'INOX')).rejects.toMatchObject({ code: '23505' });
    await insertCatalog('k3', 'category', 'Inox');
  });
});
