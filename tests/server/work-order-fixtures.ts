/** Work orders, their history events and photo uploads, for tests/server/work-orders and photos. */
import { randomUUID } from 'node:crypto';
import { generateWorkOrderCode, workOrderIdForQuotation, type WorkOrderDoc, type WorkOrderEventDoc } from '@shared';
import type { TestServer } from '../support/server';
import { isoAt, push, type Wire } from './sync-fixtures';

export function workOrder(over: Partial<Wire<WorkOrderDoc>> = {}): Wire<WorkOrderDoc> {
  const now = isoAt();
  const quotationId = over.quotation_id ?? null;
  return {
    id: quotationId ? workOrderIdForQuotation(quotationId) : randomUUID(),
    code: generateWorkOrderCode(),
    quotation_id: quotationId,
    customer_id: null,
    description: 'Portão basculante 3x2 m',
    total_amount: 2500,
    execution_deadline: null,
    responsible_id: null,
    forecast_date: '2026-12-20',
    warranty_until: null,
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    created_by: null,
    updated_by: null,
    _deleted: false,
    ...over,
  };
}

export function moveEvent(workOrderId: string, to: string, over: Partial<Wire<WorkOrderEventDoc>> = {}): Wire<WorkOrderEventDoc> {
  const now = isoAt();
  return {
    id: randomUUID(),
    work_order_id: workOrderId,
    kind: 'move',
    from_stage: null,
    to_stage: to,
    text: null,
    server_seq: null,
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    created_by: null,
    _deleted: false,
    ...over,
  };
}

export function noteEvent(workOrderId: string, text: string): Wire<WorkOrderEventDoc> {
  return moveEvent(workOrderId, 'x', { kind: 'note', to_stage: null, text });
}

/** Pushes new documents (no assumed master) and returns the push result. */
export function pushNew(server: TestServer, token: string, collection: string, docs: unknown[]) {
  return push(server, token, collection, docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })));
}

/** A live work order stored on the server (pushed by `token`'s device). */
export async function storedWorkOrder(server: TestServer, token: string, over: Partial<Wire<WorkOrderDoc>> = {}) {
  const doc = workOrder(over);
  const res = await pushNew(server, token, 'work_orders', [doc]);
  if (res.rejections.length > 0) throw new Error(`work order refused: ${JSON.stringify(res.rejections)}`);
  return doc;
}

export interface UploadOptions {
  workOrderId: string;
  token?: string;
  width?: number;
  height?: number;
  takenAt?: string;
  contentType?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests inspect JSON bodies loosely
export async function uploadPhoto(server: TestServer, id: string, body: Uint8Array, opts: UploadOptions): Promise<{ status: number; body: any; headers: Headers }> {
  const qs = new URLSearchParams(
    opts.query ?? { work_order_id: opts.workOrderId, width: String(opts.width ?? 1600), height: String(opts.height ?? 1200), taken_at: opts.takenAt ?? isoAt() },
  );
  const headers: Record<string, string> = { 'content-type': opts.contentType ?? 'image/jpeg', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${server.url}/api/photos/${encodeURIComponent(id)}?${qs}`, { method: 'POST', headers, body: Buffer.from(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** GET of a photo's bytes (staff route with a token, or the public route). */
export async function fetchPhoto(server: TestServer, path: string, token?: string) {
  const res = await fetch(server.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
