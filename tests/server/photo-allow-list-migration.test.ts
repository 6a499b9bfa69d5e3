/**
 * SQL 014 (issue 40 §2, §3), on PGlite and PostgreSQL: photos stored through the old deny-list
 * still carried a JFIF thumbnail, an ICC profile, C2PA chunks — in the store, the backups and on
 * the customer's page — and the size the device claimed. The migration strips each one again by
 * the allow-list and gives its document the real size and a new _seq (devices pull it); a clean
 * photo is not touched, and one the new rules cannot follow is left as it was.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { m014 } from '../../sync-server/src/migrations/014-photo-allow-list';
import { backends, signIn, startTestServer, type TestServer } from '../support/server';
import { C2PA_TEXT, CLEAN_JPEG, contains, jpegWithHiddenPayloads, pngWithAncillaryChunks, webpWithHiddenChunks } from './photo-fixtures';
import { pull, pullAll } from './sync-fixtures';
import { fetchPhoto, storedWorkOrder } from './work-order-fixtures';

describe.each(backends())('SQL 014: stored photos through the allow-list (%s)', (backend) => {
  let server: TestServer;
  let staff: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    staff = (await signIn(server)).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A photo as the old server stored it: the bytes it kept and the size the device claimed. */
  async function storedPhoto(workOrderId: string, bytes: Uint8Array, mime: string, size = { width: 1600, height: 1200 }) {
    const id = randomUUID();
    const token = randomBytes(16).toString('base64url');
    const now = new Date().toISOString();
    await server.db.query(
      `INSERT INTO work_order_photos (id, work_order_id, mime, width, height, size, show_to_customer, public_token, taken_at, created_at, updated_at, client_updated_at, _seq)
       VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, $8, $8, $8, nextval('forja_seq'))`,
      [id, workOrderId, mime, size.width, size.height, bytes.length, token, now],
    );
    await server.db.query('INSERT INTO work_order_photo_files (id, bytes) VALUES ($1, $2)', [id, Buffer.from(bytes)]);
    return { id, token };
  }
  const row = async (id: string) =>
    (await server.db.query<{ width: number; height: number; size: number; _seq: string }>('SELECT width, height, size, _seq::text FROM work_order_photos WHERE id = $1', [id])).rows[0];
  const bytesOf = async (id: string) => new Uint8Array((await server.db.query<{ bytes: Uint8Array }>('SELECT bytes FROM work_order_photo_files WHERE id = $1', [id])).rows[0].bytes);

  test('old photos lose what the allow-list drops and take their real size; clean and unreadable ones stay as they were', async () => {
    const os = await storedWorkOrder(server, staff);
    const dirty = [
      { ...(await storedPhoto(os.id, jpegWithHiddenPayloads(), 'image/jpeg')), hidden: ['JFXX', 'ICC_PROFILE', '<html>', '-19.9167'], size: { width: 2, height: 2 } },
      { ...(await storedPhoto(os.id, pngWithAncillaryChunks(), 'image/png')), hidden: ['caBX', C2PA_TEXT, 'iCCP', 'prVt'], size: { width: 2, height: 2 } },
      { ...(await storedPhoto(os.id, webpWithHiddenChunks(), 'image/webp')), hidden: ['C2PA', 'META', 'ICCP'], size: { width: 1, height: 1 } },
    ];
    const clean = await storedPhoto(os.id, CLEAN_JPEG, 'image/jpeg', { width: 2, height: 2 });
    const noEnd = CLEAN_JPEG.subarray(0, CLEAN_JPEG.length - 2);
    const unreadable = await storedPhoto(os.id, noEnd, 'image/jpeg');
    const { checkpoint } = await pullAll(server, staff, 'work_order_photos');
    const before = new Map(await Promise.all([...dirty, clean, unreadable].map(async (p) => [p.id, await row(p.id)] as const)));

    await server.db.transaction((tx) => m014.up(tx));

    for (const p of dirty) {
      const stored = await bytesOf(p.id);
      const customer = await fetchPhoto(server, `/api/public/photos/${p.token}`);
      expect(customer.status).toBe(200);
      for (const text of p.hidden) {
        expect(contains(stored, text), `stored ${text}`).toBe(false);
        expect(contains(customer.bytes, text), `customer ${text}`).toBe(false);
      }
      const after = await row(p.id);
      expect({ width: after.width, height: after.height, size: after.size }).toEqual({ ...p.size, size: stored.length });
      expect(Number(after._seq)).toBeGreaterThan(Number(before.get(p.id)!._seq));
    }
    expect(await row(clean.id)).toEqual(before.get(clean.id));
    expect(Buffer.from(await bytesOf(clean.id)).equals(Buffer.from(CLEAN_JPEG))).toBe(true);
    expect(await row(unreadable.id)).toEqual(before.get(unreadable.id));
    expect(Buffer.from(await bytesOf(unreadable.id)).equals(Buffer.from(noEnd))).toBe(true);

    // Devices pull the corrected documents, and only those.
    const pulled = await pull<{ id: string; width: number; height: number }>(server, staff, 'work_order_photos', checkpoint);
    expect(pulled.body.documents.map((d) => d.id).sort()).toEqual(dirty.map((p) => p.id).sort());
    for (const p of dirty) expect(pulled.body.documents.find((d) => d.id === p.id)).toMatchObject(p.size);

    // Run again (a second server starting): nothing more changes.
    const settled = await Promise.all([...dirty, clean].map((p) => row(p.id)));
    await server.db.transaction((tx) => m014.up(tx));
    expect(await Promise.all([...dirty, clean].map((p) => row(p.id)))).toEqual(settled);
  });
});
