/**
 * Photo upload and serving (issue 31 §5) — the minimal version of the contract the device codes
 * against (the fuller one, with EXIF stripping on the server, comes from the other branch):
 *   POST /api/photos/:id?work_order_id=…&width=…&height=…&taken_at=…  raw image bytes →
 *        the stored work_order_photos document; idempotent per id (the same id answers what is stored).
 *        Refusals: photo_type 415 (not JPEG/PNG/WebP by its bytes), photo_too_large 413,
 *        photo_limit 409 (a 31st photo), work_order_not_found 404.
 *   GET  /api/photos/:id → the bytes (staff), fixed Content-Type, nosniff, long cache.
 * The document is written like any server write (sequence + NOTIFY), so it reaches every device
 * through normal replication.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { PHOTO_MAX_BYTES, PHOTOS_PER_WORK_ORDER_MAX, sniffPhotoType } from '@shared';
import type { Database } from '../db/types';
import { AppError } from '../http/errors';
import { TABLES } from '../collections/tables';
import { lockWrites, readStored, writeDoc } from '../sync/store';

export interface PhotoRoutesOptions {
  db: Database;
  requireSession: preHandlerAsyncHookHandler;
}

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

function positiveInt(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d{1,5}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 20000 ? n : null;
}

export async function photoRoutes(app: FastifyInstance, opts: PhotoRoutesOptions): Promise<void> {
  const { db, requireSession } = opts;
  // Raw bytes of any declared type: the type is decided by the bytes (sniffPhotoType).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES + 1024 }, (_req, body, done) => done(null, body));

  app.post('/api/photos/:id', { preHandler: requireSession, bodyLimit: PHOTO_MAX_BYTES + 1024 }, async (request) => {
    const { id } = request.params as { id: string };
    const q = request.query as Record<string, string | undefined>;
    if (!ID_RE.test(id)) throw new AppError('invalid_request');
    const workOrderId = q.work_order_id ?? '';
    const width = positiveInt(q.width);
    const height = positiveInt(q.height);
    const takenAt = q.taken_at && !Number.isNaN(Date.parse(q.taken_at)) ? new Date(q.taken_at).toISOString() : null;
    if (!ID_RE.test(workOrderId) || !width || !height || !takenAt) throw new AppError('invalid_request');
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const mime = sniffPhotoType(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!mime) throw new AppError('photo_type');
    if (bytes.byteLength > PHOTO_MAX_BYTES) throw new AppError('photo_too_large');
    const session = request.session!;
    return db.transaction(async (tx) => {
      await lockWrites(tx);
      const existing = await readStored(tx, TABLES.work_order_photos, id);
      if (existing && !existing.doc._deleted) return existing.doc;
      const order = await readStored(tx, TABLES.work_orders, workOrderId);
      if (!order || order.doc._deleted) throw new AppError('work_order_not_found');
      const { rows } = await tx.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM work_order_photos WHERE work_order_id = $1 AND NOT _deleted',
        [workOrderId],
      );
      if (Number(rows[0].n) >= PHOTOS_PER_WORK_ORDER_MAX) throw new AppError('photo_limit');
      await tx.query(
        'INSERT INTO work_order_photo_files (id, bytes) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET bytes = EXCLUDED.bytes',
        [id, bytes],
      );
      const now = new Date().toISOString();
      return writeDoc(
        tx,
        TABLES.work_order_photos,
        {
          id,
          work_order_id: workOrderId,
          mime,
          width,
          height,
          size: bytes.byteLength,
          show_to_customer: false,
          public_token: randomBytes(24).toString('base64url'),
          taken_at: takenAt,
          created_at: now,
          client_updated_at: now,
          created_by: session.userId,
          _deleted: false,
        },
        { userId: session.userId, sessionId: session.sessionId },
      );
    });
  });

  app.get('/api/photos/:id', { preHandler: requireSession }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!ID_RE.test(id)) throw new AppError('photo_not_found');
    const { rows } = await db.query<{ bytes: Uint8Array; mime: string }>(
      `SELECT f.bytes, p.mime FROM work_order_photo_files f JOIN work_order_photos p ON p.id = f.id
        WHERE f.id = $1 AND NOT p._deleted`,
      [id],
    );
    if (rows.length === 0) throw new AppError('photo_not_found');
    return reply
      .header('content-type', rows[0].mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(Buffer.from(rows[0].bytes));
  });
}
