/**
 * Issue 40 §6: photos cached for a year in staff browsers outlived their deletion. The staff route
 * now says `private, no-cache` with an ETag: a browser holding the bytes asks again
 * (If-None-Match) and gets 304 without them while the photo lives — and 404 once the owner
 * deleted it. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backends, signIn, startTestServer, type TestServer } from '../support/server';
import { editStored } from './sync-fixtures';
import { CLEAN_JPEG } from './photo-fixtures';
import { storedWorkOrder, uploadPhoto } from './work-order-fixtures';

describe.each(backends())('staff photo revalidation (%s)', (backend) => {
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

  const get = (id: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/photos/${id}`, { headers: { authorization: `Bearer ${staff}`, ...headers } });

  test('never a year-long cache: revalidated with an ETag, 304 while it lives, 404 once deleted', async () => {
    const os = await storedWorkOrder(server, staff);
    const id = randomUUID();
    expect((await uploadPhoto(server, id, CLEAN_JPEG, { workOrderId: os.id, token: staff })).status).toBe(201);

    const first = await get(id);
    expect(first.status).toBe(200);
    const cache = first.headers.get('cache-control') ?? '';
    expect(cache).toBe('private, no-cache');
    expect(cache).not.toMatch(/max-age=\d{5,}|immutable/);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(new Uint8Array(await first.arrayBuffer()).length).toBeGreaterThan(0);

    // The browser revalidates its copy: nothing sent again.
    const again = await get(id, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // Another photo's tag is no match.
    expect((await get(id, { 'if-none-match': '"outra-foto"' })).status).toBe(200);

    // Bytes rewritten on the server (SQL 014 strips stored photos again, with a new _seq): a new
    // version, sent again — the copy a browser holds is not confirmed.
    await server.db.query(`UPDATE work_order_photos SET _seq = nextval('forja_seq') WHERE id = $1`, [id]);
    const rewritten = await get(id, { 'if-none-match': etag! });
    expect(rewritten.status).toBe(200);
    const newTag = rewritten.headers.get('etag');
    expect(newTag).not.toBe(etag);
    expect((await get(id, { 'if-none-match': newTag! })).status).toBe(304);

    // Deleted by the owner: the copy a browser holds is no longer confirmed.
    expect((await editStored(server, owner, 'work_order_photos', id, { _deleted: true })).rejections).toEqual([]);
    const gone = await get(id, { 'if-none-match': etag! });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('etag')).toBeNull();
  });
});
