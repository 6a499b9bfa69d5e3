/**
 * The photo routes as the device uses them (issue 31 §5, the minimal version on this branch):
 * raw bytes in, the stored work_order_photos document out (it then replicates), the type by the
 * bytes, the refusals with their pt-BR reasons, idempotent per id, served only to a session.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ERROR_MESSAGES, PHOTO_MAX_BYTES } from '@shared';
import { api, signIn, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let token: string;
const osId = randomUUID();

const jpeg = (n = 64) => {
  const b = Buffer.alloc(n, 7);
  b[0] = 0xff;
  b[1] = 0xd8;
  b[2] = 0xff;
  return b;
};

async function upload(id: string, bytes: Buffer, opts: { workOrderId?: string; auth?: string | null; type?: string } = {}) {
  const q = new URLSearchParams({ work_order_id: opts.workOrderId ?? osId, width: '1200', height: '1600', taken_at: '2026-11-27T13:00:00.000Z' });
  const headers: Record<string, string> = { 'content-type': opts.type ?? 'image/jpeg' };
  if (opts.auth !== null) headers.authorization = `Bearer ${opts.auth ?? token}`;
  const res = await fetch(`${server.url}/api/photos/${id}?${q}`, { method: 'POST', headers, body: bytes });
  return { status: res.status, body: await res.json().catch(() => null) };
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server)).accessToken;
  const t = new Date().toISOString();
  const res = await api(server, '/api/sync/work_orders/push', {
    token,
    body: [{ assumedMasterState: null, newDocumentState: { id: osId, code: 'OS-FT23AB', quotation_id: null, customer_id: null, description: 'Portão', total_amount: 100, execution_deadline: null, responsible_id: null, forecast_date: null, warranty_until: null, created_at: t, updated_at: t, client_updated_at: t, created_by: null, updated_by: null, _deleted: false } }],
  });
  expect(res.body).toEqual([]);
});

afterAll(async () => {
  await server?.stop();
});

test('bytes in, the stored document out; the same id again answers the same document; replicated; served to staff only', async () => {
  const id = randomUUID();
  const first = await upload(id, jpeg());
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ id, work_order_id: osId, mime: 'image/jpeg', width: 1200, height: 1600, size: 64, show_to_customer: false });
  expect(typeof first.body.public_token).toBe('string');
  const again = await upload(id, jpeg());
  expect(again.body).toEqual(first.body);
  const pulled = await api(server, '/api/sync/work_order_photos/pull', { token });
  expect(pulled.body.documents.map((d: { id: string }) => d.id)).toContain(id);
  const served = await fetch(`${server.url}/api/photos/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Buffer.from(await served.arrayBuffer())).toEqual(jpeg());
  expect((await fetch(`${server.url}/api/photos/${id}`)).status).toBe(401);
  expect((await upload(randomUUID(), jpeg(), { auth: null })).status).toBe(401);
});

test('refusals: type by the bytes, size, unknown OS', async () => {
  const html = await upload(randomUUID(), Buffer.from('<html><script>alert(1)</script></html>'), { type: 'image/jpeg' });
  expect(html).toEqual({ status: 415, body: { error: 'photo_type', message: ERROR_MESSAGES.photo_type } });
  const big = await upload(randomUUID(), jpeg(PHOTO_MAX_BYTES + 1));
  expect(big.status).toBe(413);
  expect(big.body.error).toBe('photo_too_large');
  const noOs = await upload(randomUUID(), jpeg(), { workOrderId: 'os-nao-existe' });
  expect(noOs).toEqual({ status: 404, body: { error: 'work_order_not_found', message: ERROR_MESSAGES.work_order_not_found } });
});
