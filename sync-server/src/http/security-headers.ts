/**
 * The security headers (helmet's set, with the CSP the built PWA works under) in one place:
 * @fastify/helmet sends them on every answer that goes through Fastify's hooks (app.ts), and
 * `applySecurityHeaders` puts the same set on the answers that do not — a URL Fastify cannot
 * even route (FST_ERR_BAD_URL) and the plain-http redirect port's pages (tls/redirect.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** CSP the built PWA works under: own scripts only, emotion's inline styles, Maps embeds. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ['https://www.google.com', 'https://maps.google.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // The shop may serve over plain http on its LAN: do not force https sub-resources.
  upgradeInsecureRequests: null,
};

export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // Google Maps iframes and cross-origin images must keep working.
  crossOriginEmbedderPolicy: false,
  // Sent per request by installTransportHeaders (http/secure.ts), only on https (a LAN http server must stay reachable).
  strictTransportSecurity: false,
  // Not helmet's no-referrer: with it a browser sends `Origin: null` on our own forms' POSTs, and
  // the decision forms accept only our own origin (http/same-origin.ts). Other sites still get
  // nothing — a quotation link's secret (?k=) never leaves for them.
  referrerPolicy: { policy: 'same-origin' },
} satisfies HelmetOptions;

const helmetMiddleware = helmet(HELMET_OPTIONS);

/** Sets the security headers on a raw answer not yet sent (helmet's middleware runs synchronously). */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  helmetMiddleware(req, res, (err?: unknown) => {
    if (err) throw err;
  });
}
