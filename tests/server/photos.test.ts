/**
 * Photos of an OS over HTTP (issue 31), on PGlite and PostgreSQL: POST /api/photos/:id takes the
 * image bytes from a signed-in device — its type read from the bytes, never from a name or the
 * declared type; 3 MB at most; 30 per OS; EXIF/GPS removed before anything is kept; the same id
 * again answers the stored photo — and writes the photo document every device then pulls.
 * GET /api/photos/:id serves it to the team only; GET /api/public/photos/:token serves a photo
 * marked Mostrar ao cliente to anyone with its token, and nothing else.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTOS_PER_WORK_ORDER_MAX } from '@shared';
import { backends, signIn, startTestServer, type TestServer } from '../support/server';
import { editStored, pull, pullAll } from './sync-fixtures';
import {
  C2PA_TEXT,
  CLEAN_JPEG,
  contains,
  jpegGps,
  jpegWithHiddenPayloads,
  jpegWithMetadata,
  png,
  pngWithAncillaryChunks,
  pngWithMetadata,
  webpWithHiddenChunks,
  webpWithMetadata,
  cleanWebp,
} from './photo-fixtures';
import { fetchPhoto, storedWorkOrder, uploadPhoto } from './work-order-fixtures';

type Doc = Record<string, unknown> & { id: string };

/** A JPEG of exactly `size` bytes: the clean image after APP15 segments of filler. */
function jpegOfSize(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(CLEAN_JPEG.subarray(0, 2), 0);
  let at = 2;
  let left = size - CLEAN_JPEG.length;
  while (left > 0) {
    // A segment is 4 bytes of marker and length plus up to 65,533 of payload; never leave 1–3 bytes.
    let seg = Math.min(left, 65_537);
    if (left - seg > 0 && left - seg < 4) seg -= 4;
    const length = seg - 2;
    out.set([0xff, 0xef, length >> 8, length & 0xff], at);
    at += seg;
    left -= seg;
  }
  out.set(CLEAN_JPEG.subarray(2), at);
  return out;
}

describe.each(backends())('photo upload and serving (%s)', (backend) => {
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

  const count = async (sql: string, params: unknown[]) => Number((await server.db.query<{ n: string }>(sql, params)).rows[0].n);
  const photoRows = (id: string) => count('SELECT count(*) AS n FROM work_order_photos WHERE id = $1', [id]);
  const fileRows = (id: string) => count('SELECT count(*) AS n FROM work_order_photo_files WHERE id = $1', [id]);

  test('a phone photo with an EXIF GPS position goes in; what comes out has none, and devices pull its document', async () => {
    const os = await storedWorkOrder(server, staff);
    const before = (await pullAll(server, staff, 'work_order_photos')).checkpoint;
    const input = jpegWithMetadata();
    expect(jpegGps(input)).not.toBeNull();
    const id = randomUUID();
    const takenAt = '2026-11-20T13:45:00.000Z';
    const res = await uploadPhoto(server, id, input, { workOrderId: os.id, token: staff, width: 1600, height: 1200, takenAt });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id,
      work_order_id: os.id,
      mime: 'image/jpeg',
      // The image's own size (its header: 2×2), not the 1600×1200 the device said (issue 40 §3).
      width: 2,
      height: 2,
      size: CLEAN_JPEG.length,
      show_to_customer: false,
      taken_at: takenAt,
      _deleted: false,
    });
    expect(res.body.public_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.body.created_by).toBeTypeOf('string');

    const served = await fetchPhoto(server, `/api/photos/${id}`, staff);
    expect(served.status).toBe(200);
    expect(jpegGps(served.bytes)).toBeNull();
    for (const text of ['Exif', 'xmpmeta', 'Rua das Flores', 'SEFT']) expect(contains(served.bytes, text), text).toBe(false);
    expect(Buffer.from(served.bytes).equals(Buffer.from(CLEAN_JPEG))).toBe(true);

    // The document reaches devices through pull like any change.
    const page = await pull<Doc>(server, owner, 'work_order_photos', before);
    expect(page.body.documents.map((d) => d.id)).toContain(id);
  });

  test('what the deny-list let through (thumbnails, HTML, ICC, C2PA, private chunks) is in neither the stored nor the customer\'s copy (issue 40 §2)', async () => {
    const os = await storedWorkOrder(server, staff);
    const cases: [Uint8Array, string[]][] = [
      [jpegWithHiddenPayloads(), ['<html>', 'Rua das Flores', 'JFXX', 'ICC_PROFILE', '-19.9167', 'JPG7', 'EXP hidden']],
      [pngWithAncillaryChunks(), ['caBX', C2PA_TEXT, 'iCCP', 'prVt', 'pHYs']],
      [webpWithHiddenChunks(), ['C2PA', 'META', 'ICCP', C2PA_TEXT, 'Rua das Flores']],
    ];
    for (const [input, hidden] of cases) {
      const id = randomUUID();
      const res = await uploadPhoto(server, id, input, { workOrderId: os.id, token: staff });
      expect(res.status).toBe(201);
      expect((await editStored(server, staff, 'work_order_photos', id, { show_to_customer: true })).rejections).toEqual([]);
      const stored = (await server.db.query<{ bytes: Uint8Array }>('SELECT bytes FROM work_order_photo_files WHERE id = $1', [id])).rows[0].bytes;
      const team = await fetchPhoto(server, `/api/photos/${id}`, staff);
      const customer = await fetchPhoto(server, `/api/public/photos/${res.body.public_token}`);
      expect([team.status, customer.status]).toEqual([200, 200]);
      for (const [where, bytes] of [['stored', stored], ['team', team.bytes], ['customer', customer.bytes]] as const) {
        for (const text of hidden) expect(contains(new Uint8Array(bytes), text), `${res.body.mime} ${where}: ${text}`).toBe(false);
      }
      expect(res.body.size).toBe(customer.bytes.length);
    }
  });

  test('the type is read from the bytes: a PNG named foto.jpg declared image/gif is stored and served as image/png', async () => {
    const os = await storedWorkOrder(server, staff);
    const id = randomUUID();
    const res = await uploadPhoto(server, id, pngWithMetadata(), {
      workOrderId: os.id,
      token: staff,
      contentType: 'image/gif',
      headers: { 'content-disposition': 'attachment; filename="foto.jpg"' },
    });
    expect(res.status).toBe(201);
    expect(res.body.mime).toBe('image/png');
    const served = await fetchPhoto(server, `/api/photos/${id}`, staff);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(served.bytes).equals(Buffer.from(png()))).toBe(true);

    const webp = await uploadPhoto(server, randomUUID(), webpWithMetadata(), { workOrderId: os.id, token: staff, contentType: 'application/octet-stream' });
    expect(webp.status).toBe(201);
    expect(webp.body).toMatchObject({ mime: 'image/webp', size: cleanWebp().length });
  });

  test('a text file declared image/jpeg, an empty body, or a broken image is refused 415 photo_type, nothing kept', async () => {
    const os = await storedWorkOrder(server, staff);
    const cases: [string, Uint8Array][] = [
      ['text', new TextEncoder().encode('isto não é uma foto, é um texto qualquer')],
      ['empty', new Uint8Array(0)],
      ['html', new TextEncoder().encode('<html><script>alert(1)</script></html>')],
      ['cut', jpegWithMetadata().subarray(0, 40)],
    ];
    for (const [what, body] of cases) {
      const id = randomUUID();
      const res = await uploadPhoto(server, id, body, { workOrderId: os.id, token: staff, contentType: 'image/jpeg' });
      expect([what, res.status, res.body?.error]).toEqual([what, 415, 'photo_type']);
      expect(res.body.message).toBe('A foto precisa ser uma imagem JPEG, PNG ou WebP.');
      expect(await photoRows(id)).toBe(0);
      expect(await fileRows(id)).toBe(0);
    }
  });

  test('3 MB at most: exactly 3 MB is taken (and kept without its filler); one byte more, or 5 MB, is 413 photo_too_large', async () => {
    const os = await storedWorkOrder(server, staff);
    const atLimit = jpegOfSize(PHOTO_MAX_BYTES);
    expect(atLimit.length).toBe(PHOTO_MAX_BYTES);
    const ok = await uploadPhoto(server, randomUUID(), atLimit, { workOrderId: os.id, token: staff });
    expect(ok.status).toBe(201);
    expect(ok.body.size).toBe(CLEAN_JPEG.length);

    for (const size of [PHOTO_MAX_BYTES + 1, 5 * 1024 * 1024]) {
      const id = randomUUID();
      const res = await uploadPhoto(server, id, jpegOfSize(size), { workOrderId: os.id, token: staff });
      expect([size, res.status, res.body?.error]).toEqual([size, 413, 'photo_too_large']);
      expect(await photoRows(id)).toBe(0);
    }
  });

  test('30 photos per OS: the 31st is refused photo_limit; a retry of one already stored still answers it; after a deletion one more goes in', async () => {
    const os = await storedWorkOrder(server, staff);
    const ids: string[] = [];
    for (let i = 0; i < PHOTOS_PER_WORK_ORDER_MAX; i++) {
      const id = randomUUID();
      ids.push(id);
      expect((await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id, token: staff })).status).toBe(201);
    }
    const extra = randomUUID();
    const refused = await uploadPhoto(server, extra, CLEAN_JPEG, { workOrderId: os.id, token: staff });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('photo_limit');
    expect(await photoRows(extra)).toBe(0);
    expect((await uploadPhoto(server, ids[3], CLEAN_JPEG, { workOrderId: os.id, token: staff })).status).toBe(200);

    expect((await editStored(server, owner, 'work_order_photos', ids[0], { _deleted: true })).rejections).toEqual([]);
    expect((await uploadPhoto(server, extra, CLEAN_JPEG, { workOrderId: os.id, token: staff })).status).toBe(201);
  });

  test('uploads racing for the last places of an OS: exactly 30 live photos, the rest photo_limit', async () => {
    const os = await storedWorkOrder(server, staff);
    for (let i = 0; i < PHOTOS_PER_WORK_ORDER_MAX - 2; i++) {
      expect((await uploadPhoto(server, randomUUID(), CLEAN_JPEG, { workOrderId: os.id, token: i % 2 ? staff : owner })).status).toBe(201);
    }
    const racing = await Promise.all(Array.from({ length: 5 }, (_, i) => uploadPhoto(server, randomUUID(), CLEAN_JPEG, { workOrderId: os.id, token: i % 2 ? staff : owner })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await count('SELECT count(*) AS n FROM work_order_photos WHERE work_order_id = $1 AND NOT _deleted', [os.id])).toBe(PHOTOS_PER_WORK_ORDER_MAX);
  });

  test('the same id uploaded again (its answer was lost) answers the stored photo: no duplicate, no new version', async () => {
    const os = await storedWorkOrder(server, staff);
    const id = randomUUID();
    const first = await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id, token: staff });
    expect(first.status).toBe(201);
    const seq = (await server.db.query('SELECT _seq FROM work_order_photos WHERE id = $1', [id])).rows[0]._seq;
    const again = await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id, token: staff });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await photoRows(id)).toBe(1);
    expect(await fileRows(id)).toBe(1);
    expect(String((await server.db.query('SELECT _seq FROM work_order_photos WHERE id = $1', [id])).rows[0]._seq)).toBe(String(seq));
    expect((await pullAll<Doc>(server, staff, 'work_order_photos')).docs.filter((d) => d.id === id)).toHaveLength(1);

    // A photo the owner deleted is not brought back by a late retry.
    expect((await editStored(server, owner, 'work_order_photos', id, { _deleted: true })).rejections).toEqual([]);
    const late = await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id, token: staff });
    expect([late.status, late.body.error]).toEqual([404, 'photo_not_found']);
    expect(await fileRows(id)).toBe(0);
  });

  test('a photo of an OS that does not exist or was deleted is 404 work_order_not_found; bad parameters are 400', async () => {
    const unknown = await uploadPhoto(server, randomUUID(), CLEAN_JPEG, { workOrderId: randomUUID(), token: staff });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'work_order_not_found']);

    const os = await storedWorkOrder(server, staff);
    expect((await editStored(server, owner, 'work_orders', os.id, { _deleted: true })).rejections).toEqual([]);
    const gone = await uploadPhoto(server, randomUUID(), CLEAN_JPEG, { workOrderId: os.id, token: staff });
    expect([gone.status, gone.body.error]).toEqual([404, 'work_order_not_found']);

    const live = await storedWorkOrder(server, staff);
    for (const query of [
      { work_order_id: live.id, width: '0', height: '10', taken_at: '2026-11-20T10:00:00Z' },
      { work_order_id: live.id, width: 'dez', height: '10', taken_at: '2026-11-20T10:00:00Z' },
      { work_order_id: live.id, width: '10', height: '10', taken_at: 'ontem' },
      { work_order_id: live.id, width: '10', height: '10' },
    ]) {
      const res = await uploadPhoto(server, randomUUID(), CLEAN_JPEG, { workOrderId: live.id, token: staff, query: query as Record<string, string> });
      expect([JSON.stringify(query), res.status, res.body.error]).toEqual([JSON.stringify(query), 400, 'invalid_request']);
    }
  });

  test('without a session nothing is uploaded or served by the staff routes, not even a photo marked for the customer', async () => {
    const os = await storedWorkOrder(server, staff);
    const id = randomUUID();
    const anonymous = await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id });
    expect([anonymous.status, anonymous.body.error]).toEqual([401, 'unauthorized']);
    expect(await photoRows(id)).toBe(0);
    const big = await uploadPhoto(server, id, jpegOfSize(PHOTO_MAX_BYTES), { workOrderId: os.id, token: 'forjado.invalido' });
    expect(big.status).toBe(401);
    // The session comes first: bad parameters or an id too long say nothing to a stranger.
    expect((await uploadPhoto(server, 'x'.repeat(100), CLEAN_JPEG, { workOrderId: os.id, query: { width: 'dez' } })).status).toBe(401);
    expect((await fetchPhoto(server, `/api/photos/${'x'.repeat(100)}`)).status).toBe(401);

    expect((await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id, token: staff })).status).toBe(201);
    expect((await editStored(server, staff, 'work_order_photos', id, { show_to_customer: true })).rejections).toEqual([]);
    const res = await fetchPhoto(server, `/api/photos/${id}`);
    expect(res.status).toBe(401);
    expect(contains(res.bytes, CLEAN_JPEG.subarray(0, 20))).toBe(false);
  });

  test('the staff route answers the stored type, nosniff and a private cache revalidated at every use (issue 40 §6: no longer a year)', async () => {
    const os = await storedWorkOrder(server, staff);
    const id = randomUUID();
    await uploadPhoto(server, id, png(), { workOrderId: os.id, token: staff, contentType: 'text/html' });
    const res = await fetchPhoto(server, `/api/photos/${id}`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect((await fetchPhoto(server, `/api/photos/${randomUUID()}`, owner)).status).toBe(404);
  });

  test('the public route serves only a marked, live photo of a live OS — with a public cache — and says nothing about the rest', async () => {
    const os = await storedWorkOrder(server, staff);
    const marked = randomUUID();
    const hidden = randomUUID();
    const markedToken = (await uploadPhoto(server, marked, CLEAN_JPEG, { workOrderId: os.id, token: staff })).body.public_token as string;
    const hiddenToken = (await uploadPhoto(server, hidden, png(), { workOrderId: os.id, token: staff })).body.public_token as string;
    expect((await editStored(server, staff, 'work_order_photos', marked, { show_to_customer: true })).rejections).toEqual([]);

    const shown = await fetchPhoto(server, `/api/public/photos/${markedToken}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shown.headers.get('cache-control')).toBe('private, max-age=600');
    expect(Buffer.from(shown.bytes).equals(Buffer.from(CLEAN_JPEG))).toBe(true);

    const notFound = async (path: string) => {
      const res = await fetch(server.url + path);
      return { status: res.status, body: await res.text() };
    };
    const refusal = await notFound(`/api/public/photos/${hiddenToken}`);
    expect(refusal.status).toBe(404);
    // Unmarked, unknown, malformed or a photo's id instead of its token: the very same answer.
    for (const path of [`/api/public/photos/${'A'.repeat(22)}`, '/api/public/photos/x', `/api/public/photos/${marked}`]) {
      expect([path, await notFound(path)]).toEqual([path, refusal]);
    }

    // Once its OS is deleted, its photos are nobody's business.
    expect((await editStored(server, owner, 'work_orders', os.id, { _deleted: true })).rejections).toEqual([]);
    expect((await notFound(`/api/public/photos/${markedToken}`)).status).toBe(404);
  });

  test('a deleted photo is gone from both routes', async () => {
    const os = await storedWorkOrder(server, staff);
    const id = randomUUID();
    const token = (await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id, token: staff })).body.public_token as string;
    expect((await editStored(server, staff, 'work_order_photos', id, { show_to_customer: true })).rejections).toEqual([]);
    expect((await fetchPhoto(server, `/api/public/photos/${token}`)).status).toBe(200);
    expect((await editStored(server, owner, 'work_order_photos', id, { _deleted: true })).rejections).toEqual([]);
    expect((await fetchPhoto(server, `/api/public/photos/${token}`)).status).toBe(404);
    expect((await fetchPhoto(server, `/api/photos/${id}`, staff)).status).toBe(404);
  });
});
