/**
 * Issue 38: the job's NFS-e on the customer's page of the quotation — number, chave, the national
 * consulta link and the authorised XML (the DANFSe is drawn from it on the customer's device).
 * Only a note the national API authorised (still valid, or cancelled since): never one asked,
 * being sent or rejected, and nothing of the stored row beyond those fields — the XML is the
 * customer's own document (they are its tomador), the row's tomador snapshot is not sent.
 */
import { nfseConsultaUrl, type NfseStatus, type PublicNfse } from '@shared';
import type { Queryable } from '../db/types';

/** Statuses of a note that exists at the national API (a cancel asked or refused leaves it valid). */
const AUTHORISED: readonly NfseStatus[] = ['authorized', 'cancel_requested', 'cancelling', 'cancel_rejected', 'cancelled'];

const asIso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/**
 * The note of the quotation's job (its key is the quotation's id, whichever screen asked it): the
 * newest valid one, else the newest cancelled one (a job gets a new note only after a cancel).
 */
export async function publicNfse(q: Queryable, quotationId: string): Promise<PublicNfse | null> {
  const { rows } = await q.query<{ number: string; chave: string; authorized_at: unknown; status: NfseStatus; nfse_xml: string }>(
    `SELECT number, chave, authorized_at, status, nfse_xml FROM nfse
      WHERE (job_key = $1 OR quotation_id = $1) AND NOT _deleted AND status = ANY($2::text[])
        AND number IS NOT NULL AND chave IS NOT NULL AND authorized_at IS NOT NULL AND nfse_xml IS NOT NULL
      ORDER BY (status = 'cancelled'), created_at DESC, id DESC
      LIMIT 1`,
    [quotationId, AUTHORISED],
  );
  const n = rows[0];
  if (!n) return null;
  return {
    number: n.number,
    chave: n.chave,
    authorized_at: asIso(n.authorized_at),
    status: n.status === 'cancelled' ? 'cancelled' : 'authorized',
    consulta_url: nfseConsultaUrl(n.chave),
    xml: n.nfse_xml,
  };
}
