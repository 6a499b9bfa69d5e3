/** /api/public/* and the quotation page's decision forms — no sign-in, rate limited per IP. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import type { PublicAnswers } from './answers';
import { decideQuotation } from './quotations';

const rejectBody = {
  type: ['object', 'null'],
  properties: { reason: { type: ['string', 'null'], maxLength: 5000 } },
} as const;

export async function publicRoutes(app: FastifyInstance, { answers }: { answers: PublicAnswers }) {
  const { db, config } = app.forja;
  const rateLimit = { max: config.publicRateLimitPerMinute, timeWindow: '1 minute' };
  const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

  const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

  // `/api/public/quotations/` (empty code) also lands here with code '' → 400 invalid_code.
  app.get<{ Params: { code: string } }>('/api/public/quotations/:code', { config: { rateLimit } }, async (request, reply) =>
    sendJson(reply, await answers.quotation(request.params.code)),
  );

  app.post<{ Params: { code: string } }>(
    '/api/public/quotations/:code/accept',
    { config: { rateLimit } },
    async (request) =>
      decideQuotation(db, request.params.code, {
        decision: 'accepted',
        ip: request.ip ?? null,
        userAgent: header(request.headers['user-agent']),
      }),
  );

  app.post<{ Params: { code: string }; Body: { reason?: string | null } | null }>(
    '/api/public/quotations/:code/reject',
    { config: { rateLimit }, schema: { body: rejectBody } },
    async (request) =>
      decideQuotation(db, request.params.code, {
        decision: 'rejected',
        reason: request.body?.reason ?? null,
        ip: request.ip ?? null,
        userAgent: header(request.headers['user-agent']),
      }),
  );

  app.get('/api/public/company', { config: { rateLimit } }, async (_request, reply) =>
    sendJson(reply, await answers.company()),
  );

  // Aceitar / Recusar as plain HTML forms (the drawn page's buttons sit in them): a tap before
  // any JavaScript has run posts here and gets the drawn page back, showing the decision (or
  // why there was none). Same rule, record, IP, user agent and version hash as the API. Once
  // the page's script runs it handles the buttons itself and these are never posted.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const backToPage = (reply: FastifyReply, code: string) => reply.code(303).header('location', `/quotation/${encodeURIComponent(code)}`).send();
  const formDecision = (decision: 'accepted' | 'rejected') => async (request: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    try {
      await decideQuotation(db, request.params.code, {
        decision,
        reason: decision === 'rejected' && typeof form.reason === 'string' ? form.reason : null,
        ip: request.ip ?? null,
        userAgent: header(request.headers['user-agent']),
      });
    } catch (err) {
      // Expired, already decided, unknown code: the page says so itself.
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      if (err.code === 'invalid_request' || err.code === 'invalid_code') throw err;
    }
    return backToPage(reply, request.params.code);
  };
  app.post<{ Params: { code: string } }>('/quotation/:code/aceitar', { config: { rateLimit } }, formDecision('accepted'));
  app.post<{ Params: { code: string } }>('/quotation/:code/recusar', { config: { rateLimit } }, formDecision('rejected'));
}
