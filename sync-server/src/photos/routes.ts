/**
 * Photos of an OS (issue 31) — thin routes over photos/service.ts:
 *   POST /api/photos/:id?work_order_id=&width=&height=&taken_at=   (session) the image bytes as
 *        the body, any declared type → 201 the photo document (200 and the stored one when that
 *        id is already stored: a retry); 415 photo_type, 413 photo_too_large, 422 photo_dimensions
 *        (a side over 1600 px in the image's own header), 409 photo_limit, 404 work_order_not_found,
 *        404 photo_not_found (that id was a photo since deleted). width and height are still sent
 *        by devices and checked as numbers, but the document takes the size from the bytes.
 *   GET  /api/photos/:id              (session) the bytes, private cache
 *   GET  /api/public/photos/:token    (no session) a photo marked Mostrar ao cliente of a live OS;
 *        anything else is the same 404
 * Registered as its own plugin: the raw-body parser and the larger body limit hold here only.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { PHOTO_MAX_BYTES } from '@shared';
import { requireSession } from '../auth/guard';
import { AppError } from '../http/errors';
import { canonicalInstant } from '../sync/validate';
import { publicPhoto, savePhoto, staffPhoto, type PhotoBytes } from './service';
import { STAFF_PHOTO_CACHE_CONTROL, livePhotoVersion, matchesEtag, photoEtag } from './revalidate';

/** A body a little over the largest photo: a larger one is refused before it is read whole. */
export const PHOTO_BODY_LIMIT = PHOTO_MAX_BYTES + 64 * 1024;
/**
 * Staff: revalidated at every use (photos/revalidate.ts: an ETag, 304 while it lives) — a year
 * in the cache outlived a photo's deletion (issue 40 §6).
 * The customer's copy: ten minutes, in the browser only — unticking Mostrar ao cliente (or a
 * deletion) must take the photo off the customer's page soon, not a year later from a cache.
 */
const CACHE_CONTROL = { private: STAFF_PHOTO_CACHE_CONTROL, public: 'private, max-age=600' } as const;
/** Public photo reads per minute per address, as a multiple of the public budget (a page shows up to 30). */
const PUBLIC_PHOTO_RATE_FACTOR = 4;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const uploadQuery = {
  type: 'object',
  required: ['work_order_id', 'width', 'height', 'taken_at'],
  properties: {
    work_order_id: { type: 'string', minLength: 1, maxLength: 64 },
    width: { type: 'integer', minimum: 1, maximum: 20000 },
    height: { type: 'integer', minimum: 1, maximum: 20000 },
    taken_at: { type: 'string', minLength: 1, maxLength: 40 },
  },
} as const;

interface UploadQuery {
  work_order_id: string;
  width: number;
  height: number;
  taken_at: string;
}

function sendPhoto(reply: FastifyReply, photo: PhotoBytes | null, cache: 'private' | 'public') {
  if (!photo) throw new AppError('photo_not_found');
  return reply
    .header('content-type', photo.mime)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', CACHE_CONTROL[cache])
    .send(photo.bytes);
}

export async function photoRoutes(app: FastifyInstance) {
  const { db, config } = app.forja;

  // The body is the image itself, whatever type it declares (the bytes say what it is).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // A body over the limit is a photo too large, said in the photo's words.
  app.setErrorHandler(async (err: FastifyError) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('photo_too_large');
    throw err;
  });

  app.post<{ Params: { id: string }; Querystring: UploadQuery }>(
    '/api/photos/:id',
    { preValidation: requireSession, bodyLimit: PHOTO_BODY_LIMIT, schema: { params: idParams, querystring: uploadQuery } },
    async (request, reply) => {
      const q = request.query;
      const takenAt = canonicalInstant(q.taken_at);
      if (!takenAt) throw new AppError('invalid_request', 'O parâmetro "taken_at" é inválido.');
      const session = request.session!;
      const body = request.body;
      const saved = await savePhoto(
        db,
        {
          id: request.params.id,
          workOrderId: q.work_order_id,
          takenAt,
          bytes: body instanceof Uint8Array ? body : new Uint8Array(0),
        },
        { userId: session.userId, sessionId: session.sessionId, role: session.role },
      );
      return reply.code(saved.created ? 201 : 200).header('cache-control', 'no-store').send(saved.doc);
    },
  );

  app.get<{ Params: { id: string } }>('/api/photos/:id', { preValidation: requireSession, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const version = await livePhotoVersion(db, request.params.id);
    const etag = version === null ? null : photoEtag(request.params.id, version);
    // The browser has these bytes, still this version → 304 without reading them; deleted → 404 below.
    if (etag && matchesEtag(request.headers['if-none-match'], etag)) {
      return reply.code(304).header('cache-control', STAFF_PHOTO_CACHE_CONTROL).header('etag', etag).send();
    }
    const photo = await staffPhoto(db, request.params.id);
    if (photo && etag) reply.header('etag', etag);
    return sendPhoto(reply, photo, 'private');
  });

  app.get<{ Params: { token: string } }>(
    '/api/public/photos/:token',
    { config: { rateLimit: { max: config.publicRateLimitPerMinute * PUBLIC_PHOTO_RATE_FACTOR, timeWindow: '1 minute' } } },
    async (request, reply) => {
      // Not marked, deleted, of a deleted OS or never made: one answer, no hint which.
      reply.header('cache-control', 'no-store');
      return sendPhoto(reply, await publicPhoto(db, request.params.token), 'public');
    },
  );
}
