/**
 * NFS-e on the device (issue 38): notes are read live from the local database (offline too) and
 * asked, sent again, cancelled or discarded by writing the `nfse` document — the server emits
 * (sync-server/src/nfse/worker.ts) and its outcome arrives by replication.
 */
import { map } from 'rxjs';
import { NFSE_NOT_YET, type CustomerDoc, type NfseCancelReasonCode, type NfseDoc } from '@shared';
import { cancelReasonError, currentNote, nextNoteId, nfseDraftErrors, NFSE_REQUEST_MESSAGES, tomadorOfDraft, type NfseRequestDraft } from '../../domain/nfse/request';
import type { ForjaDatabase } from './create-database';
import { DataError } from './errors';
import { toPlain, useLiveQuery } from './live-query';
import { requireDatabase } from './session';
import { insertDocument, patchDocument, removeDocument } from './writes';
import { createCustomerCommands } from './customers';
import { usePendingIds } from './sync-status';
import { fiscalChanges } from '../../domain/customer-fiscal';

const newestFirst = (a: NfseDoc, b: NfseDoc) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** The notes of one job (newest first) and the one that counts now, live. */
export function useJobNotes(jobKey: string | null): { notes: NfseDoc[]; current: NfseDoc | null; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) => db.nfse.find({ selector: { job_key: jobKey ?? '' } }).$.pipe(map((docs) => toPlain<NfseDoc>(docs).sort(newestFirst))),
    [jobKey],
  );
  const notes = jobKey ? (data ?? []) : [];
  return { notes, current: currentNote(notes), loading };
}

/** Every note this device holds, newest first, live (Relatórios › Notas fiscais). */
export function useAllNotes(enabled = true): { notes: NfseDoc[]; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) => db.nfse.find().$.pipe(map((docs) => toPlain<NfseDoc>(docs).sort(newestFirst))),
    [],
  );
  return { notes: enabled ? (data ?? []) : [], loading };
}

/** Notes asked (or cancels asked) on this device that have not reached the server yet: the sync centre lists them. */
export function usePendingNotes(): NfseDoc[] {
  const { notes } = useAllNotes();
  const pending = usePendingIds('nfse');
  return notes.filter((n) => pending.has(n.id));
}

export interface NfseJob {
  jobKey: string;
  jobCode: string;
  quotationId: string | null;
  workOrderId: string | null;
  customerId: string | null;
}

function checkDraft(draft: NfseRequestDraft): void {
  const errors = nfseDraftErrors(draft);
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field) throw new DataError('invalid', message!, field);
}

export function createNfseCommands(getDb: () => Promise<ForjaDatabase>) {
  const customers = createCustomerCommands(getDb);

  async function notesOf(fdb: ForjaDatabase, jobKey: string): Promise<NfseDoc[]> {
    return toPlain<NfseDoc>(await fdb.db.nfse.find({ selector: { job_key: jobKey } }).exec());
  }

  /** The tomador's CPF/CNPJ and address go to the customer too, so the next note has them. */
  async function saveToCustomer(fdb: ForjaDatabase, customerId: string | null, draft: NfseRequestDraft): Promise<void> {
    if (!customerId || !draft.identified) return;
    const customer = (await fdb.db.customers.findOne(customerId).exec())?.toMutableJSON() as CustomerDoc | undefined;
    if (!customer) return;
    const patch = fiscalChanges(draft.fiscal, customer);
    if (Object.keys(patch).length > 0) await customers.update(customerId, patch);
  }

  return {
    /**
     * Asks for the job's note (`Aguardando envio` until it reaches the server). Refused when the
     * job already has a note that is not cancelled.
     */
    async request(job: NfseJob, draft: NfseRequestDraft): Promise<NfseDoc> {
      checkDraft(draft);
      const fdb = await getDb();
      const notes = await notesOf(fdb, job.jobKey);
      if (currentNote(notes)) throw new DataError('nfse_duplicate', NFSE_REQUEST_MESSAGES.alreadyHasNote);
      await saveToCustomer(fdb, job.customerId, draft);
      const now = new Date().toISOString();
      return insertDocument(fdb, 'nfse', {
        id: nextNoteId(job.jobKey, notes),
        job_key: job.jobKey,
        quotation_id: job.quotationId,
        work_order_id: job.workOrderId,
        customer_id: job.customerId,
        job_code: job.jobCode,
        tomador: tomadorOfDraft(draft),
        service_code: draft.service_code,
        description: draft.description.trim(),
        amount: Math.round(draft.amount! * 100) / 100,
        status: 'requested',
        attempt: 1,
        requested_at: now,
        requested_by: fdb.userId,
        ...NFSE_NOT_YET,
        created_by: fdb.userId,
        updated_by: fdb.userId,
      });
    },

    /** A rejected note, corrected, goes back to the queue (it keeps its DPS number). */
    async resend(note: NfseDoc, draft: NfseRequestDraft): Promise<NfseDoc> {
      checkDraft(draft);
      if (note.status !== 'rejected') throw new DataError('nfse_transition', 'Só uma nota rejeitada pode ser enviada de novo.');
      const fdb = await getDb();
      await saveToCustomer(fdb, note.customer_id ?? null, draft);
      const saved = await patchDocument(fdb, 'nfse', note.id, {
        tomador: tomadorOfDraft(draft),
        service_code: draft.service_code,
        description: draft.description.trim(),
        amount: Math.round(draft.amount! * 100) / 100,
        status: 'requested',
        attempt: Math.min(note.attempt + 1, 1000),
        requested_at: new Date().toISOString(),
        requested_by: fdb.userId,
        rejection_code: null,
        rejection_message: null,
        rejection_detail: null,
      });
      if (!saved) throw new DataError('not_found', 'Nota fiscal não encontrada.');
      return saved;
    },

    /** The owner asks to cancel an authorised note (or asks again after a refusal). */
    async cancel(note: NfseDoc, code: NfseCancelReasonCode, reason: string): Promise<void> {
      const error = cancelReasonError(reason);
      if (error) throw new DataError('invalid', error, 'cancel_reason');
      if (note.status !== 'authorized' && note.status !== 'cancel_rejected') {
        throw new DataError('nfse_transition', 'Só uma nota autorizada pode ser cancelada.');
      }
      const fdb = await getDb();
      await patchDocument(fdb, 'nfse', note.id, {
        status: 'cancel_requested',
        cancel_reason_code: Number(code) as 1 | 2 | 9,
        cancel_reason: reason.trim(),
        cancel_requested_by: fdb.userId,
        rejection_code: null,
        rejection_message: null,
        rejection_detail: null,
      });
    },

    /** Drops a rejected note nobody will send again (its number goes back to the série). */
    async discard(note: NfseDoc): Promise<void> {
      if (note.status !== 'rejected') throw new DataError('nfse_transition', 'Só uma nota rejeitada pode ser descartada.');
      const fdb = await getDb();
      await removeDocument(fdb, 'nfse', note.id);
    },
  };
}

export const nfseCommands = createNfseCommands(requireDatabase);
