/**
 * The shop's A1 certificate, kept by the server alone (issue 38): the .pfx and its password live in
 * a server-only table (nfse_certificate) — never replicated, never in an API answer or a log — so
 * they sit in the private data directory and travel with backup and restore like the token
 * secret. Devices see only what `fiscal_certificate` on the company document says of it.
 */
import type { FiscalCertificateInfo } from '@shared';
import type { Database, Queryable } from '../db/types';
import { AppError } from '../http/errors';
import { COMPANY_DOC_ID } from '@shared';
import { updateAsServerIn } from '../sync/server-writes';
import { loadA1, type A1Certificate } from './certificate';
import { NfseError } from './errors';

/** A .pfx of an A1 is a few KB; more than this is not one. */
export const PFX_MAX_BYTES = 64 * 1024;

/** loadA1's refusals → the API's codes (same names, pt-BR in schemas/errors.ts). */
function appErrorOf(err: unknown): unknown {
  if (!(err instanceof NfseError)) return err;
  switch (err.code) {
    case 'certificate_unreadable':
    case 'certificate_wrong_password':
    case 'certificate_expired':
    case 'certificate_not_yet_valid':
    case 'certificate_not_icp':
    case 'certificate_no_key':
      return new AppError(err.code);
    default:
      return new AppError('certificate_unreadable');
  }
}

export function describeCertificate(cert: A1Certificate, uploadedAt: Date): FiscalCertificateInfo {
  return {
    holder: cert.holder,
    cnpj: cert.cnpj,
    issuer: cert.issuer,
    valid_from: cert.validFrom.toISOString(),
    valid_until: cert.validUntil.toISOString(),
    uploaded_at: uploadedAt.toISOString(),
  };
}

/**
 * Checks and keeps a new certificate, replacing the old one, and tells the devices what it is.
 * Nothing is stored when the file cannot be used (wrong password, expired, not an e-CNPJ).
 */
export async function saveCertificate(db: Database, pfx: Buffer, password: string, userId: string, now: Date): Promise<FiscalCertificateInfo> {
  if (pfx.length === 0 || pfx.length > PFX_MAX_BYTES) throw new AppError('certificate_unreadable');
  let cert: A1Certificate;
  try {
    cert = loadA1(pfx, password, now);
  } catch (err) {
    throw appErrorOf(err);
  }
  const info = describeCertificate(cert, now);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO nfse_certificate (id, pfx, password, uploaded_at, uploaded_by) VALUES (1, $1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET pfx = EXCLUDED.pfx, password = EXCLUDED.password,
         uploaded_at = EXCLUDED.uploaded_at, uploaded_by = EXCLUDED.uploaded_by`,
      [pfx, password, now.toISOString(), userId],
    );
    await updateAsServerIn(tx, 'company', COMPANY_DOC_ID, { fiscal_certificate: info });
  });
  cached = null;
  return info;
}

export async function removeCertificate(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM nfse_certificate WHERE id = 1');
    await updateAsServerIn(tx, 'company', COMPANY_DOC_ID, { fiscal_certificate: null });
  });
  cached = null;
}

let cached: { uploadedAt: string; cert: A1Certificate } | null = null;

/**
 * The kept certificate, ready to sign and to open the mutual TLS; null when there is none.
 * Throws NfseError when it can no longer be used (expired since it was sent).
 */
export async function readCertificate(q: Queryable, now: Date): Promise<A1Certificate | null> {
  const { rows } = await q.query<{ pfx: Buffer | Uint8Array; password: string; uploaded_at: Date | string }>(
    'SELECT pfx, password, uploaded_at FROM nfse_certificate WHERE id = 1',
  );
  const row = rows[0];
  if (!row) return null;
  const uploadedAt = new Date(row.uploaded_at).toISOString();
  if (cached?.uploadedAt !== uploadedAt) cached = { uploadedAt, cert: loadA1(Buffer.from(row.pfx), row.password, now) };
  if (cached.cert.validUntil.getTime() < now.getTime()) throw new NfseError('certificate_expired');
  return cached.cert;
}
