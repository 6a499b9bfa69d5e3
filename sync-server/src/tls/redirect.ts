/**
 * FORJA_HTTP_REDIRECT_PORT: plain http that sends every request to the https port, keeping the
 * host name the browser used and the path. The certificate and its install page are answered
 * here directly: a phone that does not trust the shop's CA yet can still fetch them.
 */
import http from 'node:http';
import { isLoopbackName } from '../http/secure';
import { applySecurityHeaders } from '../http/security-headers';
import { CA_HEADERS, CA_PATH, INSTALL_PAGE_HEADERS, INSTALL_PAGE_PATH, type CertificateFiles } from './certificate-files';

export interface RedirectOptions {
  host: string;
  port: number;
  httpsPort: number;
  files: CertificateFiles;
}

function hostnameOf(hostHeader: string | undefined): string {
  const raw = (hostHeader ?? '').trim();
  const name = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0];
  // Only a plain name or address goes into the Location header.
  return /^(\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9.-]+)$/.test(name) ? name : 'localhost';
}

export function redirectTarget(hostHeader: string | undefined, url: string | undefined, httpsPort: number): string {
  const path = url && url.startsWith('/') ? url : '/';
  const port = httpsPort === 443 ? '' : `:${httpsPort}`;
  return `https://${hostnameOf(hostHeader)}${port}${path}`;
}

export async function startRedirectServer({ host, port, httpsPort, files }: RedirectOptions): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    // The same security headers as every answer of the app (the install page is a page too).
    applySecurityHeaders(req, res);
    // Plain http away from this machine: the browser ignores COOP and logs an error for it (as http/secure.ts).
    if (!isLoopbackName(hostnameOf(req.headers.host).replace(/^\[|\]$/g, ''))) res.removeHeader('Cross-Origin-Opener-Policy');
    const pathOnly = (req.url ?? '/').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && pathOnly === CA_PATH && files.caDer) {
      res.writeHead(200, CA_HEADERS);
      return res.end(req.method === 'HEAD' ? undefined : files.caDer);
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && pathOnly === INSTALL_PAGE_PATH) {
      res.writeHead(200, INSTALL_PAGE_HEADERS);
      return res.end(req.method === 'HEAD' ? undefined : files.installPage);
    }
    // 308 keeps the method and body of a POST; GETs follow it the same way.
    res.writeHead(308, { Location: redirectTarget(req.headers.host, req.url, httpsPort), 'Content-Length': '0' });
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
