/**
 * GET /api/public/photos/:token — a photo staff marked Mostrar ao cliente, for the customer's page
 * (issue 31 §6). The token is the photo's server-made public_token (128 bits), never its id: the
 * staff route stays staff-only. A photo not marked (or unmarked since), deleted, or a token that
 * matches nothing answers the same 404. The type is the stored one (sniffed from the bytes at
 * upload), with nosniff; the cache is short and private so unmarking a photo takes effect soon.
 *
 * Minimal version written beside the public page's section (h7); the upload routes (h4) may
 * carry their own — the lead reconciles the two into one.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors';

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export async function publicPhotoRoutes(app: FastifyInstance) {
  const { db, config } = app.forja;
  const rateLimit = { max: config.publicRateLimitPerMinute, timeWindow: '1 minute' };
  app.get<{ Params: { token: string } }>('/api/public/photos/:token', { config: { rateLimit } }, async (request, reply) => {
    const token = request.params.token;
    if (!TOKEN.test(token)) throw new AppError('photo_not_found');
    const { rows } = await db.query<{ mime: string; bytes: Uint8Array }>(
      `SELECT p.mime, f.bytes FROM work_order_photos p
         JOIN work_order_photo_files f ON f.id = p.id
         JOIN work_orders o ON o.id = p.work_order_id AND NOT o._deleted
        WHERE p.public_token = $1 AND p.show_to_customer AND NOT p._deleted`,
      [token],
    );
    const row = rows[0];
    if (!row) throw new AppError('photo_not_found');
    return reply
      .header('content-type', row.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline')
      .send(Buffer.from(row.bytes));
  });
}
