/**
 * NFS-e padrão nacional (issue 38): the shared contract of the service invoice.
 *
 * A device asks for a note by writing a document to the `nfse` collection (offline too); only
 * the server talks to the national API (Sefin Nacional). It emits the note and writes the result
 * into the same document, which replication brings back to every device. Fields are split by
 * owner: the request (tomador, service, value, cancel reason) is the device's, the outcome
 * (number, chave, XML, rejection) the server's — the server keeps its own whatever a device pushes
 * (sync-server/src/sync/nfse-rules.ts, `nfseChange`).
 *
 * One note per job: the first request of a job has the id `nfse-{job}` (nfseIdFor), so two
 * devices asking offline write the same document, which merges into one; a new note for the same
 * job after a cancel is `nfse-{job}-2`, … The server's unique index (job_key among live, not
 * cancelled notes) backs it.
 */

const ID = { type: 'string', maxLength: 64 } as const;
const INSTANT = { type: 'string', maxLength: 40 } as const;
const NULLABLE_TEXT = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const NULLABLE_INSTANT = NULLABLE_TEXT(40);

/**
 * - requested: asked on a device, not yet taken by the server (`Aguardando envio` while still on
 *   the device, `Na fila de emissão` once on the server);
 * - sending: the server built, numbered and stored the DPS and is sending it (or waiting to send
 *   it again: no answer yet from the national API);
 * - authorized: `NFS-e nº N autorizada`;
 * - rejected: refused (by the national API or by the server's own checks): fix and send again;
 * - cancel_requested / cancelling: the owner asked to cancel; the server is sending the event;
 * - cancelled: the cancel event was registered;
 * - cancel_rejected: the cancel was refused (the note stays authorized).
 */
export const NFSE_STATUSES = ['requested', 'sending', 'authorized', 'rejected', 'cancel_requested', 'cancelling', 'cancelled', 'cancel_rejected'] as const;
export type NfseStatus = (typeof NFSE_STATUSES)[number];

/** cMotivo of the cancel event e101101 (TSCodJustCanc). */
export const NFSE_CANCEL_REASONS = { 1: 'Erro na emissão', 2: 'Serviço não prestado', 9: 'Outros' } as const;
export type NfseCancelReasonCode = keyof typeof NFSE_CANCEL_REASONS;
export const NFSE_CANCEL_TEXT_MIN = 15;
export const NFSE_CANCEL_TEXT_MAX = 255;

/** The tomador as the note names it (a snapshot taken when the note is asked). */
const tomadorSchema = {
  type: ['object', 'null'],
  properties: {
    tax_id: { type: 'string', minLength: 11, maxLength: 14 },
    name: { type: 'string', minLength: 1, maxLength: 300 },
    cep: NULLABLE_TEXT(8),
    street: NULLABLE_TEXT(255),
    number: NULLABLE_TEXT(60),
    complement: NULLABLE_TEXT(156),
    district: NULLABLE_TEXT(60),
    city_code: NULLABLE_TEXT(7),
    phone: NULLABLE_TEXT(20),
    email: NULLABLE_TEXT(80),
  },
  required: ['tax_id', 'name'],
  additionalProperties: false,
} as const;

export const nfseSchema = {
  title: 'nfse',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    /** The job: the quotation's id, or the OS's id for a counter job (one key for both screens). */
    job_key: { type: 'string', minLength: 1, maxLength: 64 },
    quotation_id: NULLABLE_TEXT(64),
    work_order_id: NULLABLE_TEXT(64),
    customer_id: NULLABLE_TEXT(64),
    /** The job's code (orçamento or OS) as staff know it, for lists and the accountant's CSV. */
    job_code: { type: 'string', maxLength: 32 },
    /** Null: a note to a tomador not identified (allowed by the national rules). */
    tomador: tomadorSchema,
    /** cTribNac, 6 digits (Configurações › Fiscal lists the shop's). */
    service_code: { type: 'string', pattern: '^\\d{6}$', maxLength: 6 },
    description: { type: 'string', minLength: 1, maxLength: 2000 },
    amount: { type: 'number', minimum: 0.01, maximum: 9999999999.99 },
    status: { type: 'string', enum: NFSE_STATUSES, maxLength: 20 },
    /** Raised by a device each time it sends a corrected request again (after a rejection). */
    attempt: { type: 'integer', minimum: 1, maximum: 1000 },
    requested_at: INSTANT,
    requested_by: NULLABLE_TEXT(64),
    cancel_reason_code: { type: ['integer', 'null'], enum: [1, 2, 9, null] },
    cancel_reason: NULLABLE_TEXT(NFSE_CANCEL_TEXT_MAX),
    cancel_requested_by: NULLABLE_TEXT(64),
    // The server's side (devices never change these).
    environment: { type: ['integer', 'null'], enum: [1, 2, null] },
    serie: { type: ['integer', 'null'], minimum: 1, maximum: 99999 },
    dps_number: { type: ['integer', 'null'], minimum: 1 },
    dps_id: NULLABLE_TEXT(64),
    number: NULLABLE_TEXT(20),
    chave: NULLABLE_TEXT(64),
    authorized_at: NULLABLE_INSTANT,
    /** The authorised NFS-e as the national API returned it: the DANFSe is drawn from it offline. */
    nfse_xml: NULLABLE_TEXT(200000),
    rejection_code: NULLABLE_TEXT(20),
    /** What to fix, in pt-BR (schemas/nfse-rejections.ts), and the national text as it came. */
    rejection_message: NULLABLE_TEXT(2000),
    rejection_detail: NULLABLE_TEXT(2000),
    /** Why the server has not finished yet (no answer from the national API, next try at…). */
    waiting_reason: NULLABLE_TEXT(500),
    cancelled_at: NULLABLE_INSTANT,
    cancel_event_xml: NULLABLE_TEXT(100000),
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
    updated_by: NULLABLE_TEXT(64),
  },
  required: [
    'id', 'job_key', 'job_code', 'service_code', 'description', 'amount', 'status', 'attempt', 'requested_at',
    'created_at', 'updated_at', 'client_updated_at',
  ],
  indexes: ['created_at'],
  additionalProperties: false,
} as const;

/** Fields only the server writes (a device's values are replaced by the stored ones). */
export const NFSE_SERVER_FIELDS = [
  'environment', 'serie', 'dps_number', 'dps_id', 'number', 'chave', 'authorized_at', 'nfse_xml', 'rejection_code',
  'rejection_message', 'rejection_detail', 'waiting_reason', 'cancelled_at', 'cancel_event_xml',
] as const;

/** A note as a device asks it: nothing of the outcome or of a cancel yet. */
export const NFSE_NOT_YET = {
  cancel_reason_code: null,
  cancel_reason: null,
  cancel_requested_by: null,
  environment: null,
  serie: null,
  dps_number: null,
  dps_id: null,
  number: null,
  chave: null,
  authorized_at: null,
  nfse_xml: null,
  rejection_code: null,
  rejection_message: null,
  rejection_detail: null,
  waiting_reason: null,
  cancelled_at: null,
  cancel_event_xml: null,
} as const;

/** Fields of the request a device may change when it sends a rejected note again. */
export const NFSE_REQUEST_FIELDS = ['tomador', 'service_code', 'description', 'amount', 'customer_id', 'attempt', 'requested_at', 'requested_by'] as const;

/** The id of the n-th note of a job (1 = the first; a new one only after a cancel). */
export function nfseIdFor(jobKey: string, n = 1): string {
  return n <= 1 ? `nfse-${jobKey}` : `nfse-${jobKey}-${n}`;
}

/** Statuses in which the note exists or may still come to exist at the national API. */
export function isLiveNfseStatus(status: NfseStatus): boolean {
  return status !== 'cancelled';
}

/** The pt-BR line a list or a toast shows for a note. */
export function nfseStatusLabel(doc: { status: NfseStatus; number: string | null }): string {
  switch (doc.status) {
    case 'requested':
      return 'Na fila de emissão';
    case 'sending':
      return 'Emitindo…';
    case 'authorized':
      return `NFS-e nº ${doc.number ?? '?'} autorizada`;
    case 'rejected':
      return 'Rejeitada';
    case 'cancel_requested':
    case 'cancelling':
      return 'Cancelamento pedido';
    case 'cancelled':
      return `NFS-e nº ${doc.number ?? '?'} cancelada`;
    case 'cancel_rejected':
      return 'Cancelamento recusado';
  }
}

// ---- Configurações › Fiscal (stored in the company document, owner only) ----

export const FISCAL_REGIMES = ['mei', 'simples'] as const;
export type FiscalRegime = (typeof FISCAL_REGIMES)[number];
export const FISCAL_REGIME_LABELS: Record<FiscalRegime, string> = { mei: 'MEI', simples: 'Simples Nacional (ME/EPP)' };
/** regApTribSN: how an ME/EPP pays its taxes in the Simples (1: all by the DAS). */
export const SN_APURACAO_LABELS = {
  1: 'Tributos federais e municipal pelo Simples Nacional',
  2: 'Federais pelo Simples Nacional; ISSQN fora dele',
  3: 'Federais e municipal fora do Simples Nacional',
} as const;
export const NFSE_ENVIRONMENT_LABELS = { 2: 'Produção restrita (testes)', 1: 'Produção' } as const;
export const NFSE_SERIE_MIN = 1;
export const NFSE_SERIE_MAX = 49999;

/** The services a welding shop starts with (Lista de Serviços Nacional; confirm with the accountant). */
export const DEFAULT_FISCAL_SERVICES = [
  { code: '140101', description: 'Conserto e solda de peças, máquinas, portões e objetos do cliente' },
  { code: '140501', description: 'Tornearia e beneficiamento de peças do cliente' },
  { code: '141302', description: 'Serralheria' },
  { code: '140601', description: 'Montagem e instalação de máquinas e equipamentos com material do cliente' },
] as const;

export const fiscalSettingsSchema = {
  type: ['object', 'null'],
  properties: {
    cnpj: { type: 'string', minLength: 14, maxLength: 14 },
    legal_name: { type: 'string', minLength: 1, maxLength: 300 },
    municipal_registration: NULLABLE_TEXT(15),
    city_code: { type: 'string', pattern: '^\\d{7}$', maxLength: 7 },
    regime: { type: 'string', enum: FISCAL_REGIMES, maxLength: 10 },
    sn_apuracao: { type: ['integer', 'null'], enum: [1, 2, 3, null] },
    /** % aproximado de tributos (pTotTribSN), ME/EPP only: e.g. 6 for 6,00 %. */
    approx_tax_percent: { type: ['number', 'null'], minimum: 0, maximum: 99.99 },
    serie: { type: 'integer', minimum: NFSE_SERIE_MIN, maximum: NFSE_SERIE_MAX },
    /** The number the série starts from (the server never goes back below what it used). */
    first_number: { type: 'integer', minimum: 1, maximum: 999999999999999 },
    environment: { type: 'integer', enum: [1, 2] },
    services: {
      type: 'array',
      maxItems: 30,
      items: {
        type: 'object',
        properties: {
          code: { type: 'string', pattern: '^\\d{6}$', maxLength: 6 },
          description: { type: 'string', minLength: 1, maxLength: 2000 },
        },
        required: ['code', 'description'],
        additionalProperties: false,
      },
    },
    email: NULLABLE_TEXT(80),
    phone: NULLABLE_TEXT(20),
  },
  required: ['cnpj', 'legal_name', 'city_code', 'regime', 'serie', 'first_number', 'environment', 'services'],
  additionalProperties: false,
} as const;

/** What the server tells of the A1 it keeps (never the file or its password). */
export const fiscalCertificateSchema = {
  type: ['object', 'null'],
  properties: {
    holder: { type: 'string', maxLength: 300 },
    cnpj: NULLABLE_TEXT(14),
    issuer: { type: 'string', maxLength: 300 },
    valid_from: INSTANT,
    valid_until: INSTANT,
    uploaded_at: INSTANT,
  },
  required: ['holder', 'issuer', 'valid_from', 'valid_until', 'uploaded_at'],
  additionalProperties: false,
} as const;

export interface FiscalSettings {
  cnpj: string;
  legal_name: string;
  municipal_registration: string | null;
  city_code: string;
  regime: FiscalRegime;
  sn_apuracao: 1 | 2 | 3 | null;
  approx_tax_percent: number | null;
  serie: number;
  first_number: number;
  environment: 1 | 2;
  services: { code: string; description: string }[];
  email: string | null;
  phone: string | null;
}

export interface FiscalCertificateInfo {
  holder: string;
  cnpj: string | null;
  issuer: string;
  valid_from: string;
  valid_until: string;
  uploaded_at: string;
}

/** Days before expiry from which the owner is warned. */
export const CERTIFICATE_WARNING_DAYS = 30;

export type CertificateWarning = 'expired' | 'expires_soon' | 'other_cnpj';

/** Warnings about the kept certificate, for Configurações and the dashboard (the clock is a parameter). */
export function certificateWarnings(cert: FiscalCertificateInfo | null, companyCnpj: string | null, now: Date): CertificateWarning[] {
  if (!cert) return [];
  const out: CertificateWarning[] = [];
  const until = Date.parse(cert.valid_until);
  if (until <= now.getTime()) out.push('expired');
  else if (until - now.getTime() <= CERTIFICATE_WARNING_DAYS * 86_400_000) out.push('expires_soon');
  // The root (first 8 characters) names the company; a branch's certificate signs for it.
  if (companyCnpj && cert.cnpj && cert.cnpj.slice(0, 8) !== companyCnpj.slice(0, 8)) out.push('other_cnpj');
  return out;
}

/** The national consulta pública of a note, by its chave (the DANFSe's QR code points here). */
export function nfseConsultaUrl(chave: string): string {
  return `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${encodeURIComponent(chave)}`;
}
