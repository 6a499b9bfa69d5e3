/**
 * What a device may do to an NFS-e through replication (issue 38). A device asks (a new document
 * in `requested`), sends a rejected note again with its request corrected, or — the owner only —
 * asks to cancel an authorised one. Everything the server learns from the national API (number,
 * chave, XML, rejection) is the server's: a pushed copy's values of those fields are replaced by
 * the stored ones, so a stale device can never undo an authorisation.
 */
import { NFSE_CANCEL_TEXT_MAX, NFSE_CANCEL_TEXT_MIN, NFSE_REQUEST_FIELDS, NFSE_SERVER_FIELDS, type NfseStatus } from '@shared';
import type { Doc } from '../collections/convert';
import type { Queryable } from '../db/types';
import { sameContent, type PlainDoc } from './merge';
import { Refusal } from './refusal';
import type { Writer } from './store';

const CLEARED_OUTCOME = { rejection_code: null, rejection_message: null, rejection_detail: null, waiting_reason: null };

function pick(doc: PlainDoc, fields: readonly string[]): PlainDoc {
  return Object.fromEntries(fields.map((f) => [f, doc[f] ?? null]));
}

/** The fields that make the request itself (what the note will say), not who asked or when. */
const CONTENT_FIELDS = NFSE_REQUEST_FIELDS.filter((f) => f !== 'attempt' && f !== 'requested_at' && f !== 'requested_by');

function requestChanged(pushed: PlainDoc, stored: PlainDoc): boolean {
  return !sameContent(pick(pushed, CONTENT_FIELDS), pick(stored, CONTENT_FIELDS));
}

function checkCancelReason(doc: PlainDoc): void {
  const text = typeof doc.cancel_reason === 'string' ? doc.cancel_reason.trim() : '';
  const codeOk = doc.cancel_reason_code === 1 || doc.cancel_reason_code === 2 || doc.cancel_reason_code === 9;
  if (!codeOk || text.length < NFSE_CANCEL_TEXT_MIN || text.length > NFSE_CANCEL_TEXT_MAX) {
    throw new Refusal('nfse_cancel_reason', ['cancel_reason']);
  }
}

/** A new note: asked, never decided — the server alone fills the outcome. */
export function nfseCreated(pushed: PlainDoc, writer: Writer): PlainDoc {
  if (pushed.status !== 'requested') throw new Refusal('nfse_transition', ['status']);
  const serverSet = NFSE_SERVER_FIELDS.filter((f) => pushed[f] !== null && pushed[f] !== undefined);
  if (serverSet.length > 0) throw new Refusal('nfse_server_fields', [...serverSet]);
  if (pushed.cancel_reason_code != null || pushed.cancel_reason != null) throw new Refusal('nfse_transition', ['cancel_reason']);
  return { ...pushed, requested_by: writer.userId, cancel_requested_by: null };
}

/**
 * A pushed change to a stored note → the document to store (the stored outcome kept), or a
 * Refusal when the change is not possible in the note's situation.
 */
export function nfseChange(pushed: PlainDoc, stored: Doc, writer: Writer): PlainDoc {
  const was = stored.status as NfseStatus;
  const wants = pushed.status as NfseStatus;
  const outcome = pick(stored, NFSE_SERVER_FIELDS);
  const keep: PlainDoc = { ...stored, client_updated_at: pushed.client_updated_at };

  if (pushed._deleted === true && stored._deleted !== true) {
    // Only a request nobody is sending can be discarded: a note that may exist at the national
    // API must stay where everyone sees it.
    if (was !== 'rejected' && was !== 'requested') throw new Refusal('nfse_transition', ['_deleted']);
    return { ...keep, _deleted: true };
  }
  if (stored._deleted === true) return pushed._deleted === true ? keep : (() => { throw new Refusal('nfse_transition', ['_deleted']); })();

  if (wants === 'requested' && was === 'rejected') {
    // Sent again, corrected: the request is the device's, the old refusal goes.
    return { ...stored, ...pick(pushed, NFSE_REQUEST_FIELDS), ...outcome, ...CLEARED_OUTCOME, status: 'requested', requested_by: writer.userId, client_updated_at: pushed.client_updated_at };
  }
  if (wants === 'cancel_requested' && (was === 'authorized' || was === 'cancel_rejected')) {
    if (writer.role !== 'owner') throw new Refusal('owner_only', ['status']);
    checkCancelReason(pushed);
    return {
      ...keep,
      ...outcome,
      ...CLEARED_OUTCOME,
      status: 'cancel_requested',
      cancel_reason_code: pushed.cancel_reason_code,
      cancel_reason: String(pushed.cancel_reason).trim(),
      cancel_requested_by: writer.userId,
    };
  }
  if (wants === 'requested' && was !== 'requested' && was !== 'cancelled') {
    // Another phone's request for the same job (one id per job: two phones asking offline write
    // the same document) arriving after the server took the first one: the job has its note, and
    // that phone adopts it — refusing would leave it a refused request for a note that exists.
    // (A device changes a request only from `rejected`, above; nothing else pushes `requested`.)
    return keep;
  }
  if (requestChanged(pushed, stored)) {
    // Still in the queue: the request may change until the server takes it.
    if (was === 'requested') return { ...keep, ...pick(pushed, NFSE_REQUEST_FIELDS), requested_by: stored.requested_by ?? writer.userId };
    throw new Refusal('nfse_transition', ['status']);
  }
  // Anything else (a stale copy's status, the outcome fields) is the server's: nothing changes.
  return keep;
}

/**
 * A discarded rejected note gives its DPS number back (nfse_free_numbers), so the série has no
 * hole where the national API took nothing.
 */
export async function releaseNfseNumber(tx: Queryable, stored: Doc): Promise<void> {
  if (stored.dps_number == null || stored.serie == null || typeof stored.dps_id !== 'string') return;
  // The inscrição federal inside the DPS Id names the série's owner: after DPS + cLocEmi (7),
  // its type (1 CPF, left-padded with 000; 2 CNPJ) and 14 characters.
  const id = stored.dps_id;
  const cnpj = id.charAt(10) === '1' ? id.slice(14, 25) : id.slice(11, 25);
  await tx.query(
    'INSERT INTO nfse_free_numbers (cnpj, serie, number) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [cnpj, stored.serie, stored.dps_number],
  );
}
