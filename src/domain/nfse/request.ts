/**
 * Asking for an NFS-e (issue 38): which job may have one, what the note still lacks, which id a
 * new note of a job gets. Pure: the device's form, the commands and the tests share these.
 */
import { NFSE_CANCEL_TEXT_MAX, NFSE_CANCEL_TEXT_MIN, nfseIdFor, normalizeTaxId, type FiscalSettings, type NfseDoc, type NfseTomador, type WorkOrderStage } from '@shared';
import { fiscalDraftErrors, fiscalFromDraft, type FiscalDraft, type FiscalErrors } from '../customer-fiscal';

/** From this stage on an OS may have its note (the job is done). */
export const NFSE_STAGES: readonly WorkOrderStage[] = ['pronto_para_retirada', 'entregue'];

/** One key per job, whichever screen asks: the quotation's id when there is one, else the OS's. */
export function nfseJobKey(job: { quotationId: string | null; workOrderId: string | null }): string {
  const key = job.quotationId ?? job.workOrderId;
  if (!key) throw new Error('a job needs a quotation or a work order');
  return key;
}

/** The job's note that counts now: the newest one not cancelled (null: none, or all cancelled). */
export function currentNote<T extends Pick<NfseDoc, 'status' | 'created_at'>>(notes: readonly T[]): T | null {
  const live = notes.filter((n) => n.status !== 'cancelled');
  return live.sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
}

/** The id of the next note of a job: `nfse-{job}` first, `-2`, `-3`… after cancels. */
export function nextNoteId(jobKey: string, notes: readonly Pick<NfseDoc, 'id'>[]): string {
  const taken = new Set(notes.map((n) => n.id));
  for (let n = 1; ; n++) if (!taken.has(nfseIdFor(jobKey, n))) return nfseIdFor(jobKey, n);
}

export const NFSE_REQUEST_MESSAGES = {
  notConfigured: 'A nota fiscal ainda não foi configurada. O dono da oficina configura em Configurações › Fiscal.',
  noService: 'Escolha o serviço (código de tributação nacional).',
  descriptionRequired: 'Descreva o serviço prestado.',
  amountInvalid: 'Informe o valor do serviço (maior que zero).',
  nameRequired: 'Informe o nome do tomador.',
  taxIdRequired: 'Informe o CPF ou CNPJ do cliente.',
  addressRequired: 'Preencha o endereço completo do cliente (CEP, logradouro, número, bairro e município).',
  alreadyHasNote: 'Este serviço já tem uma NFS-e. Uma nova nota só depois de cancelar a atual.',
  cancelReasonLength: `O motivo precisa ter de ${NFSE_CANCEL_TEXT_MIN} a ${NFSE_CANCEL_TEXT_MAX} caracteres.`,
} as const;

export interface NfseRequestDraft {
  /** false: a consumidor not identified (no CPF/CNPJ on the note). */
  identified: boolean;
  /** The tomador's name (the customer's, editable: a company's razão social). */
  name: string;
  /** CPF/CNPJ and address, as the customer form edits them (saved to the customer too). */
  fiscal: FiscalDraft;
  service_code: string;
  description: string;
  /** Reais, at most 2 decimals. */
  amount: number | null;
}

export type NfseDraftErrors = FiscalErrors & Partial<Record<'name' | 'address' | 'service_code' | 'description' | 'amount', string>>;

/** What still keeps the note from being asked, field by field (empty: it can be asked). */
export function nfseDraftErrors(d: NfseRequestDraft): NfseDraftErrors {
  const e: NfseDraftErrors = {};
  if (!/^\d{6}$/.test(d.service_code)) e.service_code = NFSE_REQUEST_MESSAGES.noService;
  if (!d.description.trim()) e.description = NFSE_REQUEST_MESSAGES.descriptionRequired;
  if (d.amount === null || !(d.amount > 0) || Math.abs(d.amount * 100 - Math.round(d.amount * 100)) > 1e-6) e.amount = NFSE_REQUEST_MESSAGES.amountInvalid;
  if (!d.identified) return e;
  const f = d.fiscal;
  if (!d.name.trim()) e.name = NFSE_REQUEST_MESSAGES.nameRequired;
  Object.assign(e, fiscalDraftErrors(f));
  if (!e.tax_id && !normalizeTaxId(f.taxId)) e.tax_id = NFSE_REQUEST_MESSAGES.taxIdRequired;
  const whole = [f.cep, f.street, f.number, f.district].every((v) => v.trim()) && f.city.code !== null;
  if (!whole) e.address = NFSE_REQUEST_MESSAGES.addressRequired;
  return e;
}

/** The tomador as the note carries it (null: not identified). Call after nfseDraftErrors is empty. */
export function tomadorOfDraft(d: NfseRequestDraft): NfseTomador | null {
  if (!d.identified) return null;
  const f = fiscalFromDraft(d.fiscal);
  return {
    tax_id: f.tax_id ?? '',
    name: d.name.trim().slice(0, 300),
    cep: f.address_cep,
    street: f.address_street,
    number: f.address_number,
    complement: f.address_complement,
    district: f.address_district,
    city_code: f.address_city_code,
    phone: null,
    email: null,
  };
}

/** The service a new note starts with: the job's own description under the shop's first code. */
export function defaultService(fiscal: FiscalSettings | null): { code: string; description: string } | null {
  return fiscal?.services[0] ?? null;
}

export function cancelReasonError(text: string): string | null {
  const n = text.trim().length;
  return n < NFSE_CANCEL_TEXT_MIN || n > NFSE_CANCEL_TEXT_MAX ? NFSE_REQUEST_MESSAGES.cancelReasonLength : null;
}
