/**
 * Photos of an OS (issue 31): storing an upload and reading the bytes back. The bytes live in
 * work_order_photo_files (so backups carry them); the document devices replicate is written
 * through the sync store (sync/store.ts), so it takes a sequence number and reaches every device
 * through pull and the stream like any other change.
 */
import { randomBytes } from 'node:crypto';
import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE, PHOTOS_PER_WORK_ORDER_MAX, sniffPhotoType } from '@shared';
import type { Database, Queryable } from '../db/types';
import type { Doc } from '../collections/convert';
import { TABLES } from '../collections/tables';
import { AppError } from '../http/errors';
import { lockWrites, readStored, writeDoc, type Writer } from '../sync/store';
import { readPhotoSize, type ImageSize } from './image-size';
import { stripPhotoMetadata, UnreadableImage, type PhotoMime } from './strip-metadata';

/** The customer's address of a photo: 128 random bits, base64url (22 characters). */
export const PUBLIC_TOKEN_BYTES = 16;
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newPublicToken(): string {
  return randomBytes(PUBLIC_TOKEN_BYTES).toString('base64url');
}

export interface PhotoUpload {
  id: string;
  workOrderId: string;
  /** ISO instant, already canonical. */
  takenAt: string;
  bytes: Uint8Array;
}

export interface SavedPhoto {
  doc: Doc;
  /** False when the same id had already been stored (a retry): nothing was written. */
  created: boolean;
}

/**
 * What is kept of an upload: its type read from the bytes themselves (never a name or a declared
 * type), the bytes without their metadata, and the size its header gives (never the device's
 * word). Throws photo_too_large / photo_type / photo_dimensions (a side over PHOTO_MAX_SIDE).
 */
export function cleanPhoto(bytes: Uint8Array): { mime: PhotoMime; bytes: Uint8Array; size: ImageSize } {
  if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('photo_too_large');
  const mime = sniffPhotoType(bytes);
  if (!mime) throw new AppError('photo_type');
  let clean: Uint8Array;
  let size: ImageSize;
  try {
    clean = stripPhotoMetadata(bytes, mime);
    size = readPhotoSize(clean, mime);
  } catch (err) {
    // A file that starts like an image but whose structure cannot be followed.
    if (err instanceof UnreadableImage) throw new AppError('photo_type');
    throw err;
  }
  // (A WebP's last chunk may get its pad byte back: never over the limit the document states.)
  if (clean.length > PHOTO_MAX_BYTES) throw new AppError('photo_too_large');
  if (size.width > PHOTO_MAX_SIDE || size.height > PHOTO_MAX_SIDE) throw new AppError('photo_dimensions');
  return { mime, bytes: clean, size };
}

/**
 * Stores an uploaded photo of a live OS and writes its document (public token made here,
 * Mostrar ao cliente off). The same id again answers the stored document: a device retrying
 * after a lost answer gets no duplicate. Throws photo_too_large, photo_type, photo_dimensions,
 * work_order_not_found, photo_limit, photo_not_found (that id was a photo since deleted).
 */
export async function savePhoto(db: Database, upload: PhotoUpload, writer: Writer): Promise<SavedPhoto> {
  const { mime, bytes, size } = cleanPhoto(upload.bytes);
  const def = TABLES.work_order_photos;
  return db.transaction(async (tx) => {
    // Serialises uploads with every other write: the 30-photo count cannot be raced past.
    await lockWrites(tx);
    const stored = await readStored(tx, def, upload.id);
    if (stored) {
      if (stored.doc._deleted) throw new AppError('photo_not_found');
      return { doc: stored.doc, created: false };
    }
    if (!(await isLiveWorkOrder(tx, upload.workOrderId))) throw new AppError('work_order_not_found');
    const { rows } = await tx.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM work_order_photos WHERE work_order_id = $1 AND NOT _deleted',
      [upload.workOrderId],
    );
    if (Number(rows[0]?.n ?? 0) >= PHOTOS_PER_WORK_ORDER_MAX) throw new AppError('photo_limit');
    await tx.query('INSERT INTO work_order_photo_files (id, bytes) VALUES ($1, $2)', [upload.id, asBuffer(bytes)]);
    const now = new Date().toISOString();
    const doc = await writeDoc(
      tx,
      def,
      {
        id: upload.id,
        work_order_id: upload.workOrderId,
        mime,
        width: size.width,
        height: size.height,
        size: bytes.length,
        show_to_customer: false,
        public_token: newPublicToken(),
        taken_at: upload.takenAt,
        created_at: now,
        client_updated_at: now,
        created_by: writer.userId,
        _deleted: false,
      },
      writer,
    );
    return { doc, created: true };
  });
}

async function isLiveWorkOrder(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM work_orders WHERE id = $1 AND NOT _deleted', [id]);
  return rows.length > 0;
}

export interface PhotoBytes {
  mime: string;
  bytes: Buffer;
}

function asBuffer(v: unknown): Buffer {
  if (Buffer.isBuffer(v)) return v;
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  throw new Error('photo bytes are not binary');
}

/** A live photo's bytes, for the team (any OS state). Null when deleted or unknown. */
export async function staffPhoto(db: Queryable, id: string): Promise<PhotoBytes | null> {
  const { rows } = await db.query<{ mime: string; bytes: unknown }>(
    `SELECT p.mime, f.bytes FROM work_order_photos p JOIN work_order_photo_files f ON f.id = p.id
      WHERE p.id = $1 AND NOT p._deleted`,
    [id],
  );
  return rows[0] ? { mime: rows[0].mime, bytes: asBuffer(rows[0].bytes) } : null;
}

/**
 * The photo a customer may see by its token: marked Mostrar ao cliente, live, of a live OS.
 * Null for anything else — the caller answers every such case alike.
 */
export async function publicPhoto(db: Queryable, token: string): Promise<PhotoBytes | null> {
  if (!PUBLIC_TOKEN_PATTERN.test(token)) return null;
  const { rows } = await db.query<{ mime: string; bytes: unknown }>(
    `SELECT p.mime, f.bytes FROM work_order_photos p
       JOIN work_order_photo_files f ON f.id = p.id
       JOIN work_orders o ON o.id = p.work_order_id AND NOT o._deleted
      WHERE p.public_token = $1 AND p.show_to_customer AND NOT p._deleted`,
    [token],
  );
  return rows[0] ? { mime: rows[0].mime, bytes: asBuffer(rows[0].bytes) } : null;
}
