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

export function isSameOriginPost(request: FastifyRequest): boolean {
  const ours = originOf(`${request.protocol}://${request.host}`);
  if (!ours) return false;
  const origin = first(request.headers.origin);
  if (origin !== undefined) return originOf(origin) === ours;
  const referer = first(request.headers.referer);
  return referer !== undefined && originOf(referer) === ours;
}
