/**
 * The upload of one queued photo (src/data/photos/upload.ts) against a fake XMLHttpRequest: the
 * contract's address and headers, progress, the server's pt-BR refusal kept as a refusal, a
 * dropped connection or a 5xx as a network error (tried again later), one refresh on 401. And the
 * sync centre's wording of photos (src/ui/syncStatusText.ts).
 */
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { apiError } from '@shared';
import { createXhrUploader, photoUploadPath } from '../../../src/data/photos/upload';
import { PhotoQueue, type PendingPhotoRecord } from '../../../src/data/photos/queue';
import { photoUploadText, photoUploads, syncStatusText, type SyncStatusView } from '../../../src/ui/syncStatusText';

const record: PendingPhotoRecord = {
  id: 'p-1',
  work_order_id: 'os-q1',
  bytes: new Uint8Array([0xff, 0xd8, 0xff, 0]).buffer,
  mime: 'image/jpeg',
  size: 4,
  width: 1200,
  height: 1600,
  taken_at: '2026-11-27T13:00:00.000Z',
  state: 'waiting',
  error: null,
  attempts: 0,
  next_try_at: 0,
  created_at: '2026-11-27T13:00:00.000Z',
};

type Reply = { status: number; body: string } | 'drop';

function fakeXhr(replies: Reply[], seen: { url: string; headers: Record<string, string> }[]) {
  return () => {
    const reply = replies.shift()!;
    const xhr = {
      status: 0,
      responseText: '',
      withCredentials: false,
      upload: { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) },
      onload: null as null | (() => void),
      onerror: null as null | (() => void),
      onabort: null,
      ontimeout: null,
      headers: {} as Record<string, string>,
      url: '',
      open(_m: string, url: string) {
        this.url = url;
      },
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      },
      send() {
        seen.push({ url: this.url, headers: this.headers });
        queueMicrotask(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 });
          if (reply === 'drop') return this.onerror?.();
          this.status = reply.status;
          this.responseText = reply.body;
          this.onload?.();
        });
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
}

describe('createXhrUploader', () => {
  test('posts the bytes to the contract address with the bearer token, with progress', async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const progress: number[] = [];
    const upload = createXhrUploader({ getToken: () => 'tok', refresh: async () => false, createXhr: fakeXhr([{ status: 200, body: '{"id":"p-1"}' }], seen) });
    const out = await upload(record, (f) => progress.push(f));
    expect(out).toEqual({ ok: true, document: { id: 'p-1' } });
    expect(seen[0].url).toBe(photoUploadPath(record));
    expect(seen[0].url).toBe('/api/photos/p-1?work_order_id=os-q1&width=1200&height=1600&taken_at=2026-11-27T13%3A00%3A00.000Z');
    expect(seen[0].headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'image/jpeg' });
    expect(progress).toEqual([0.5, 1]);
  });

  test("the server's refusal is kept with its pt-BR reason", async () => {
    const body = JSON.stringify({ error: 'photo_too_large', message: 'A foto é grande demais (máximo de 3 MB).' });
    const upload = createXhrUploader({ getToken: () => 'tok', refresh: async () => false, createXhr: fakeXhr([{ status: 413, body }], []) });
    expect(await upload(record, () => {})).toEqual({ ok: false, kind: 'refused', code: 'photo_too_large', message: 'A foto é grande demais (máximo de 3 MB).' });
  });

  test('a photo the server refuses for its size (over 1600 px in its header) says so in pt-BR and does not hold up the next one', async () => {
    // What the server answers (issue 40 §3): 422 and the shared code's message.
    const refused = { status: 422, body: JSON.stringify(apiError('photo_dimensions')) };
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const upload = createXhrUploader({ getToken: () => 'tok', refresh: async () => false, createXhr: fakeXhr([refused, { status: 201, body: '{"id":"b"}' }], seen) });
    const q = new PhotoQueue({ name: `photos-dimensions-${Date.now()}`, upload, withLock: (_name, fn) => fn() });
    try {
      await q.ready();
      const { work_order_id, bytes, mime, width, height, taken_at } = record;
      await q.add({ id: 'a', work_order_id, bytes, mime, width, height, taken_at });
      await q.add({ id: 'b', work_order_id, bytes, mime, width, height, taken_at });
      for (let i = 0; i < 200 && !q.items$.value.some((p) => p.id === 'b' && p.state === 'sent'); i++) await new Promise((r) => setTimeout(r, 10));
      const a = q.items$.value.find((p) => p.id === 'a');
      const b = q.items$.value.find((p) => p.id === 'b');
      expect(b).toMatchObject({ id: 'b', state: 'sent' });
      expect(a).toMatchObject({ id: 'a', state: 'failed', error: { code: 'photo_dimensions' } });
      const failed = photoUploads({ photos: q.items$.value }).failed;
      expect(failed.map((p) => photoUploadText(p))).toEqual([
        'A foto passa de 1600 pixels de largura ou de altura, o máximo aceito. Escolha a foto de novo pelo aplicativo, que a reduz.',
      ]);
      expect(seen).toHaveLength(2);
    } finally {
      await q.wipe();
    }
  });

  test('no connection or a failing server is a network error (tried again later)', async () => {
    const upload = createXhrUploader({ getToken: () => 'tok', refresh: async () => false, createXhr: fakeXhr(['drop', { status: 502, body: 'Bad gateway' }], []) });
    expect(await upload(record, () => {})).toMatchObject({ ok: false, kind: 'network' });
    expect(await upload(record, () => {})).toMatchObject({ ok: false, kind: 'network' });
  });

  test('a 401 refreshes the session once and sends again', async () => {
    let token = 'old';
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const upload = createXhrUploader({
      getToken: () => token,
      refresh: async () => ((token = 'new'), true),
      createXhr: fakeXhr([{ status: 401, body: '{"error":"unauthorized"}' }, { status: 200, body: '{"id":"p-1"}' }], seen),
    });
    expect(await upload(record, () => {})).toMatchObject({ ok: true });
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });
});

describe('photos in the sync status', () => {
  const base: SyncStatusView = { online: true, pending: 1, lastSyncAt: null, syncing: false, refused: [], initialSync: null, error: null };
  const photo = (state: 'waiting' | 'uploading' | 'failed' | 'sent', progress: number | null = null) => ({
    id: state,
    state,
    progress,
    error: state === 'failed' ? { code: 'photo_limit', message: 'Esta ordem de serviço já tem 30 fotos, o máximo permitido. Exclua uma para enviar outra.' } : null,
    taken_at: '2026-11-27T13:00:00.000Z',
    size: 1000,
  });

  test('an upload in progress is what the badge says, with its percentage', () => {
    expect(syncStatusText({ ...base, photos: [photo('uploading', 0.456)] })).toEqual({ text: 'Enviando foto… 46%', tone: 'busy' });
  });
  test('offline, the waiting photos are among the pending changes', () => {
    expect(syncStatusText({ ...base, online: false, photos: [photo('waiting')] }).text).toBe('Offline · 1 alteração pendente');
  });
  test('sent photos are not pending; a refused one says why', () => {
    const u = photoUploads({ photos: [photo('sent'), photo('waiting'), photo('failed')] });
    expect(u.unsent.map((p) => p.id)).toEqual(['waiting', 'failed']);
    expect(u.failed.map((p) => p.id)).toEqual(['failed']);
    expect(photoUploadText(u.failed[0])).toMatch(/já tem 30 fotos/);
    expect(photoUploadText(u.unsent[0])).toBe('Aguardando envio');
  });
});
