/**
 * The device's photo queue (src/data/photos/queue.ts) on fake-indexeddb: photos survive a new
 * queue over the same database (a reload), go one at a time when online, wait with backoff on a
 * network error, keep the server's pt-BR refusal for Tentar novamente / Descartar, and drop
 * their bytes once the server's document arrived.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { PhotoQueue, type PhotoUploader, type UploadOutcome } from '../../../src/data/photos/queue';

let n = 0;
const queues: PhotoQueue[] = [];
const noLock = <T,>(_: string, fn: () => Promise<T>) => fn();

function open(name: string, upload: PhotoUploader, opts: { online?: () => boolean; now?: () => number } = {}) {
  const q = new PhotoQueue({ name, upload, isOnline: opts.online, now: opts.now, withLock: noLock });
  queues.push(q);
  return q;
}

const photo = (id: string, wo = 'os-1') => ({
  id,
  work_order_id: wo,
  bytes: new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]).buffer,
  mime: 'image/jpeg',
  width: 1600,
  height: 1200,
  taken_at: '2026-11-27T10:00:00.000Z',
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

afterEach(() => {
  queues.splice(0).forEach((q) => q.close());
});

describe('PhotoQueue', () => {
  test('offline the photo waits, survives a reload, and goes once online, with progress', async () => {
    const name = `photos-${++n}`;
    let online = false;
    const sent: string[] = [];
    const progress: number[] = [];
    const upload: PhotoUploader = async (p, onProgress) => {
      sent.push(p.id);
      onProgress(0.5);
      progress.push(0.5);
      return { ok: true, document: { id: p.id } };
    };
    const first = open(name, upload, { online: () => online });
    await first.ready();
    await first.add(photo('p1'));
    await until(() => first.items$.value.length === 1);
    expect(first.items$.value[0]).toMatchObject({ id: 'p1', state: 'waiting', size: 6 });
    expect(first.pendingCount()).toBe(1);
    expect(sent).toEqual([]);
    first.close();

    // A reload: a new queue over the same database still has it.
    const second = open(name, upload, { online: () => online });
    await second.ready();
    expect(second.items$.value.map((p) => [p.id, p.state])).toEqual([['p1', 'waiting']]);
    online = true;
    second.kick();
    await until(() => second.items$.value[0]?.state === 'sent');
    expect(sent).toEqual(['p1']);
    expect(progress).toEqual([0.5]);
    expect(second.pendingCount()).toBe(0);
    // The server's document arrived by replication: the bytes leave the device.
    await second.stored(['p1']);
    await until(() => second.items$.value.length === 0);
    expect(await second.bytesOf('p1')).toBeNull();
  });

  test('one at a time, oldest first', async () => {
    let active = 0;
    let most = 0;
    const order: string[] = [];
    const q = open(`photos-${++n}`, async (p) => {
      active++;
      most = Math.max(most, active);
      await new Promise((r) => setTimeout(r, 15));
      order.push(p.id);
      active--;
      return { ok: true, document: {} };
    });
    await q.ready();
    await q.add(photo('a'));
    await q.add(photo('b'));
    await q.add(photo('c'));
    await until(() => q.items$.value.length === 3 && q.items$.value.every((p) => p.state === 'sent'));
    expect(order).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
  });

  test('a network error waits with backoff and keeps the photo; the next try sends it', async () => {
    let clock = 1_000_000;
    const outcomes: UploadOutcome[] = [{ ok: false, kind: 'network', message: 'Sem conexão' }, { ok: true, document: {} }];
    let calls = 0;
    const q = open(`photos-${++n}`, async () => outcomes[calls++], { now: () => clock });
    await q.ready();
    await q.add(photo('p'));
    await until(() => q.items$.value[0]?.attempts === 1);
    expect(q.items$.value[0]).toMatchObject({ state: 'waiting', error: { code: 'network' }, next_try_at: 1_000_000 + 2000 });
    q.kick();
    await q.idle();
    expect(calls).toBe(1); // still inside the backoff
    clock += 2000;
    q.kick();
    await until(() => q.items$.value[0]?.state === 'sent');
    expect(calls).toBe(2);
  });

  test('a refusal keeps the reason; Tentar novamente sends again, Descartar drops it', async () => {
    const answers: UploadOutcome[] = [
      { ok: false, kind: 'refused', code: 'photo_limit', message: 'Esta ordem de serviço já tem 30 fotos, o máximo permitido. Exclua uma para enviar outra.' },
      { ok: false, kind: 'refused', code: 'photo_limit', message: 'Esta ordem de serviço já tem 30 fotos, o máximo permitido. Exclua uma para enviar outra.' },
    ];
    let calls = 0;
    const q = open(`photos-${++n}`, async () => answers[calls++]);
    await q.ready();
    await q.add(photo('p'));
    await until(() => q.items$.value[0]?.state === 'failed');
    expect(q.items$.value[0].error?.message).toMatch(/já tem 30 fotos/);
    expect(q.pendingCount()).toBe(1);
    await q.idle();
    expect(calls).toBe(1); // a refusal is not retried by itself
    await q.retry('p');
    await until(() => calls === 2 && q.items$.value[0]?.state === 'failed');
    await q.discard('p');
    await until(() => q.items$.value.length === 0);
    expect(q.pendingCount()).toBe(0);
  });

  test('each user has a queue of their own', async () => {
    const upload: PhotoUploader = async () => ({ ok: false, kind: 'network', message: 'x' });
    const ana = open(`photos-ana-${++n}`, upload, { online: () => false });
    const bia = open(`photos-bia-${n}`, upload, { online: () => false });
    await Promise.all([ana.ready(), bia.ready()]);
    await ana.add(photo('p'));
    await until(() => ana.items$.value.length === 1);
    expect(bia.items$.value).toEqual([]);
  });
});
