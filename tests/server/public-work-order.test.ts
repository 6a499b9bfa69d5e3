/**
 * Issue 31 §6: the customer follows the job on the quotation's link. The public answer of an
 * accepted quotation with a live OS carries `work_order`: the stages passed with their instants (in
 * the server's order), the forecast, the Garantia once delivered and the photos marked for the
 * customer by their public URL — and never notes, staff names or ids, materials or their costs.
 * Without an OS (or without access) there is none; the photo route serves only marked photos.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PublicQuotation } from '@shared';
import type { Database } from '../../sync-server/src/db/types';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { expectPublicQuotation, insertCustomer, insertQuotation, publicPath } from './public-fixtures';

/** A row of a synced table: `fields` plus the stamps every row has and the next _seq. */
async function insertRow(db: Database, table: string, fields: Record<string, unknown>) {
  const row = { updated_at: new Date().toISOString(), client_updated_at: new Date().toISOString(), ...fields };
  const names = Object.keys(row);
  await db.query(
    `INSERT INTO ${table} (${names.join(', ')}, _seq) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}, nextval('forja_seq'))`,
    names.map((n) => row[n as keyof typeof row]),
  );
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

describe.each(backends())('public page: the job of an accepted quotation (%s)', (backend) => {
  let server: TestServer;
  let staff: { id: string; name: string };
  beforeAll(async () => {
    server = await startTestServer({ backend });
    await signIn(server);
    const { id } = (await server.db.query<{ id: string }>('SELECT id FROM users ORDER BY created_at LIMIT 1')).rows[0];
    staff = { id, name: 'Joaquim Soldador' };
    await server.db.query('UPDATE users SET name = $2 WHERE id = $1', [id, staff.name]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function jobOf(quotation: { id: string; code: string }, over: Record<string, unknown> = {}) {
    const order = {
      id: `os-${quotation.id}`,
      code: quotation.code,
      quotation_id: quotation.id,
      description: 'Portão de aço',
      total_amount: 1234.5,
      responsible_id: staff.id,
      forecast_date: '2026-12-10',
      created_at: '2026-11-21T12:00:00.000Z',
      created_by: staff.id,
      ...over,
    };
    await insertRow(server.db, 'work_orders', order);
    return order;
  }
  const move = (workOrderId: string, from: string | null, to: string, at: string) =>
    insertRow(server.db, 'work_order_events', { id: randomUUID(), work_order_id: workOrderId, kind: 'move', from_stage: from, to_stage: to, created_at: at, created_by: staff.id });
  const note = (workOrderId: string, text: string) =>
    insertRow(server.db, 'work_order_events', { id: randomUUID(), work_order_id: workOrderId, kind: 'note', text, created_at: '2026-11-22T12:00:00.000Z', created_by: staff.id });
  async function photo(workOrderId: string, shown: boolean, over: Record<string, unknown> = {}) {
    const p = { id: randomUUID(), public_token: randomBytes(16).toString('base64url'), ...over };
    await insertRow(server.db, 'work_order_photos', {
      id: p.id, work_order_id: workOrderId, mime: 'image/jpeg', width: 1600, height: 1200, size: JPEG.length,
      show_to_customer: shown, public_token: p.public_token, taken_at: '2026-11-22T10:00:00.000Z', created_at: '2026-11-22T10:00:00.000Z', created_by: staff.id,
    });
    await server.db.query('INSERT INTO work_order_photo_files (id, bytes) VALUES ($1, $2)', [p.id, JPEG]);
    return p;
  }

  test('stages with their dates in the server order, forecast, garantia once delivered and the marked photos only — no notes, names, costs or ids', async () => {
    const customer = await insertCustomer(server.db);
    const q = await insertQuotation(server.db, { customer_id: customer.id, status: 'accepted' });
    const os = await jobOf(q);
    // Written in this order on the server; the device clocks disagree (the later move says earlier).
    await move(os.id, 'aguardando_inicio', 'em_execucao', '2026-11-23T12:00:00.000Z');
    await note(os.id, 'Cliente pediu para caprichar na solda — NOTA INTERNA');
    await move(os.id, 'em_execucao', 'pronto_para_retirada', '2026-11-22T18:00:00.000Z');
    const shown = await photo(os.id, true);
    const hidden = await photo(os.id, false);
    // Material used on the OS: a stock movement linked to it.
    const item = { id: randomUUID(), name: 'Eletrodo secreto 6013' };
    await insertRow(server.db, 'stock_items', {
      id: item.id, category_id: 'c', type_id: 't', material_id: 'm', thickness_id: 'th', dimension_id: 'd', minimum_quantity: 0,
      description: item.name, created_at: '2026-11-20T10:00:00.000Z',
    });
    await insertRow(server.db, 'stock_movements', { id: randomUUID(), stock_item_id: item.id, delta: -2, reason: 'Material da OS 987,65', work_order_id: os.id, created_at: '2026-11-22T11:00:00.000Z' });

    const res = await api<PublicQuotation>(server, publicPath(q));
    expect(res.status).toBe(200);
    const { work_order: job, ...view } = res.body;
    expectPublicQuotation(view, [customer.phone, customer.whatsapp, customer.description, q.id], 'quotation');
    expect(job).toEqual({
      stage: 'pronto_para_retirada',
      steps: [
        { stage: 'aguardando_inicio', at: '2026-11-21T12:00:00.000Z' },
        { stage: 'em_execucao', at: '2026-11-23T12:00:00.000Z' },
        { stage: 'pronto_para_retirada', at: '2026-11-22T18:00:00.000Z' },
      ],
      forecast_date: '2026-12-10',
      warranty_until: null,
      photos: [{ url: `/api/public/photos/${shown.public_token}`, width: 1600, height: 1200 }],
    });
    const raw = JSON.stringify(res.body);
    for (const secret of ['NOTA INTERNA', staff.name, staff.id, os.id, shown.id, hidden.id, hidden.public_token, item.id, item.name, '987,65', 'responsible', 'created_by']) {
      expect(raw, secret).not.toContain(secret);
    }

    // The marked photo is served by its token, typed from the store, nosniff; the unmarked one is not.
    const img = await fetch(`${server.url}/api/public/photos/${shown.public_token}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await img.arrayBuffer())).toEqual(JPEG);
    expect((await api(server, `/api/public/photos/${hidden.public_token}`)).status).toBe(404);
    expect((await api(server, `/api/public/photos/${shown.id}`)).status).toBe(404);
  });

  test('delivered: Entregue is the stage and the Garantia ends on the stored day', async () => {
    const q = await insertQuotation(server.db, { status: 'accepted' });
    const os = await jobOf(q, { warranty_until: '2027-02-24', forecast_date: null });
    await move(os.id, 'aguardando_inicio', 'pronto_para_retirada', '2026-11-24T12:00:00.000Z');
    await move(os.id, 'pronto_para_retirada', 'entregue', '2026-11-26T15:00:00.000Z');
    const job = (await api<PublicQuotation>(server, publicPath(q))).body.work_order!;
    expect(job.stage).toBe('entregue');
    expect(job.steps.map((s) => s.stage)).toEqual(['aguardando_inicio', 'pronto_para_retirada', 'entregue']);
    expect(job.warranty_until).toBe('2027-02-24');
    expect(job.forecast_date).toBeNull();
    expect(job.photos).toEqual([]);
  });

  test('moved back from Entregue (a mistake corrected): the customer sees no Garantia, though the stored day stays', async () => {
    const q = await insertQuotation(server.db, { status: 'accepted' });
    const os = await jobOf(q, { warranty_until: '2027-02-24', forecast_date: null });
    await move(os.id, 'aguardando_inicio', 'pronto_para_retirada', '2026-11-24T12:00:00.000Z');
    await move(os.id, 'pronto_para_retirada', 'entregue', '2026-11-26T15:00:00.000Z');
    expect((await api<PublicQuotation>(server, publicPath(q))).body.work_order!.warranty_until).toBe('2027-02-24');
    // Staff take it back to Pronto para retirada: not delivered any more.
    await move(os.id, 'entregue', 'pronto_para_retirada', '2026-11-26T15:05:00.000Z');
    const res = await api<PublicQuotation>(server, publicPath(q));
    expect(res.status).toBe(200);
    const job = res.body.work_order!;
    expect(job.stage).toBe('pronto_para_retirada');
    expect(job.steps.map((s) => s.stage)).toEqual(['aguardando_inicio', 'pronto_para_retirada', 'entregue', 'pronto_para_retirada']);
    expect(job.warranty_until).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('2027-02-24');
  });

  test('no live OS, no work_order: none opened, or its OS deleted', async () => {
    const none = await insertQuotation(server.db, { status: 'accepted' });
    expect('work_order' in (await api(server, publicPath(none))).body).toBe(false);
    const gone = await insertQuotation(server.db, { status: 'accepted' });
    const os = await jobOf(gone);
    await move(os.id, 'aguardando_inicio', 'em_execucao', '2026-11-23T12:00:00.000Z');
    await server.db.query('UPDATE work_orders SET _deleted = true, _seq = nextval(\'forja_seq\') WHERE id = $1', [os.id]);
    const body = (await api(server, publicPath(gone))).body;
    expect(body.status).toBe('accepted');
    expect('work_order' in body).toBe(false);
  });

  test('only with access: without the link secret or the right phone digits nothing of the job is answered, and its photo stays private once unmarked', async () => {
    const customer = await insertCustomer(server.db, { phone: '(35) 98888-4321' });
    const q = await insertQuotation(server.db, { customer_id: customer.id, status: 'accepted' });
    const os = await jobOf(q);
    await move(os.id, 'aguardando_inicio', 'em_execucao', '2026-11-23T12:00:00.000Z');
    const p = await photo(os.id, true);

    for (const path of [`/api/public/quotations/${q.code}`, `/api/public/quotations/${q.code}?k=${'x'.repeat(22)}`, `/api/public/quotations/${q.code}?tel=0000`]) {
      const res = await api(server, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(res.body), path).not.toContain('em_execucao');
      expect(JSON.stringify(res.body), path).not.toContain(p.public_token);
    }
    const byPhone = await api<PublicQuotation>(server, `/api/public/quotations/${q.code}?tel=4321`);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.work_order?.stage).toBe('em_execucao');

    await server.db.query('UPDATE work_order_photos SET show_to_customer = false, _seq = nextval(\'forja_seq\') WHERE id = $1', [p.id]);
    expect((await api(server, `/api/public/photos/${p.public_token}`)).status).toBe(404);
    expect((await api<PublicQuotation>(server, publicPath(q))).body.work_order?.photos).toEqual([]);
  });
});
