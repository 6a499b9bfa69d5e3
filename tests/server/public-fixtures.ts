/** Rows for the public page's tests, inserted with plain SQL into the tables of migration 002. */
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { generateLinkSecret } from '@shared';
import type { Database } from '../../sync-server/src/db/types';

export async function insertCustomer(db: Database, over: Record<string, unknown> = {}) {
  const c = {
    id: randomUUID(),
    name: 'Maria da Silva',
    phone: `(35) 9${Math.floor(Math.random() * 1e8)}`,
    whatsapp: '(35) 99999-0000',
    description: 'Cliente antiga, paga em dia',
    ...over,
  };
  await db.query(
    `INSERT INTO customers (id, name, phone, whatsapp, description, created_at, updated_at, client_updated_at, created_by, _seq)
     VALUES ($1, $2, $3, $4, $5, now(), now(), now(), 'staff-1', nextval('forja_seq'))`,
    [c.id, c.name, c.phone, c.whatsapp, c.description],
  );
  return c;
}

export async function insertQuotation(db: Database, over: Record<string, unknown> = {}) {
  const q = {
    id: randomUUID(),
    code: `ORC-${randomUUID().slice(0, 6).toUpperCase()}`,
    customer_id: null as string | null,
    description: 'Portão de aço 3x2 m com pintura',
    status: 'pending',
    total_amount: 1234.5,
    discounts: 10,
    taxes: 0.35,
    payment_method: 'PIX ou 50% de entrada',
    // Far ahead: a quotation past its validity date can no longer be accepted (issue 17).
    validity_date: '2099-12-31',
    execution_deadline: '15 dias úteis',
    materials: [
      { name: 'Tubo 40x40', quantity: 6, price: 89.9 },
      { name: 'Chapa 2 mm', quantity: 2, price: 347.35 },
    ],
    deleted: false,
    created_at: '2026-11-20T13:45:00Z',
    // The secret the links staff send carry (issue 30); null: a quotation from before it (bare code + phone digits).
    link_secret: generateLinkSecret() as string | null,
    ...over,
  };
  await db.query(
    `INSERT INTO quotations (id, code, customer_id, description, status, total_amount, discounts, taxes, payment_method,
       validity_date, execution_deadline, materials, created_at, updated_at, client_updated_at, created_by, _seq, _deleted, link_secret)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $14, now(), now(), 'staff-1',
       nextval('forja_seq'), $13, $15)`,
    [q.id, q.code, q.customer_id, q.description, q.status, q.total_amount, q.discounts, q.taxes, q.payment_method,
      q.validity_date, q.execution_deadline, JSON.stringify(q.materials), q.deleted, q.created_at, q.link_secret],
  );
  return q;
}

/** The query string of a quotation's link as staff send it: ?k={link_secret} (issue 30). */
export const withKey = (q: { link_secret: string | null }) => (q.link_secret ? `?k=${q.link_secret}` : '');

/** The public API address of a quotation as its page asks with the link's secret (issue 30). */
export const publicPath = (q: { code: string; link_secret: string | null }, action = '') =>
  `/api/public/quotations/${q.code}${action ? `/${action}` : ''}${withKey(q)}`;

/** The public view's fields (schemas PublicQuotation), and nothing else ever. */
export const PUBLIC_QUOTATION_KEYS = [
  'code', 'created_at', 'customer', 'decided_at', 'decision_reason', 'description', 'discounts', 'execution_deadline',
  'expired', 'materials', 'payment_method', 'status', 'taxes', 'total_amount', 'validity_date', 'viewed_at',
];

/**
 * The public whitelist, exactly: these keys and no other, the customer as `{name}` only (or null),
 * each material line as `{name, quantity, price}` only, and none of `secrets` (the customer's
 * phone, WhatsApp, notes, ids, who wrote it) anywhere in the answer. `where` names the path read.
 */
export function expectPublicQuotation(body: unknown, secrets: readonly (string | null | undefined)[], where: string): void {
  const view = body as Record<string, unknown>;
  expect(Object.keys(view).sort(), where).toEqual(PUBLIC_QUOTATION_KEYS);
  if (view.customer !== null) {
    expect(Object.keys(view.customer as object), where).toEqual(['name']);
    expect(typeof (view.customer as { name: unknown }).name, where).toBe('string');
  }
  for (const m of view.materials as object[]) expect(Object.keys(m).sort(), where).toEqual(['name', 'price', 'quantity']);
  const raw = JSON.stringify(body);
  for (const secret of secrets) if (secret) expect(raw, `${where}: ${secret}`).not.toContain(secret);
}
