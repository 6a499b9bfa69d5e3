/**
 * Photos stored before the allow-list (issue 40 §2, §3): their bytes went through the old
 * deny-list, so a JFIF thumbnail, an ICC profile, a PNG's caBX (C2PA: device and place) or a
 * WebP's C2PA/META may still be in them — and in every backup and on the customer's page. Each
 * stored photo is stripped again by the server's allow-list (photos/strip-metadata.ts, as the
 * server running this has it) and its document takes the real size read from the header
 * (photos/image-size.ts) and a new `_seq`, so every device pulls it. A photo the new rules cannot
 * follow is left as it is (it was accepted before; a deletion is the owner's call, not this
 * migration's); so is a size beyond the column's bounds. Nothing changes for a photo already clean.
 */
import { readPhotoSize, type ImageSize } from '../photos/image-size';
import { stripPhotoMetadata, UnreadableImage, type PhotoMime } from '../photos/strip-metadata';
import type { Migration } from './types';

const MIMES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
/** work_order_photos.width/height's bounds in the shared schema (schemas/collections.ts). */
const SIDE_COLUMN_MAX = 20000;

function asBytes(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) return v;
  throw new Error('photo bytes are not binary');
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

function restripped(bytes: Uint8Array, mime: PhotoMime): { bytes: Uint8Array; size: ImageSize } | null {
  try {
    const clean = stripPhotoMetadata(bytes, mime);
    return { bytes: clean, size: readPhotoSize(clean, mime) };
  } catch (err) {
    if (err instanceof UnreadableImage) return null;
    throw err;
  }
}

export const m014: Migration = {
  id: '014-photo-allow-list',
  async up(tx) {
    const { rows } = await tx.query<{ id: string; mime: string; width: number; height: number }>(
      'SELECT p.id, p.mime, p.width, p.height FROM work_order_photos p JOIN work_order_photo_files f ON f.id = p.id ORDER BY p.id',
    );
    if (rows.length === 0) return;
    // The writers' lock (db/sequence.ts) before taking sequence numbers, like every write.
    await tx.query('SELECT pg_advisory_xact_lock(7421)');
    // One photo's bytes at a time: a shop's photos together can be gigabytes.
    for (const photo of rows) {
      if (!MIMES.includes(photo.mime)) continue;
      const { rows: files } = await tx.query<{ bytes: unknown }>('SELECT bytes FROM work_order_photo_files WHERE id = $1', [photo.id]);
      const stored = asBytes(files[0]?.bytes);
      const clean = restripped(stored, photo.mime as PhotoMime);
      if (!clean) continue;
      const fits = clean.size.width <= SIDE_COLUMN_MAX && clean.size.height <= SIDE_COLUMN_MAX;
      const size = fits ? clean.size : { width: photo.width, height: photo.height };
      if (sameBytes(stored, clean.bytes) && size.width === photo.width && size.height === photo.height) continue;
      await tx.query('UPDATE work_order_photo_files SET bytes = $2 WHERE id = $1', [photo.id, Buffer.from(clean.bytes)]);
      await tx.query(
        `UPDATE work_order_photos SET size = $2, width = $3, height = $4, _seq = nextval('forja_seq'), updated_at = now() WHERE id = $1`,
        [photo.id, clean.bytes.length, size.width, size.height],
      );
    }
  },
};
