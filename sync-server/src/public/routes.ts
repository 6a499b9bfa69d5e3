/** /api/public/* — no sign-in, rate limited per IP. */
import type { FastifyInstance, FastifyReply } from 'fastify';
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
}
