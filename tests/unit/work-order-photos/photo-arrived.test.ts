/**
 * Issue 40, "tests the suite lacks": a queued photo — waiting (offline) or failed (refused) —
 * whose work_order_photos document arrives from the server (another tab, or a retry whose answer
 * was lost, already sent it) leaves this device's queue: it is not uploaded a second time, and
 * the pending count (sign-out's question, the sync centre) drops. The signed-in user's queue as
 * src/data/photos/session.ts starts it, over a real local database (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { localDatabase } from '../../support/local-db';
import { PhotoQueue } from '../../../src/data/photos/queue';
import { pendingPhotoCount, photoDatabaseNameFor, startPhotoQueue, stopPhotoQueue } from '../../../src/data/photos/session';

const getDb = localDatabase('photo-arrived', 'u-photos', ['work_order_photos']);

const photo = (id: string) => ({
  id,
  work_order_id: 'os-1',
  bytes: new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]).buffer,
  mime: 'image/jpeg',
  width: 1600,
  height: 1200,
  taken_at: '2026-11-27T10:00:00.000Z',
});
/** The server's document of a photo, as replication brings it. */
const serverDoc = (id: string) => {
  const at = '2026-11-27T10:01:00.000Z';
  return { id, work_order_id: 'os-1', mime: 'image/jpeg' as const, width: 1600, height: 1200, size: 6, show_to_customer: false, public_token: null, taken_at: '2026-11-27T10:00:00.000Z', created_at: at, updated_at: at, client_updated_at: at, created_by: 'u-photos' };
};
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check(), what).toBe(true);
};

afterEach(() => {
  stopPhotoQueue();
  vi.restoreAllMocks();
});

describe('a queued photo whose document arrives from the server', () => {
  test('waiting or failed, it leaves the queue: no second upload, and the pending count drops', async () => {
    const fdb = await getDb();
    // This tab is offline: its queue only waits.
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const uploads = vi.fn();
    vi.stubGlobal('XMLHttpRequest', function () {
      uploads();
      throw new Error('no upload expected');
    });
    const queue = startPhotoQueue(fdb)!;
    await queue.ready();
    await queue.add(photo('waiting-1'));
    // Another tab of the same user, online, had one refused (the queue is shared by IndexedDB).
    const other = new PhotoQueue({
      name: photoDatabaseNameFor('u-photos'),
      upload: async () => ({ ok: false, kind: 'refused', code: 'photo_limit', message: 'Esta ordem de serviço já tem 30 fotos.' }),
      withLock: (_n, fn) => fn(),
    });
    try {
      await other.add(photo('failed-1'));
      await until(() => queue.items$.value.find((p) => p.id === 'failed-1')?.state === 'failed', 'the refused photo seen in this tab');
    } finally {
      other.close();
    }
    await queue.add(photo('stays-1'));
    await until(() => queue.items$.value.length === 3, 'three photos queued');
    expect(pendingPhotoCount()).toBe(3);

    // The documents of the first two arrive by replication (sent meanwhile by another tab / a lost answer's retry).
    await fdb.db.work_order_photos.bulkInsert([serverDoc('waiting-1'), serverDoc('failed-1')]);
    await until(() => queue.items$.value.length === 1, 'the two arrived photos left the queue');
    expect(queue.items$.value.map((p) => p.id)).toEqual(['stays-1']);
    expect(pendingPhotoCount()).toBe(1);
    expect(await queue.bytesOf('waiting-1')).toBeNull();
    expect(await queue.bytesOf('failed-1')).toBeNull();

    // Back online: only the photo the server does not have goes out.
    const sent: string[] = [];
    online.mockReturnValue(true);
    vi.stubGlobal('XMLHttpRequest', function () {
      const xhr: Record<string, unknown> & { onerror?: () => void } = {
        upload: {},
        open: (_method: string, url: string) => sent.push(url),
        setRequestHeader: () => undefined,
        // The connection drops: the photo waits for its next try.
        send: () => setTimeout(() => xhr.onerror?.(), 0),
        abort: () => undefined,
      };
      return xhr;
    });
    queue.kick();
    await queue.idle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('stays-1');
    expect(uploads).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
