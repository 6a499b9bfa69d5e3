/**
 * Whether a posted form came from one of our own pages (issue 30: a page on any other site could
 * post the quotation's decision form and have the visitor "decide"). The browser says where the
 * form was: `Origin` (every current browser sends it on a POST; our pages' Referrer-Policy
 * `same-origin` keeps it real for our own forms), else `Referer`. It must be the origin the
 * browser used to reach us — behind a reverse proxy named in FORJA_TRUST_PROXY, the one in
 * X-Forwarded-Proto/-Host (Fastify's request.protocol and request.host believe those only from
 * trusted proxies). Neither header: refused.
 */
import type { FastifyRequest } from 'fastify';

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Our own origin as the browser used it (behind a trusted proxy: the forwarded one). */
function ourOrigin(request: FastifyRequest): string | null {
  return originOf(`${request.protocol}://${request.host}`);
}

export function isSameOriginPost(request: FastifyRequest): boolean {
  const ours = ourOrigin(request);
  if (!ours) return false;
  const origin = first(request.headers.origin);
  if (origin !== undefined) return originOf(origin) === ours;
  const referer = first(request.headers.referer);
  return referer !== undefined && originOf(referer) === ours;
}

/**
 * For the JSON decision routes: a browser names the page that sent a cross-site request in
 * `Origin` (a page of another site cannot send JSON there without it: no CORS here), so one that
 * names another origin is refused. Without Origin (curl, tests, server-to-server) it is let
 * through: no browser is deciding on someone's behalf.
 */
export function hasForeignOrigin(request: FastifyRequest): boolean {
  const origin = first(request.headers.origin);
  return origin !== undefined && originOf(origin) !== ourOrigin(request);
}
