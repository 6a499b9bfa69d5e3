/**
 * The browser's validator (src/data/db/z-schema-validator.ts) compiles each schema once: it must
 * accept and refuse exactly what RxDB's own z-schema validator does, with the same details.
 */
import { expect, test } from 'vitest';
import { fillWithDefaultSettings, type RxJsonSchema } from 'rxdb';
import { getValidator as rxdbValidator } from 'rxdb/plugins/validate-z-schema';
import { collectionSchemas, type CollectionName } from '@shared';
import { getValidator } from '../../../src/data/db/z-schema-validator';

const full = (c: CollectionName) => fillWithDefaultSettings(JSON.parse(JSON.stringify(collectionSchemas[c])) as RxJsonSchema<unknown>);
const at = '2026-11-27T12:00:00.000Z';
const meta = { _deleted: false, _meta: { lwt: 1_700_000_000_000 }, _rev: '1-abc', _attachments: {} };
const customer = {
  id: 'c1',
  name: 'Ana',
  phone: '(31) 99999-0001',
  whatsapp: null,
  description: 'Portão',
  created_at: at,
  updated_at: at,
  client_updated_at: at,
  created_by: null,
  updated_by: null,
  tax_id: null,
  address_cep: null,
  address_street: null,
  address_number: null,
  address_complement: null,
  address_district: null,
  address_city_code: null,
  ...meta,
};

test('customers: the same verdicts and error details as RxDB’s validator, again and again', () => {
  const ours = getValidator(full('customers'));
  const theirs = rxdbValidator(full('customers'));
  const docs: unknown[] = [
    customer,
    { ...customer, name: '' },
    { ...customer, phone: 5, extra: true },
    { ...customer, whatsapp: 'x'.repeat(41) },
    { ...customer, created_at: undefined },
    { ...customer, _meta: 'no' },
    { ...customer, description: null, tax_id: '12345678901' },
  ];
  for (let round = 0; round < 3; round++) {
    for (const d of docs) expect(ours(d)).toEqual(theirs(d));
  }
  expect(ours(customer)).toEqual([]);
  expect(ours({ ...customer, name: '' }).map((e) => e.path)).toEqual(['#/name']);
});

test('every collection: a document with every field wrong in type is refused alike', () => {
  for (const c of Object.keys(collectionSchemas) as CollectionName[]) {
    const schema = full(c);
    const ours = getValidator(schema);
    const theirs = rxdbValidator(schema);
    const wrong = Object.fromEntries(Object.keys(schema.properties).map((k) => [k, { nope: 1 }]));
    expect(ours(wrong), c).toEqual(theirs(wrong));
    expect(ours(wrong).length, c).toBeGreaterThan(0);
    expect(ours({}), c).toEqual(theirs({}));
  }
});
