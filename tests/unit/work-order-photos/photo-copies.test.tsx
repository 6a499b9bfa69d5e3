/**
 * The device's small copies of photos (issue 39 §3, src/data/photos/copies.ts and usePhotoImage):
 * a photo this device has shown is kept small, and without the server the tile shows that copy
 * instead of 'Foto disponível quando houver conexão'; a photo it never had still shows nothing.
 * The copies are bounded (least recently used go first) and deleted with the user's data.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PhotoCopies } from '../../../src/data/photos/copies';

let server: 'up' | 'down' = 'up';
const fetched: string[] = [];
vi.mock('../../../src/data/auth', () => ({
  authFetch: async (path: string) => {
    fetched.push(path);
    if (server === 'down') throw new TypeError('Failed to fetch');
    return { ok: true, status: 200, blob: async () => new Blob([new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])], { type: 'image/webp' }) };
  },
  getAccessToken: () => null,
  refreshSession: async () => 'ok',
}));
// jsdom decodes no image: the copy is the photo's bytes cut short, so the test can tell them apart.
vi.mock('../../../src/data/photos/reduce', () => ({
  PhotoDecodeError: class extends Error {},
  reducePhoto: async (b: Blob, side: number) => ({ blob: new Blob([(await b.arrayBuffer()).slice(0, 3)], { type: 'image/webp' }), mime: 'image/webp', width: side, height: side }),
}));
const { usePhotoImage, photoCopies$ } = await import('../../../src/data/photos');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const blobs = new Map<string, Blob>();
let next = 0;
URL.createObjectURL = (b: Blob) => {
  const u = `blob:test/${++next}`;
  blobs.set(u, b as Blob);
  return u;
};
URL.revokeObjectURL = (u: string) => void blobs.delete(u);

let n = 0;
let root: Root | null = null;
let shown: { url: string | null; failed: boolean; copy: boolean } | null = null;
function Probe({ id, online }: { id: string; online: boolean }) {
  shown = usePhotoImage({ id }, online);
  return null;
}
async function show(id: string, online: boolean) {
  await act(async () => root!.render(<Probe id={id} online={online} />));
}
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(check()).toBe(true);
};
const size = async (url: string | null) => (url ? (await blobs.get(url)!.arrayBuffer()).byteLength : null);

describe('usePhotoImage offline', () => {
  let copies: PhotoCopies;
  beforeEach(() => {
    server = 'up';
    fetched.length = 0;
    copies = new PhotoCopies({ name: `copies-${++n}` });
    photoCopies$.next(copies);
    root = createRoot(document.createElement('div'));
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    photoCopies$.next(null);
    copies.close();
  });

  test('a photo shown once is shown again from the small copy when the server cannot be had', async () => {
    await show('photo-a', true);
    await until(() => shown?.url !== null);
    expect(shown).toMatchObject({ failed: false, copy: false });
    expect(await size(shown!.url)).toBe(8);
    expect(fetched).toEqual(['/api/photos/photo-a']);
    await vi.waitFor(async () => expect(await copies.has('photo-a')).toBe(true));

    // A reload without signal: the server's image cannot be had, the copy shows.
    server = 'down';
    await act(async () => root!.unmount());
    root = createRoot(document.createElement('div'));
    await new Promise((r) => setTimeout(r, 5_100)); // the shared URL's grace period ends
    await show('photo-a', false);
    await until(() => shown?.url !== null || shown?.failed === true);
    expect(shown).toMatchObject({ failed: false, copy: true });
    expect(await size(shown!.url)).toBe(3);

    // A photo this device never had: the placeholder, as before.
    await show('photo-b', false);
    await until(() => shown?.failed === true);
    expect(shown).toMatchObject({ url: null, copy: false });

    // Back online: the server's image again.
    server = 'up';
    await show('photo-a', true);
    await until(() => shown?.copy === false && shown.url !== null);
    expect(await size(shown!.url)).toBe(8);
  }, 20_000);
});

describe('PhotoCopies', () => {
  const bytes = (k: number) => new Uint8Array([k]).buffer;

  test('bounded: the least recently shown go first', async () => {
    let now = 1_000;
    const c = new PhotoCopies({ name: `copies-${++n}`, max: 3, now: () => now });
    for (const id of ['a', 'b', 'c']) {
      now += 10;
      await c.put(id, bytes(1), 'image/webp');
    }
    // 'a' shown again (long after): it is no longer the oldest.
    now += 2 * 60 * 60 * 1000;
    expect(await c.get('a')).not.toBeNull();
    now += 10;
    await c.put('d', bytes(4), 'image/webp');
    expect(await c.count()).toBe(3);
    expect(await c.has('b')).toBe(false);
    expect(await c.has('a')).toBe(true);
    expect(await c.has('d')).toBe(true);
    c.close();
  });

  test('wipe deletes them (sign-out)', async () => {
    const name = `copies-${++n}`;
    const c = new PhotoCopies({ name });
    await c.put('a', bytes(1), 'image/jpeg');
    await c.wipe();
    const again = new PhotoCopies({ name });
    expect(await again.get('a')).toBeNull();
    again.close();
  });
});
