/** Documents and push/pull helpers shared by the sync tests (tests/server/sync*.test.ts). */
import { randomUUID } from 'node:crypto';
import { generateLinkSecret, type CustomerDoc, type PullResponse, type PushRejection, type QuotationDoc } from '@shared';
import { api, type TestServer } from '../support/server';

export type Wire<T> = T & { _deleted: boolean };

export function isoAt(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

export function customer(over: Partial<Wire<CustomerDoc>> = {}): Wire<CustomerDoc> {
  const now = isoAt();
  return {
    id: randomUUID(),
    name: 'João da Silva',
    phone: `31 9${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`,
    whatsapp: null,
    description: null,
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    created_by: null,
    _deleted: false,
    ...over,
  };
}

export function quotation(over: Partial<Wire<QuotationDoc>> = {}): Wire<QuotationDoc> {
  const now = isoAt();
  return {
    id: randomUUID(),
    code: `ORC-${randomUUID().slice(0, 6).toUpperCase()}`,
    customer_id: null,
    description: 'Portão de ferro 2x1,5 m',
    status: 'pending',
    total_amount: 1234.5,
    discounts: 0,
    taxes: 10.25,
    payment_method: 'PIX à vista',
    validity_date: '2026-12-31',
    execution_deadline: '10 dias úteis',
    materials: [{ name: 'Metalon 30x30', quantity: 6, price: 45.9 }],
    viewed_at: null,
    decided_at: null,
    decision_reason: null,
    link_secret: generateLinkSecret(),
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    created_by: null,
    _deleted: false,
    ...over,
  };
}

export interface PushResult<T> {
  status: number;
  masters: Wire<T>[];
  rejections: PushRejection[];
  body: unknown;
}

export async function push<T = Record<string, unknown>>(
  server: TestServer,
  token: string,
  collection: string,
  rows: { assumedMasterState: unknown; newDocumentState: unknown }[],
): Promise<PushResult<T>> {
  const res = await api(server, `/api/sync/${collection}/push`, { method: 'POST', token, body: rows });
  const header = res.headers.get('x-forja-rejections');
  return {
    status: res.status,
    masters: Array.isArray(res.body) ? (res.body as Wire<T>[]) : [],
    rejections: header ? (JSON.parse(header) as PushRejection[]) : [],
    body: res.body,
  };
}

export interface PullResult<T> {
  status: number;
  body: PullResponse<Wire<T>> & { error?: string };
}

export async function pull<T = Record<string, unknown>>(
  server: TestServer,
  token: string,
  collection: string,
  checkpoint: { seq: number } | null = null,
  limit?: number,
): Promise<PullResult<T>> {
  const qs = new URLSearchParams({ checkpoint: JSON.stringify(checkpoint) });
  if (limit !== undefined) qs.set('limit', String(limit));
  const res = await api(server, `/api/sync/${collection}/pull?${qs}`, { token });
  return { status: res.status, body: res.body };
}

/** Every document of a collection, following checkpoints. */
export async function pullAll<T = Record<string, unknown>>(server: TestServer, token: string, collection: string) {
  const docs: Wire<T>[] = [];
  let checkpoint: { seq: number } | null = null;
  for (;;) {
    const res: PullResult<T> = await pull<T>(server, token, collection, checkpoint, 1000);
    if (res.status !== 200) throw new Error(`pull ${collection}: ${res.status} ${JSON.stringify(res.body)}`);
    docs.push(...res.body.documents);
    if (res.body.documents.length === 0) return { docs, checkpoint };
    checkpoint = res.body.checkpoint;
  }
}

/** Edits a stored document as a device would: pulls it, pushes the patch on top of it. */
export async function editStored(server: TestServer, token: string, collection: string, id: string, patch: Record<string, unknown>) {
  const master = (await pullAll<Record<string, unknown> & { id: string }>(server, token, collection)).docs.find((d) => d.id === id);
  if (!master) throw new Error(`${collection} ${id} is not on the server`);
  return push(server, token, collection, [{ assumedMasterState: master, newDocumentState: { ...master, ...patch, client_updated_at: isoAt() } }]);
}
