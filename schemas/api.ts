/**
 * HTTP contract between the PWA and the sync-server (JSON fields snake_case).
 */
import type { CollectionName, MaterialLine, QuotationStatus } from './collections';
import type { ErrorCode } from './errors';
import { LINK_SECRET_PARAM, PHONE_DIGITS_PARAM } from './rules';
import type { Role } from './rules';
import type { WorkOrderStage } from './work-orders';

export interface LoginRequest {
  email: string;
  password: string;
  device_id: string;
  device_name?: string;
}

/**
 * POST /api/auth/password. Outside the first access the current password is required (a stolen
 * access token alone must not change it); a wrong one counts against the account's sign-in throttle.
 */
export interface ChangePasswordRequest {
  new_password: string;
  /** Required unless the account is still in its first access. */
  current_password?: string;
}

export interface AuthUser {
  id: string;
  email: string;
  first_access: boolean;
  role: Role;
}

export interface LoginResponse {
  access_token: string;
  /** Seconds until the access token expires. */
  expires_in: number;
  user: AuthUser;
}

export type RefreshResponse = LoginResponse;

export interface SessionInfo {
  id: string;
  device_name: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/** GET /api/team (owner only): every account, with what only the server knows. */
export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  first_access: boolean;
  created_at: string;
  /** The most recent use of any of the member's devices, or null when never signed in. */
  last_activity_at: string | null;
  sessions: Omit<SessionInfo, 'current'>[];
}

export interface AddMemberRequest {
  name: string;
  email: string;
  role: Role;
}

/** The temporary password is in this answer only: it is shown once and never stored in clear. */
export interface TemporaryPasswordResponse {
  member: TeamMember;
  temporary_password: string;
}

export interface UpdateMemberRequest {
  name?: string;
  role?: Role;
  active?: boolean;
}

export interface HealthResponse {
  ok: true;
  database: 'pglite' | 'postgres';
}

/** What a customer may see of a quotation: GET /api/public/quotations/:code */
export interface PublicQuotation {
  code: string;
  created_at: string;
  description: string;
  status: QuotationStatus;
  /**
   * 'Vencido': still pending and past its validity date on the server's clock (shop calendar,
   * schemas/rules.ts isValidityPast) — it can no longer be accepted. Derived when answered.
   */
  expired: boolean;
  total_amount: number;
  discounts: number;
  taxes: number;
  payment_method: string;
  validity_date: string;
  execution_deadline: string;
  materials: MaterialLine[];
  viewed_at: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  customer: { name: string } | null;
  /**
   * Issue 31 §6: the job the accepted quotation became, as its customer may follow it. Absent
   * when the quotation has no live OS. Never notes, staff names, materials' costs or internal ids.
   */
  work_order?: PublicWorkOrder;
  /**
   * Issue 38: the job's NFS-e once authorised (or cancelled) — the customer is its tomador and
   * already owns what it says. Absent while there is none, or while it is only asked, being sent
   * or rejected.
   */
  nfse?: PublicNfse;
}

/**
 * The note as the customer's page shows it: number, chave, the national consulta link and the
 * authorised XML the DANFSe is drawn from (on the customer's device). Nothing else of the stored
 * note (tomador snapshot, rejections, who asked) leaves the server.
 */
export interface PublicNfse {
  number: string;
  chave: string;
  authorized_at: string;
  /** 'authorized' too while a cancel is asked or was refused: the note is still valid. */
  status: 'authorized' | 'cancelled';
  consulta_url: string;
  xml: string;
}

/** A stage the job reached and when (the move's instant; the OS's opening for the first). */
export interface PublicWorkOrderStep {
  stage: WorkOrderStage;
  at: string;
}

/** A photo staff marked Mostrar ao cliente: served at /api/public/photos/{token} (unguessable). */
export interface PublicWorkOrderPhoto {
  url: string;
  width: number;
  height: number;
}

export interface PublicWorkOrder {
  /** The current stage: the latest move in the server's order. */
  stage: WorkOrderStage;
  /** The stages passed, oldest first (the opening, then every move in the server's order). */
  steps: PublicWorkOrderStep[];
  /** Previsão de entrega ('YYYY-MM-DD') or null. */
  forecast_date: string | null;
  /** Last day of the Garantia ('YYYY-MM-DD'), once delivered. */
  warranty_until: string | null;
  photos: PublicWorkOrderPhoto[];
}

export interface PublicCompany {
  name: string;
  tagline: string | null;
  address: string;
  city: string;
  phones: string[];
  whatsapp_numbers: string[];
  email: string | null;
  facebook_url: string | null;
  instagram_url: string | null;
  opening_hours: string;
  map_url: string | null;
  pix_key: string | null;
}

/**
 * The data a server-rendered /quotation/:code page was drawn with, embedded in its HTML as
 * `<script type="application/json" id={PAGE_DATA_ELEMENT_ID}>` (not executable: the CSP allows
 * no inline scripts) so the page hydrates with the same data instead of fetching it first.
 * Written by the server (sync-server/src/ssr), read once by the page (src/features/public-quotation).
 */
export interface QuotationPageData {
  /** Null when the page asks for the customer's phone digits first (`locked`). */
  quotation: PublicQuotation | null;
  company: PublicCompany;
  /** Issue 30: why the quotation is not shown — the link had no secret, or the digits were wrong. */
  locked?: QuotationLock;
}

/** The answers short of access to a quotation (the same whether it exists or not). */
export type QuotationLock = 'quotation_phone_required' | 'quotation_phone_mismatch';
export const QUOTATION_LOCKS: readonly QuotationLock[] = ['quotation_phone_required', 'quotation_phone_mismatch'];

/** What opens a quotation without signing in: its link's secret, or the last 4 digits of the customer's phone. */
export interface QuotationAccessParams {
  key?: string | null;
  phoneDigits?: string | null;
}

/**
 * The query string that carries `access` ('' when none): `?k={secret}` or `?tel={4 digits}` —
 * the same on the page's address, its API calls and the server's preload of them.
 */
export function quotationAccessQuery(access: QuotationAccessParams | null | undefined): string {
  if (access?.key) return `?${LINK_SECRET_PARAM}=${encodeURIComponent(access.key)}`;
  if (access?.phoneDigits) return `?${PHONE_DIGITS_PARAM}=${encodeURIComponent(access.phoneDigits)}`;
  return '';
}

export const PAGE_DATA_ELEMENT_ID = 'forja-page-data';

/**
 * The data the server-rendered landing page (/) was drawn with, in the same JSON block
 * (PAGE_DATA_ELEMENT_ID): the company profile and the gallery list as read from
 * /gallery/gallery.json (null when it cannot be read; the page normalizes it, falling back to its
 * built-in pictures, exactly as when it fetches the list itself).
 */
export interface LandingPageData {
  page: 'landing';
  company: PublicCompany;
  gallery: unknown;
}

/** Replication checkpoint: the server-assigned sequence of the last document returned. */
export interface SyncCheckpoint {
  seq: number;
}

export interface PullResponse<T = Record<string, unknown>> {
  documents: (T & { _deleted: boolean })[];
  checkpoint: SyncCheckpoint | null;
  /** First page only (no checkpoint asked): how many documents the collection holds, for a first download's progress. */
  total?: number;
}

export interface PushRow<T = Record<string, unknown>> {
  assumedMasterState: (T & { _deleted: boolean }) | null;
  newDocumentState: T & { _deleted: boolean };
}

/**
 * Push answers with the array of current master documents for the rows that conflict
 * (RxDB's contract). A refused row is answered like a conflict — with the current server
 * document, or a tombstone (its id and short plain fields, never the refused content) when the
 * server has none — so the queue moves on; the reasons travel in this response header as JSON
 * `PushRejection[]`. The header is bounded (about 12 kB): when a batch's reasons do not all fit,
 * it carries the first ones and PUSH_REJECTIONS_MORE_HEADER says where the rest are.
 */
export const PUSH_REJECTIONS_HEADER = 'x-forja-rejections';

/**
 * Present only when the rejections header could not hold every refusal of the push: JSON
 * `PushRejectionsMore`. Every refusal of the push is in the server's refusal store, read back
 * with GET API_PATHS.syncRejections(collection)?from=…&through=… (the device's own session only).
 */
export const PUSH_REJECTIONS_MORE_HEADER = 'x-forja-rejections-more';

export interface PushRejectionsMore {
  /** Refusals of the push in all. */
  total: number;
  /** How many the rejections header left out (it holds the first `total - omitted`). */
  omitted: number;
  /** The push's records in the refusal store: ids from..through (pass both back unchanged). */
  from: number;
  through: number;
}

export interface PushRejection {
  id: string;
  error: ErrorCode;
  /** Left out only when a large batch's reasons would not fit the header: use ERROR_MESSAGES[error]. */
  message?: string;
  /** Field names that failed validation, when known. */
  fields?: string[];
}

/** One event of GET /api/sync/stream (text/event-stream, `data:` is this JSON). */
export interface SyncStreamEvent {
  collection: CollectionName;
  /** Highest sequence written; clients pull from their checkpoint. */
  seq: number;
  /**
   * When present: the sequence this server announced before for the collection, and every
   * document written in (prev, seq]. A client whose checkpoint is exactly `prev` stores them
   * and moves its checkpoint to `seq` without pulling; any other client pulls.
   */
  prev?: number;
  documents?: Record<string, unknown>[];
}

export const API_PATHS = {
  health: '/api/health',
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  sessions: '/api/auth/sessions',
  password: '/api/auth/password',
  syncPull: (c: CollectionName) => `/api/sync/${c}/pull`,
  syncPush: (c: CollectionName) => `/api/sync/${c}/push`,
  /** The refusals of one push that its header could not hold (PUSH_REJECTIONS_MORE_HEADER). */
  syncRejections: (c: CollectionName) => `/api/sync/${c}/rejections`,
  syncStream: '/api/sync/stream',
  publicQuotation: (code: string) => `/api/public/quotations/${encodeURIComponent(code)}`,
  publicCompany: '/api/public/company',
} as const;

/** One entry of GET /api/sync/conflicts: a field a merge decided, with the losing value. */
export interface ConflictEntry {
  id: number;
  collection: string;
  doc_id: string;
  field: string;
  winning_value: unknown;
  losing_value: unknown;
  winner_user_id: string | null;
  winner_session_id: string | null;
  loser_user_id: string | null;
  loser_session_id: string | null;
  at: string;
}
