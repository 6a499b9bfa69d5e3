/**
 * Generators for the fuzz properties: valid documents of every collection (from the shared
 * schemas' shapes) and the ways a hostile or broken client mutates them.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { COMPANY_DOC_ID, collectionSchemas, generateWorkOrderCode, type CollectionName } from '@shared';

export const SYNCED = [
  'customers', 'quotations', 'transactions', 'stock_items', 'stock_movements', 'catalog_items', 'company',
  'work_orders', 'work_order_events', 'work_order_photos',
] as const;
export type Synced = (typeof SYNCED)[number];

const iso = () => new Date().toISOString();
const stamps = () => ({ created_at: iso(), updated_at: iso(), client_updated_at: iso(), created_by: null });
const phone = () => `31 9${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`;
const code = () => `ORC-${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** A document the server accepts (random ids, unique phones/codes/names). */
export function validDoc(c: Synced): Record<string, unknown> {
  const id = randomUUID();
  switch (c) {
    case 'customers':
      return { id, name: `Cliente ${id.slice(0, 6)}`, phone: phone(), whatsapp: null, description: null, ...stamps() };
    case 'quotations':
      return {
        id, code: code(), customer_id: null, description: 'Portão', status: 'pending', total_amount: 100.5, discounts: 0, taxes: 0,
        payment_method: 'PIX', validity_date: '2026-12-31', execution_deadline: '5 dias', materials: [{ name: 'Tubo', quantity: 2, price: 10.25 }],
        viewed_at: null, decided_at: null, decision_reason: null, ...stamps(),
      };
    case 'transactions':
      return {
        id, type: 'entrada', customer_id: null, name: null, category: null, description: 'Serviço', amount: 50, payment_method: 'pix',
        payment_status: 'pendente', due_date: null, ...stamps(),
      };
    case 'stock_items':
      return { id, category_id: 'c', type_id: 't', material_id: 'm', thickness_id: 'th', dimension_id: 'd', minimum_quantity: 1, description: null, ...stamps() };
    case 'stock_movements':
      return { id, stock_item_id: randomUUID(), delta: 3, reason: null, ...stamps() };
    case 'catalog_items':
      return { id, kind: 'material', name: `Material ${id}`, value: null, unit: null, parent_id: null, ...stamps() };
    case 'company':
      return {
        id: COMPANY_DOC_ID, name: 'Forja', tagline: null, address: 'Rua A, 1', city: 'Cidade', phones: [], whatsapp_numbers: [], email: null,
        facebook_url: null, instagram_url: null, opening_hours: 'Seg a Sex', map_url: null, pix_key: null, ...stamps(),
      };
    case 'work_orders':
      return {
        id, code: generateWorkOrderCode(), quotation_id: null, customer_id: null, description: 'Portão', total_amount: 300, execution_deadline: null,
        responsible_id: null, forecast_date: '2026-12-20', warranty_until: null, updated_by: null, ...stamps(),
      };
    case 'work_order_events':
      return { id, work_order_id: randomUUID(), kind: 'move', from_stage: 'aguardando_inicio', to_stage: 'em_execucao', text: null, server_seq: null, ...stamps() };
    case 'work_order_photos':
      // Refused (photos are made by their upload): the fuzz checks it never breaks the server.
      return {
        id, work_order_id: randomUUID(), mime: 'image/jpeg', width: 10, height: 10, size: 100, show_to_customer: true, public_token: null,
        taken_at: iso(), updated_by: null, ...stamps(),
      };
  }
}

const fieldsOf = (c: CollectionName) => Object.keys((collectionSchemas[c] as { properties: object }).properties);

/** Text a broken or hostile client sends. */
export const hostileText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '__proto__', 'constructor', '', ' ', '%00', '\\u0000', "'; DROP TABLE customers; --"),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1, max: 3 }).map((k) => 'x'.repeat(10 ** (k + 3))),
);

/** Nesting deeper than any schema allows. */
const deep = fc.integer({ min: 20, max: 400 }).map((n) => {
  let v: unknown = 'fundo';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { v };
  return v;
});

/** A value of the wrong kind, out of range, or built to break something. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 0.001, 1.005, 2 ** 53, -(2 ** 31), [], {}),
  fc.double({ noNaN: true }),
  fc.constantFrom('0000-00-00', '2024-02-30', '9999-12-31', '1899-12-31T23:59:59Z', '+275760-09-13T00:00:00.000Z', '2026-13-01', 'agora'),
  fc.jsonValue({ maxDepth: 3 }),
  deep,
);

/** Applies one mutation to a valid document. */
export function mutate(doc: Record<string, unknown>, c: Synced): fc.Arbitrary<unknown> {
  const fields = fieldsOf(c);
  return fc.oneof(
    // a field replaced by something hostile
    fc.tuple(fc.constantFrom(...fields), hostileValue).map(([f, v]) => ({ ...doc, [f]: v })),
    // a field removed
    fc.constantFrom(...fields).map((f) => {
      const out = { ...doc };
      delete out[f];
      return out;
    }),
    // an extra field, prototype keys included (made own properties through JSON)
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', '_rev', '$where'), hostileValue).map(([k, v]) =>
      JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(v ?? null) ?? 'null'},${JSON.stringify(doc).slice(1)}`),
    ),
    // the deletion flag of the wrong type
    hostileValue.map((v) => ({ ...doc, _deleted: v })),
    // not a document at all
    hostileValue,
  );
}

/** What a client claims the server had: nothing, the truth, or a lie. */
export function assumed(doc: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constant(null), fc.constant(doc), hostileValue, fc.dictionary(hostileText, hostileValue, { maxKeys: 5 }));
}

/** Path text, percent-encoded as a client would (lone surrogates as raw invalid UTF-8). */
export function pathSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\ud800-\udfff]/g, '%ED%A0%80').split('%ED%A0%80').map((p) => encodeURIComponent(p)).join('%ED%A0%80');
  }
}
