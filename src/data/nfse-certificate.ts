/**
 * The owner's A1 certificate on the server (/api/nfse/certificate, issue 38): it is sent to the
 * server and kept only there (the NFS-e is signed and sent by the server), so these calls need a
 * connection — offline they answer a message saying so, like the team calls. What the server
 * says of the certificate comes back to every device in company.fiscal_certificate; the answer
 * here lets the screen show it at once.
 */
import type { FiscalCertificateInfo } from '@shared';
import { call, jsonBody, type Result } from './api-call';

/** The server's limit for a .pfx (sync-server/src/nfse/certificate-store.ts, PFX_MAX_BYTES). */
export const PFX_MAX_BYTES = 64 * 1024;

/** Bytes → base64, in chunks (String.fromCharCode over a whole file can overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function uploadCertificate(pfx: Uint8Array, password: string): Promise<Result<{ certificate: FiscalCertificateInfo }>> {
  return call<{ certificate: FiscalCertificateInfo }>('/api/nfse/certificate', jsonBody('PUT', { pfx: toBase64(pfx), password }));
}

export function removeCertificate(): Promise<Result<void>> {
  return call<void>('/api/nfse/certificate', { method: 'DELETE' });
}
