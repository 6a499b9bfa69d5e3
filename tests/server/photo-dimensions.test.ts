/**
 * A photo's size is read from its own header, never believed (issue 40 §3), on PGlite and
 * PostgreSQL: a 17 KB PNG of 12000×12000 — ~576 MB for every device that opens the OS — is
 * refused with a pt-BR reason and nothing is kept; up to 1600 px a side (what the device reduces
 * to) is taken, and the document devices pull says the image's real size, whatever the device
 * claimed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, PHOTO_MAX_SIDE } from '@shared';
import { backends, signIn, startTestServer, type TestServer } from '../support/server';
import { pullAll } from './sync-fixtures';
import { bilevelPng, CLEAN_JPEG, jpegSaying, lossyWebpSaying, riff, VP8L_1X1, webpSaying } from './photo-fixtures';
import { storedWorkOrder, uploadPhoto } from './work-order-fixtures';

/** Made once for both backends (deflating its 18 MB of rows takes a fraction of a second). */
const BOMB = bilevelPng(12000, 12000);

describe.each(backends())('photo dimensions (%s)', (backend) => {
  let server: TestServer;
  let staff: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    staff = (await signIn(server)).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const rows = async (id: string) =>
    Number((await server.db.query<{ n: string }>('SELECT (SELECT count(*) FROM work_order_photos WHERE id = $1) + (SELECT count(*) FROM work_order_photo_files WHERE id = $1) AS n', [id])).rows[0].n);

  test('a 17 KB PNG of 12000×12000, and any JPEG or WebP over 1600 px a side, is refused 422 photo_dimensions in pt-BR; nothing kept', async () => {
    const os = await storedWorkOrder(server, staff);
    expect(BOMB.length).toBeLessThan(20_000);
    const cases: [string, Uint8Array][] = [
      ['png 12000×12000', BOMB],
      ['png 1601 wide', bilevelPng(PHOTO_MAX_SIDE + 1, 10)],
      ['jpeg 1200×1601', jpegSaying(1200, PHOTO_MAX_SIDE + 1)],
      ['webp canvas 1601×900', webpSaying(PHOTO_MAX_SIDE + 1, 900)],
      ['webp lossless 900×1601', webpSaying(900, PHOTO_MAX_SIDE + 1, { canvas: false })],
      ['webp lossy 16383×10', lossyWebpSaying(16383, 10)],
    ];
    for (const [what, body] of cases) {
      const id = randomUUID();
      // The device claims a small photo: the header is what counts.
      const res = await uploadPhoto(server, id, body, { workOrderId: os.id, token: staff, width: 800, height: 600 });
      expect([what, res.status, res.body?.error]).toEqual([what, 422, 'photo_dimensions']);
      expect(res.body.message).toBe('A foto passa de 1600 pixels de largura ou de altura, o máximo aceito. Escolha a foto de novo pelo aplicativo, que a reduz.');
      expect(res.body.message).toBe(ERROR_MESSAGES.photo_dimensions);
      expect(await rows(id)).toBe(0);
    }
  });

  test('up to 1600 px a side is taken; the document says the image\'s own size, not the device\'s', async () => {
    const os = await storedWorkOrder(server, staff);
    const cases: [string, Uint8Array, { width: number; height: number }][] = [
      ['png 1600×1600', bilevelPng(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE), { width: 1600, height: 1600 }],
      ['jpeg 2×2', CLEAN_JPEG, { width: 2, height: 2 }],
      ['jpeg 1600×900', jpegSaying(1600, 900), { width: 1600, height: 900 }],
      ['webp canvas 1600×1200', webpSaying(1600, 1200), { width: 1600, height: 1200 }],
      ['webp lossless 1×1', riff(Uint8Array.from(VP8L_1X1)), { width: 1, height: 1 }],
      ['webp lossy 1200×1600', lossyWebpSaying(1200, 1600), { width: 1200, height: 1600 }],
    ];
    const ids: [string, { width: number; height: number }][] = [];
    for (const [what, body, size] of cases) {
      const id = randomUUID();
      const res = await uploadPhoto(server, id, body, { workOrderId: os.id, token: staff, width: 1600, height: 1200 });
      expect([what, res.status]).toEqual([what, 201]);
      expect([what, res.body.width, res.body.height]).toEqual([what, size.width, size.height]);
      ids.push([id, size]);
    }
    const pulled = new Map((await pullAll<{ id: string; width: number; height: number }>(server, staff, 'work_order_photos')).docs.map((d) => [d.id, d]));
    for (const [id, size] of ids) expect(pulled.get(id)).toMatchObject(size);
  });

  test('a WebP whose pixels are larger than the canvas it declares, or a JPEG of height 0, is refused as unreadable', async () => {
    const os = await storedWorkOrder(server, staff);
    const small = webpSaying(100, 100);
    const big = webpSaying(12000, 12000, { canvas: false });
    // VP8X says 100×100; the bitstream inside says 12000×12000.
    const lying = riff(small.subarray(12, 12 + 18), big.subarray(12));
    expect(lying.length).toBeLessThan(60);
    for (const [what, body] of [['webp', lying], ['jpeg', jpegSaying(10, 0)]] as const) {
      const id = randomUUID();
      const res = await uploadPhoto(server, id, body, { workOrderId: os.id, token: staff });
      expect([what, res.status, res.body?.error]).toEqual([what, 415, 'photo_type']);
      expect(await rows(id)).toBe(0);
    }
  });
});
