/**
 * Issue 40 §4 and §6(d), on PGlite and PostgreSQL: what a device may say about an OS.
 * - The Garantia: staff set it at most to today + the company's warranty days (what Entregue
 *   gives); a later day (2099-12-31) is refused owner_only with a pt-BR reason and the customer's
 *   page never shows it; the owner may give any.
 * - History entries: a stamp from before the OS was opened is raised to the opening, one ahead of
 *   the server's clock is moved back to now — and the device is answered the stored instant.
 * - Deleting a whole OS (its photos leave the customer's page) is the owner's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopDate, warrantyEndDate } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { editStored, isoAt, pullAll } from './sync-fixtures';
import { insertQuotation, publicPath } from './public-fixtures';
import { moveEvent, noteEvent, pushNew, storedWorkOrder, workOrder } from './work-order-fixtures';

type Doc = Record<string, unknown> & { id: string };

describe.each(backends())('work order dates and deletion (%s)', (backend) => {
  let server: TestServer;
  let staff: string;
  let owner: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    staff = (await signIn(server)).accessToken;
    owner = (await signIn(server, { role: 'owner' })).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const storedRow = async (table: string, id: string) => (await server.db.query(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0];
  const warrantyOf = async (id: string) =>
    (await server.db.query<{ w: string | null }>(`SELECT to_char(warranty_until, 'YYYY-MM-DD') AS w FROM work_orders WHERE id = $1`, [id])).rows[0]?.w ?? null;
  const inDays = (days: number) => warrantyEndDate(shopDate(new Date()), days);
  /** A timestamptz as both drivers give it (a Date), in ms. */
  const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));

  test('staff cannot give a Garantia beyond the default: 2099-12-31 is refused owner_only in pt-BR and the customer never sees it', async () => {
    const quotation = await insertQuotation(server.db, { status: 'accepted' });
    const os = await storedWorkOrder(server, staff, { quotation_id: quotation.id, code: quotation.code });
    await pushNew(server, staff, 'work_order_events', [moveEvent(os.id, 'entregue', { from_stage: 'aguardando_inicio' })]);

    const res = await editStored(server, staff, 'work_orders', os.id, { warranty_until: '2099-12-31' });
    expect(res.rejections).toMatchObject([{ id: os.id, error: 'owner_only', fields: ['warranty_until'] }]);
    expect(res.rejections[0].message).toContain('Garantia até 31/12/2099 passa do prazo padrão da oficina (90 dias');
    expect(res.masters).toMatchObject([{ id: os.id, warranty_until: null }]);
    expect(await warrantyOf(os.id)).toBeNull();
    const page = await api(server, publicPath(quotation));
    expect(page.status).toBe(200);
    expect(page.body.work_order).toMatchObject({ stage: 'entregue', warranty_until: null });

    // What Entregue gives (today + 90 days) goes through, and the customer sees it.
    expect((await editStored(server, staff, 'work_orders', os.id, { warranty_until: inDays(90) })).rejections).toEqual([]);
    expect(await warrantyOf(os.id)).toBe(inDays(90));
    expect((await api(server, publicPath(quotation))).body.work_order.warranty_until).toBe(inDays(90));
    // One day more is beyond it.
    expect((await editStored(server, staff, 'work_orders', os.id, { warranty_until: inDays(92) })).rejections).toMatchObject([{ error: 'owner_only' }]);
  });

  test('a new OS pushed by staff with a far Garantia is refused too (not slipped through the batch insert), one without it lands beside it', async () => {
    const far = workOrder({ warranty_until: '2099-12-31' });
    const plain = workOrder();
    const res = await pushNew(server, staff, 'work_orders', [far, plain]);
    expect(res.rejections).toMatchObject([{ id: far.id, error: 'owner_only', fields: ['warranty_until'] }]);
    expect(await storedRow('work_orders', far.id)).toBeUndefined();
    expect(await storedRow('work_orders', plain.id)).toBeDefined();
  });

  test('the owner may give a longer Garantia; staff then edit the OS’s other fields freely; the company’s own days are the bound', async () => {
    const os = await storedWorkOrder(server, staff);
    expect((await editStored(server, owner, 'work_orders', os.id, { warranty_until: '2030-01-31' })).rejections).toEqual([]);
    expect(await warrantyOf(os.id)).toBe('2030-01-31');
    expect((await editStored(server, staff, 'work_orders', os.id, { description: 'Portão com garantia estendida' })).rejections).toEqual([]);
    expect(await storedRow('work_orders', os.id)).toMatchObject({ description: 'Portão com garantia estendida' });
    expect(await warrantyOf(os.id)).toBe('2030-01-31');

    // Configurações › Garantia padrão: 365 days — a year is then what staff may give.
    await server.db.query(`UPDATE company SET warranty_days = 365 WHERE id = 'company'`);
    try {
      const other = await storedWorkOrder(server, staff);
      expect((await editStored(server, staff, 'work_orders', other.id, { warranty_until: inDays(365) })).rejections).toEqual([]);
      expect((await editStored(server, staff, 'work_orders', other.id, { warranty_until: inDays(400) })).rejections).toMatchObject([{ error: 'owner_only' }]);
    } finally {
      await server.db.query(`UPDATE company SET warranty_days = NULL WHERE id = 'company'`);
    }
  });

  test('history entries: before the OS was opened → the opening; ahead of the server → now; answered so the device adopts it', async () => {
    const opened = isoAt(-60_000);
    const os = await storedWorkOrder(server, staff, { created_at: opened });
    const openedAt = new Date(ms((await storedRow('work_orders', os.id)).created_at)).toISOString();
    const past = moveEvent(os.id, 'em_execucao', { from_stage: 'aguardando_inicio', created_at: '2001-01-01T12:00:00.000Z' });
    const future = moveEvent(os.id, 'entregue', { from_stage: 'em_execucao', created_at: '2099-12-31T12:00:00.000Z' });
    const fine = noteEvent(os.id, 'Cliente buscou');
    const before = Date.now();
    const res = await pushNew(server, staff, 'work_order_events', [past, future, fine]);
    expect(res.rejections).toEqual([]);

    const createdAt = async (id: string) => ms((await storedRow('work_order_events', id)).created_at);
    expect(await createdAt(past.id)).toBe(Date.parse(openedAt));
    expect(await createdAt(future.id)).toBeGreaterThanOrEqual(before - 1000);
    expect(await createdAt(future.id)).toBeLessThanOrEqual(Date.now());
    expect(await createdAt(fine.id)).toBe(Date.parse(fine.created_at));
    // The device is told the instants the server keeps.
    const answered = new Map(res.masters.map((m) => [m.id, m.created_at]));
    expect(answered.get(past.id)).toBe(openedAt);
    expect(answered.has(future.id)).toBe(true);
    expect(answered.has(fine.id)).toBe(false);
    // The customer's stages never start before the job.
    const pulled = (await pullAll<Doc>(server, staff, 'work_order_events')).docs.find((d) => d.id === past.id);
    expect(pulled?.created_at).toBe(openedAt);
  });

  test('deleting a whole OS is the owner’s: staff gets owner_only and the OS stays; the owner’s deletion lands', async () => {
    const quotation = await insertQuotation(server.db, { status: 'accepted' });
    const os = await storedWorkOrder(server, staff, { quotation_id: quotation.id, code: quotation.code });
    const byStaff = await editStored(server, staff, 'work_orders', os.id, { _deleted: true });
    expect(byStaff.rejections).toMatchObject([{ id: os.id, error: 'owner_only' }]);
    expect(byStaff.masters).toMatchObject([{ id: os.id, _deleted: false }]);
    expect((await storedRow('work_orders', os.id))._deleted).toBe(false);
    expect((await api(server, publicPath(quotation))).body.work_order).toBeDefined();

    expect((await editStored(server, owner, 'work_orders', os.id, { _deleted: true })).rejections).toEqual([]);
    expect((await storedRow('work_orders', os.id))._deleted).toBe(true);
    expect((await api(server, publicPath(quotation))).body.work_order).toBeUndefined();
  });

  test('an OS created and deleted on one device before it ever synced still reaches the server as a tombstone', async () => {
    const gone = workOrder({ id: randomUUID(), _deleted: true });
    expect((await pushNew(server, staff, 'work_orders', [gone])).rejections).toEqual([]);
  });
});
