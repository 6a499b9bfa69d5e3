/**
 * The push rules of Ordens de serviço (issue 31), on PGlite and PostgreSQL:
 * - a move names a real stage (else invalid_stage);
 * - one OS per quotation: its id is os-{quotation}, so two devices opening it offline write one
 *   document, and the unique index refuses a second OS for the quotation (duplicate_work_order);
 * - the history is insert-only (history_insert_only), a retry of the same event changes nothing,
 *   and the server stamps each event's place in its order (server_seq, increasing);
 * - a photo is never created by a push (photo_upload_only); a push may toggle Mostrar ao cliente,
 *   nothing else of it; deleting one is the owner's (owner_only), and takes its bytes with it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeDoc } from '../../sync-server/src/sync/store';
import { TABLES } from '../../sync-server/src/collections/tables';
import { backends, signIn, startTestServer, type TestServer } from '../support/server';
import { editStored, isoAt, pullAll, push } from './sync-fixtures';
import { CLEAN_JPEG } from './photo-fixtures';
import { fetchPhoto, moveEvent, noteEvent, pushNew, storedWorkOrder, uploadPhoto, workOrder } from './work-order-fixtures';

type Doc = Record<string, unknown> & { id: string };

describe.each(backends())('work order push rules (%s)', (backend) => {
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

  test('a move to a stage that does not exist is refused invalid_stage; a real one lands', async () => {
    const os = await storedWorkOrder(server, staff);
    const bad = moveEvent(os.id, 'voando');
    const badFrom = moveEvent(os.id, 'em_execucao', { from_stage: 'quase_pronto' });
    const good = moveEvent(os.id, 'em_execucao', { from_stage: 'aguardando_inicio' });
    const res = await pushNew(server, staff, 'work_order_events', [bad, badFrom, good]);
    expect(res.rejections.map((r) => [r.id, r.error, r.fields])).toEqual([
      [bad.id, 'invalid_stage', ['to_stage']],
      [badFrom.id, 'invalid_stage', ['from_stage']],
    ]);
    expect(await storedRow('work_order_events', bad.id)).toBeUndefined();
    expect(await storedRow('work_order_events', badFrom.id)).toBeUndefined();
    expect((await storedRow('work_order_events', good.id))?.to_stage).toBe('em_execucao');
  });

  test('one OS per quotation: two devices opening it offline write one document; another id for it is refused', async () => {
    const quotationId = randomUUID();
    const phone = workOrder({ quotation_id: quotationId, description: 'Aberta no celular' });
    const counter = workOrder({ quotation_id: quotationId, code: phone.code, description: 'Aberta no balcão', client_updated_at: isoAt(1000) });
    expect(counter.id).toBe(phone.id);
    expect((await pushNew(server, staff, 'work_orders', [phone])).rejections).toEqual([]);
    expect((await pushNew(server, owner, 'work_orders', [counter])).rejections).toEqual([]);
    const { rows } = await server.db.query('SELECT id, description FROM work_orders WHERE quotation_id = $1', [quotationId]);
    expect(rows).toEqual([{ id: `os-${quotationId}`, description: 'Aberta no balcão' }]);

    // An id that is not os-{quotation}: refused, nothing stored.
    const stray = workOrder({ quotation_id: quotationId, id: randomUUID() });
    const res = await pushNew(server, staff, 'work_orders', [stray]);
    expect(res.rejections).toMatchObject([{ id: stray.id, error: 'invalid_document', fields: ['id'] }]);
    expect(await storedRow('work_orders', stray.id)).toBeUndefined();
  });

  test('an OS already stored for the quotation under another id (written before the id rule) makes a second one duplicate_work_order', async () => {
    const quotationId = randomUUID();
    const legacy = workOrder({ quotation_id: quotationId, id: `legacy-${randomUUID()}` });
    await server.db.transaction((tx) => writeDoc(tx, TABLES.work_orders, legacy, { userId: null, sessionId: null }));
    const res = await pushNew(server, staff, 'work_orders', [workOrder({ quotation_id: quotationId })]);
    expect(res.rejections).toMatchObject([{ id: `os-${quotationId}`, error: 'duplicate_work_order' }]);
    const { rows } = await server.db.query('SELECT id FROM work_orders WHERE quotation_id = $1', [quotationId]);
    expect(rows).toEqual([{ id: legacy.id }]);
  });

  test('the history is insert-only: changing or deleting an event is refused, sending it again changes nothing', async () => {
    const os = await storedWorkOrder(server, staff);
    const note = noteEvent(os.id, 'Cliente pediu pintura preta');
    expect((await pushNew(server, staff, 'work_order_events', [note])).rejections).toEqual([]);
    const before = await storedRow('work_order_events', note.id);

    const edited = await editStored(server, staff, 'work_order_events', note.id, { text: 'Cliente pediu pintura branca' });
    expect(edited.rejections).toMatchObject([{ id: note.id, error: 'history_insert_only' }]);
    expect(edited.masters).toMatchObject([{ id: note.id, text: 'Cliente pediu pintura preta', _deleted: false }]);
    const deleted = await editStored(server, owner, 'work_order_events', note.id, { _deleted: true });
    expect(deleted.rejections).toMatchObject([{ id: note.id, error: 'history_insert_only' }]);

    // A retry (its answer was lost): no refusal, no new version.
    const retry = await pushNew(server, staff, 'work_order_events', [note]);
    expect(retry.rejections).toEqual([]);
    const after = await storedRow('work_order_events', note.id);
    expect(after.text).toBe('Cliente pediu pintura preta');
    expect(after._deleted).toBe(false);
    expect(String(after._seq)).toBe(String(before._seq));
  });

  test('the server stamps each event with its place in its order: increasing, whatever the device sent', async () => {
    const os = await storedWorkOrder(server, staff);
    const first = moveEvent(os.id, 'aguardando_material', { server_seq: 999_999_999 });
    const second = moveEvent(os.id, 'em_execucao', { created_at: isoAt(-60_000) });
    const third = noteEvent(os.id, 'Material chegou');
    await pushNew(server, staff, 'work_order_events', [first]);
    await pushNew(server, owner, 'work_order_events', [second, third]);
    const events = (await pullAll<Doc>(server, staff, 'work_order_events')).docs.filter((d) => d.work_order_id === os.id);
    const seqOf = (id: string) => events.find((e) => e.id === id)?.server_seq as number;
    for (const e of [first, second, third]) expect(seqOf(e.id)).toBeTypeOf('number');
    expect(seqOf(first.id)).toBeLessThan(999_999_999);
    expect(seqOf(first.id)).toBeLessThan(seqOf(second.id));
    expect(seqOf(second.id)).not.toBe(seqOf(third.id));
    const { rows } = await server.db.query('SELECT id, _seq, server_seq FROM work_order_events WHERE work_order_id = $1', [os.id]);
    for (const r of rows) expect(String(r.server_seq)).toBe(String(r._seq));
  });

  test('a photo is never created by a push: photo_upload_only, nothing stored', async () => {
    const os = await storedWorkOrder(server, staff);
    const now = isoAt();
    const photo = {
      id: randomUUID(),
      work_order_id: os.id,
      mime: 'image/jpeg',
      width: 10,
      height: 10,
      size: 100,
      show_to_customer: true,
      public_token: 'escolhido-pelo-celular-123',
      taken_at: now,
      created_at: now,
      updated_at: now,
      client_updated_at: now,
      created_by: null,
      updated_by: null,
      _deleted: false,
    };
    const res = await pushNew(server, staff, 'work_order_photos', [photo]);
    expect(res.rejections).toMatchObject([{ id: photo.id, error: 'photo_upload_only' }]);
    expect(await storedRow('work_order_photos', photo.id)).toBeUndefined();
  });

  test('Mostrar ao cliente is toggled by a push — only that: the type, size and token stay the server’s', async () => {
    const os = await storedWorkOrder(server, staff);
    const id = randomUUID();
    const up = await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id, token: staff });
    expect(up.status).toBe(201);
    const token = up.body.public_token as string;
    expect((await fetchPhoto(server, `/api/public/photos/${token}`)).status).toBe(404);

    const shown = await editStored(server, staff, 'work_order_photos', id, { show_to_customer: true, mime: 'image/png', size: 5, public_token: 'outro-token-qualquer-xx' });
    expect(shown.rejections).toEqual([]);
    const row = await storedRow('work_order_photos', id);
    expect(row).toMatchObject({ show_to_customer: true, mime: 'image/jpeg', size: CLEAN_JPEG.length, public_token: token });
    expect((await fetchPhoto(server, `/api/public/photos/${token}`)).status).toBe(200);

    expect((await editStored(server, owner, 'work_order_photos', id, { show_to_customer: false })).rejections).toEqual([]);
    expect((await fetchPhoto(server, `/api/public/photos/${token}`)).status).toBe(404);
  });

  test('deleting a photo is the owner’s: staff gets owner_only and the photo stays; the owner’s deletion takes the bytes', async () => {
    const os = await storedWorkOrder(server, staff);
    const id = randomUUID();
    expect((await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id, token: staff })).status).toBe(201);

    const byStaff = await editStored(server, staff, 'work_order_photos', id, { _deleted: true });
    expect(byStaff.rejections).toMatchObject([{ id, error: 'owner_only' }]);
    expect(byStaff.masters).toMatchObject([{ id, _deleted: false }]);
    expect((await fetchPhoto(server, `/api/photos/${id}`, staff)).status).toBe(200);

    const byOwner = await editStored(server, owner, 'work_order_photos', id, { _deleted: true });
    expect(byOwner.rejections).toEqual([]);
    expect((await storedRow('work_order_photos', id))._deleted).toBe(true);
    expect(await storedRow('work_order_photo_files', id)).toBeUndefined();
    expect((await fetchPhoto(server, `/api/photos/${id}`, owner)).status).toBe(404);
    // Devices learn of it like any deletion.
    const pulled = (await pullAll<Doc>(server, staff, 'work_order_photos')).docs.find((d) => d.id === id);
    expect(pulled?._deleted).toBe(true);
    // A deleted photo cannot be brought back by a push.
    const revived = await push(server, owner, 'work_order_photos', [{ assumedMasterState: pulled, newDocumentState: { ...pulled, _deleted: false, client_updated_at: isoAt(1000) } }]);
    expect(revived.rejections).toMatchObject([{ id, error: 'photo_not_found' }]);
  });
});
