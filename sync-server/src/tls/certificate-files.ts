/**
 * What LAN mode serves so phones can trust it: the CA certificate (DER, the form both Android's
 * installer and iOS's profile download take) and the install page. Used by the app's routes and by
 * the plain-http redirect port alike, so a phone can fetch both before it trusts anything.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { installPageHtml } from './install-page';

export interface CertificateFiles {
  /** The CA in DER, or null when this server runs no LAN mode. */
  caDer: Buffer | null;
  installPage: string;
}

export function loadCertificateFiles(caCertFile: string | null): CertificateFiles {
  if (!caCertFile) return { caDer: null, installPage: installPageHtml({ caFingerprint: null }) };
  const ca = new X509Certificate(readFileSync(caCertFile));
  return { caDer: ca.raw, installPage: installPageHtml({ caFingerprint: ca.fingerprint256 }) };
}

export const CA_PATH = '/forja-ca.crt';
export const INSTALL_PAGE_PATH = '/instalar-certificado';

export const CA_HEADERS = {
  'Content-Type': 'application/x-x509-ca-cert',
  'Content-Disposition': 'attachment; filename="forja-ca.crt"',
  'Cache-Control': 'no-cache',
} as const;

export const INSTALL_PAGE_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' } as const;
