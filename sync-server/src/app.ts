/**
 * The Fastify application: security headers, cookies, rate limits, the built PWA,
 * health, auth, public, sync and photo routes. No listening here (main.ts / tests do that).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { findUnacceptableText, INVALID_TEXT_MESSAGE, type HealthResponse } from '@shared';
import type { Config } from './config';
import type { Database } from './db/types';
import './context';
import { authRoutes } from './auth/routes';
import { teamRoutes } from './team/routes';
import { requireSession, requireSessionBeforeBody, SESSION_GUARDS } from './auth/guard';
import { loadSigningSecret } from './auth/tokens';
import { AppError, answerFrameworkError, installErrorHandling } from './http/errors';
import { installJsonBodyParser } from './http/json-body';
import { installTransportHeaders } from './http/secure';
import { HELMET_OPTIONS } from './http/security-headers';
import { registerStatic } from './http/static';
import { readTlsFiles, type TlsMaterial } from './tls/files';
import { certificateRoutes } from './tls/routes';
import { PublicAnswers } from './public/answers';
import { PublicBudget } from './public/budget';
import { publicRoutes } from './public/routes';
import { PUSH_ROUTE, syncRoutes } from './sync/routes';
import { photoRoutes } from './photos/routes';
import { nfseRoutes } from './nfse/routes';
import { NfseWorker, type NfseWorkerOptions } from './nfse/worker';
import { BackupService, type BackupIo } from './backup/service';
import { backupRoutes } from './backup/routes';
import { startBackupSchedule } from './backup/schedule';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Fastify's logger option: false (default), true, or pino options such as { level: 'warn' }. */
  logger?: boolean | { level: string };
  /** Certificate and key already read (main.ts reads them before opening the database); else read from config.tls. */
  tls?: TlsMaterial | null;
  /** The NFS-e queue's clock and way to the national API (tests: a stand-in trusted by its CA). */
  nfse?: Pick<NfseWorkerOptions, 'clientFor' | 'now' | 'pollMs' | 'retryDelaysMs'>;
  /**
   * Backups (issue 41): `schedule` starts the nightly backup (main.ts does; test servers only back
   * up when asked); `now` and `io` are the tests' clock and file operations.
   */
  backup?: { schedule?: boolean; now?: () => Date; io?: Partial<BackupIo> };
}

/** The largest body read from a request without a session (a sign-in is well under 1 KB). */
export const UNAUTHENTICATED_BODY_LIMIT = 16 * 1024;

export async function buildApp({ config, db, logger = false, tls, nfse, backup }: BuildAppOptions): Promise<FastifyInstance> {
  const material = tls !== undefined ? tls : config.tls ? readTlsFiles(config.tls) : null;
  // Fastify's types follow the server kind; routes here only use what HTTP/1.1 and HTTP/2 share.
  const app = (Fastify as unknown as (opts: object) => FastifyInstance)({
    // HTTPS: HTTP/2 for browsers that speak it, HTTP/1.1 for the rest (curl, old phones, proxies).
    ...(material ? { http2: true, https: { allowHTTP1: true, cert: material.cert, key: material.key } } : {}),
    logger,
    // X-Forwarded-* is believed only from the proxies FORJA_TRUST_PROXY names (none by default):
    // a client talking to us directly cannot pick its IP (per-IP limits, sessions, decision log).
    trustProxy: config.trustProxy,
    // Open sync streams (and idle keep-alive sockets) must not hold up a restart or shutdown.
    forceCloseConnections: true,
    // What sign-in and the public forms need. Only the push route reads more (PUSH_BODY_LIMIT),
    // and only for a live session (requireSessionBeforeBody): bodies without one stay small.
    bodyLimit: UNAUTHENTICATED_BODY_LIMIT,
    // A URL Fastify cannot decode answers in pt-BR, with the security headers too.
    frameworkErrors: answerFrameworkError,
    // '__proto__' / 'constructor.prototype' keys are dropped from JSON bodies instead of failing
    // the whole request: one such row must not keep the valid rows of its push batch out.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Long junk in a path parameter is a 404, not a 414.
    routerOptions: { maxParamLength: 1000 },
    // Fastify's ajv defaults (scalar coercion, unknown properties removed); errors are
    // reported in pt-BR by http/errors.ts.
  });
  const secret = await loadSigningSecret(db);
  app.decorate('forja', { config, db, secret });
  app.decorateRequest('session', null);

  installErrorHandling(app);
  installJsonBodyParser(app);
  // Admin routes check the session before their body is read (auth/guard.ts requireSessionBeforeBody).
  app.addHook('onRoute', (route) => {
    const guards = [route.preHandler, route.preValidation].flat();
    if (!guards.some((g) => SESSION_GUARDS.has(g))) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), requireSessionBeforeBody];
  });
  // Text PostgreSQL cannot hold (NUL, lone surrogates: schemas/rules.ts) never reaches a query:
  // in an address, a query string or a body it is a 400 with a pt-BR message. A push is checked
  // row by row instead (sync/validate.ts), so one bad document never fails the rest of its batch.
  app.addHook('preValidation', async (request) => {
    const isPush = request.routeOptions.url === PUSH_ROUTE;
    // A photo's bytes (photos/routes.ts) are not text.
    const isText = !isPush && !(request.body instanceof Uint8Array);
    const bad =
      findUnacceptableText(request.params) ?? findUnacceptableText(request.query) ?? (isText ? findUnacceptableText(request.body) : null);
    if (bad) throw new AppError('invalid_request', INVALID_TEXT_MESSAGE);
  });
  await app.register(helmet, HELMET_OPTIONS);
  installTransportHeaders(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Says how long to wait (the plugin also sends Retry-After).
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const when = seconds < 60 ? `${seconds} segundos` : seconds < 120 ? '1 minuto' : `${Math.ceil(seconds / 60)} minutos`;
      return new AppError('rate_limited', `Muitas tentativas. Tente novamente em ${when}.`);
    },
  });

  app.get('/api/health', async (): Promise<HealthResponse> => {
    await db.query('SELECT 1');
    return { ok: true, database: db.kind };
  });

  await app.register(authRoutes);
  await app.register(teamRoutes);
  await app.register(certificateRoutes, { caCertFile: config.lanCaCertFile });
  // The public answers are kept in memory (public/view-cache.ts) for the API and the drawn page alike.
  const answers = new PublicAnswers(db);
  app.addHook('onReady', () => answers.start());
  app.addHook('onClose', () => answers.close());
  // One budget per client address for every public quotation route, the drawn page included.
  const publicBudget = new PublicBudget(config.publicRateLimitPerMinute);
  await app.register(publicRoutes, { answers, budget: publicBudget });
  // The NFS-e queue (issue 38): the server alone talks to the national API; a push to `nfse` wakes it.
  const nfseWorker = new NfseWorker({ ...nfse, db, baseUrl: config.nfseUrl, log: (msg, err) => app.log.error({ err }, msg) });
  app.addHook('onReady', async () => nfseWorker.start());
  app.addHook('onClose', () => nfseWorker.stop());
  await app.register(syncRoutes, { db, requireSession, afterPush: (collection) => collection === 'nfse' && nfseWorker.kick() });
  await app.register(nfseRoutes);
  // Backups (issue 41): made by this process, which holds the database; the owner sees them.
  const backups = new BackupService({ config, db, now: backup?.now, io: backup?.io });
  app.decorate('backups', backups);
  app.addHook('onReady', async () => backups.markStarted());
  if (backup?.schedule && config.backup.at) {
    const at = config.backup.at;
    let stopSchedule: (() => void) | null = null;
    app.addHook('onReady', async () => {
      stopSchedule = startBackupSchedule({ at, now: backup.now, run: () => backups.run() });
    });
    app.addHook('onClose', async () => stopSchedule?.());
  }
  await app.register(backupRoutes);
  // Photos of an OS: the upload reads raw image bytes (its own body parser and limit).
  await app.register(photoRoutes);
  await registerStatic(app, {
    webDir: config.webDir,
    ssrDir: config.ssrDir,
    answers,
    budget: publicBudget,
  });
  return app;
}
