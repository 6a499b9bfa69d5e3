/**
 * Whether a request reached us over HTTPS: its own TLS socket, or X-Forwarded-Proto from a proxy
 * that FORJA_TRUST_PROXY trusts (Fastify's request.protocol believes the header only from those).
 * Cookies are marked Secure and HSTS is sent by this one rule.
 */
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** 180 days, the usual minimum for a site that stays on https. */
const HSTS = 'max-age=15552000';

export function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '::1';
}

/**
 * HSTS on every https answer for a domain name. Not for an IP address (browsers ignore it there)
 * nor for localhost: the same browser may later open the plain-http `npm start` on this machine,
 * which HSTS would break.
 */
export function installTransportHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const host = request.hostname.replace(/^\[|\]$/g, '');
    if (!isHttps(request)) {
      // On plain http away from this machine the browser ignores COOP and logs an error for it
      // on every page (the insecure-origin notice already tells the user what matters).
      if (!isLoopbackName(host)) reply.raw.removeHeader('Cross-Origin-Opener-Policy'); // helmet sets it on the raw response
      return;
    }
    if (isLoopbackName(host) || net.isIP(host) !== 0) return;
    reply.header('Strict-Transport-Security', HSTS);
  });
}
