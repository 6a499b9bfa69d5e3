/**
 * /api/public/* and the quotation page's decision forms — no sign-in. Every quotation route takes
 * from one budget per client address (public/budget.ts) and needs the link's secret or the
 * customer's phone digits (public/access.ts); the company profile keeps its own per-route limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import { sendMessagePage } from '../http/message-page';
import { hasForeignOrigin, isSameOriginPost } from '../http/same-origin';
import type { PublicAnswers } from './answers';
import { accessFrom, accessQuery, spendOnAccess } from './access';
import type { PublicBudget } from './budget';
import { decideQuotation } from './quotations';

const rejectBody = {
  type: ['object', 'null'],
  properties: { reason: { type: ['string', 'null'], maxLength: 5000 } },
} as const;

export async function publicRoutes(app: FastifyInstance, { answers, budget }: { answers: PublicAnswers; budget: PublicBudget }) {
  const { db, config } = app.forja;
  const rateLimit = { max: config.publicRateLimitPerMinute, timeWindow: '1 minute' };
  const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;
  const client = (request: FastifyRequest) => request.ip ?? '';

  const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

  // `/api/public/quotations/` (empty code) also lands here with code '' → 400 invalid_code.
  // The secret or the phone digits come in the query string: ?k=… or ?tel=1234.
  app.get<{ Params: { code: string } }>('/api/public/quotations/:code', async (request, reply) => {
    const access = accessFrom(request.query);
    return sendJson(reply, await spendOnAccess(budget, client(request), access, () => answers.quotation(request.params.code, access)));
  });

  // A decision sent by a page of another site (a bodiless POST needs no CORS preflight) is refused
  // like the forms' (http/same-origin.ts); nothing is logged.
  const refuseForeign = async (request: FastifyRequest) => {
    if (hasForeignOrigin(request)) throw new AppError('cross_site_decision');
  };

  app.post<{ Params: { code: string } }>('/api/public/quotations/:code/accept', { preHandler: refuseForeign }, async (request) => {
    const access = accessFrom(request.query);
    return spendOnAccess(budget, client(request), access, () =>
      decideQuotation(db, request.params.code, {
        decision: 'accepted',
        ip: request.ip ?? null,
        userAgent: header(request.headers['user-agent']),
        access,
      }),
    );
  });

  app.post<{ Params: { code: string }; Body: { reason?: string | null } | null }>(
    '/api/public/quotations/:code/reject',
    { schema: { body: rejectBody }, preHandler: refuseForeign },
    async (request) => {
      const access = accessFrom(request.query);
      return spendOnAccess(budget, client(request), access, () =>
        decideQuotation(db, request.params.code, {
          decision: 'rejected',
          reason: request.body?.reason ?? null,
          ip: request.ip ?? null,
          userAgent: header(request.headers['user-agent']),
          access,
        }),
      );
    },
  );

  app.get('/api/public/company', { config: { rateLimit } }, async (_request, reply) =>
    sendJson(reply, await answers.company()),
  );

  // Aceitar / Recusar as plain HTML forms (the drawn page's buttons sit in them): a tap before
  // any JavaScript has run posts here and gets the drawn page back, showing the decision (or
  // why there was none). Same rule, record, IP, user agent and version hash as the API, and the
  // same access (the forms carry the page's `k` or `tel`). Once the page's script runs it
  // handles the buttons itself and these are never posted.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const pagePath = (code: string) => `/quotation/${encodeURIComponent(code)}`;
  const backToPage = (reply: FastifyReply, path: string) => reply.code(303).header('location', path).send();
  const formDecision = (decision: 'accepted' | 'rejected') => async (request: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) => {
    const { code } = request.params;
    const back = { href: pagePath(code), label: 'Abrir a página do orçamento' };
    // A form posted by a page of another site: not a decision of whoever sees the quotation here.
    if (!isSameOriginPost(request)) return sendMessagePage(reply, { code: 'cross_site_decision', title: 'Decisão não registrada', link: back });
    const form = (request.body ?? {}) as Record<string, unknown>;
    const access = accessFrom(form);
    try {
      await spendOnAccess(budget, client(request), access, () =>
        decideQuotation(db, code, {
          decision,
          reason: decision === 'rejected' && typeof form.reason === 'string' ? form.reason : null,
          ip: request.ip ?? null,
          userAgent: header(request.headers['user-agent']),
          access,
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      if (err.code === 'invalid_request' || err.code === 'invalid_code') throw err;
      if (err.code === 'rate_limited') {
        if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
        return sendMessagePage(reply, { code: 'rate_limited', message: err.message, title: 'Muitas tentativas', link: back });
      }
      // No access (the page then asks for the phone digits): back to the bare page.
      if (err.code === 'quotation_phone_required' || err.code === 'quotation_phone_mismatch') return backToPage(reply, pagePath(code));
      // Expired, already decided: the page says so itself.
    }
    return backToPage(reply, pagePath(code) + accessQuery(access));
  };
  app.post<{ Params: { code: string } }>('/quotation/:code/aceitar', formDecision('accepted'));
  app.post<{ Params: { code: string } }>('/quotation/:code/recusar', formDecision('rejected'));
}
