/**
 * The public quotation page's data: lookup by code (trimmed, case-insensitive), first view,
 * accept/reject. Only PublicQuotation fields ever leave this module — never ids, the
 * customer's phone/WhatsApp/description, or who created it.
 *
 * Reads convert rows with the sync module's converter and writes go through its server-write
 * path (lock, sequence, stamps, NOTIFY), so staff devices receive every change like any other.
 *
 * Decisions (issue 17): the customer decides once. A quotation past its validity date (the
 * shared 'Vencido' rule, schemas/rules.ts, on the server's clock) cannot be accepted, and once
 * decided a second decision from the link is refused; staff reopen it by editing it (the app puts
 * it back to pending and keeps the earlier decision in decision_history). Refused attempts are
 * logged like decisions, with the refusal's code.
 *
 * Access (issue 30, public/access.ts): every read and decision first needs the link's secret or
 * the last 4 digits of the customer's phone; short of that, a quotation that exists answers
 * exactly like one that does not, and nothing is read out, written or logged.
 */
import { isValidityPast, shopDate, type ErrorCode, type MaterialLine, type PublicQuotation, type QuotationStatus } from '@shared';
import type { Database, Queryable } from '../db/types';
import type { Doc } from '../collections/convert';
import { AppError } from '../http/errors';
import { lockWrites } from '../sync/store';
import { updateAsServerIn } from '../sync/server-writes';
import { TABLES } from '../collections/tables';
import { rowToDoc } from '../collections/convert';
import { canonicalJson, sha256Hex } from './canonical';
import { guardOf, requireAccess, type AccessGuard, type QuotationAccess } from './access';
import { publicWorkOrder } from './work-order';
import { publicNfse } from './nfse';

export const MAX_DECISION_REASON = 1000;

/**
 * Whitelist: builds the public view field by field from the stored document. `expired` is
 * derived at `now` (the server's clock): pending and past its validity date.
 */
export function toPublicQuotation(q: Doc, customerName: string | null, now: Date = new Date()): PublicQuotation {
  return {
    code: q.code as string,
    created_at: q.created_at as string,
    description: q.description as string,
    status: q.status as QuotationStatus,
    expired: isValidityPast({ status: q.status as string, validity_date: q.validity_date as string | null }, shopDate(now)),
    total_amount: q.total_amount as number,
    discounts: q.discounts as number,
    taxes: q.taxes as number,
    payment_method: q.payment_method as string,
    validity_date: q.validity_date as string,
    execution_deadline: q.execution_deadline as string,
    materials: ((q.materials as MaterialLine[] | null) ?? []).map((m) => ({ name: m.name, quantity: m.quantity, price: m.price })),
    viewed_at: (q.viewed_at as string | null) ?? null,
    decided_at: (q.decided_at as string | null) ?? null,
    decision_reason: (q.decision_reason as string | null) ?? null,
    customer: customerName === null ? null : { name: customerName },
  };
}

/**
 * The public view with, for an accepted quotation that became a job, what its customer may see of
 * that job (issue 31 §6, public/work-order.ts) under `work_order` — absent without a live OS — and
 * its NFS-e once authorised (issue 38, public/nfse.ts) under `nfse`.
 */
async function withWorkOrder(q: Queryable, view: PublicQuotation, quotationId: string): Promise<PublicQuotation> {
  if (view.status !== 'accepted') return view;
  const [job, nfse] = await Promise.all([publicWorkOrder(q, quotationId), publicNfse(q, quotationId)]);
  return { ...view, ...(job ? { work_order: job } : {}), ...(nfse ? { nfse } : {}) };
}

/** The trimmed code, or invalid_code (400) when empty. */
export function requireCode(raw: unknown): string {
  const code = typeof raw === 'string' ? raw.trim() : '';
  if (!code) throw new AppError('invalid_code');
  return code;
}

const QUOTATIONS = TABLES.quotations;
/** The quotation's columns, qualified (the customer join has columns of the same names). */
const QUOTATION_COLUMNS = [...QUOTATIONS.columns.map((c) => `q.${c.name}`), 'q._seq', 'q._deleted'].join(', ');

interface Found {
  doc: Doc;
  customerName: string | null;
  guard: AccessGuard;
}

/**
 * The live quotation with this code (any case), its customer's name and what opens it, once
 * `access` does — one query. No such quotation answers like a closed one (requireAccess).
 */
async function findByCode(q: Queryable, code: string, access: QuotationAccess): Promise<Found> {
  // Codes are at most 32 characters; anything longer cannot exist.
  const { rows } =
    code.length > 64
      ? { rows: [] }
      : await q.query<Record<string, unknown> & { customer_name: string | null; customer_phone: string | null }>(
          `SELECT ${QUOTATION_COLUMNS}, c.name AS customer_name, c.phone AS customer_phone
             FROM quotations q
             LEFT JOIN customers c ON c.id = q.customer_id AND NOT c._deleted
            WHERE lower(q.code) = lower($1) AND NOT q._deleted`,
          [code],
        );
  const guard = rows[0] ? guardOf(rows[0].link_secret, rows[0].customer_phone ?? null) : null;
  requireAccess(guard, access);
  return { doc: rowToDoc(QUOTATIONS, rows[0]), customerName: rows[0].customer_name ?? null, guard: guard! };
}

/**
 * What opens the live quotation with this code (null: there is none) — read from the database
 * every time, for known and unknown codes alike (issue 40 §5): the answers' cache
 * (public/view-cache.ts) then serves only a request this has let through, so how fast a request
 * without access is refused never tells whether its code is live.
 */
export async function quotationGuard(q: Queryable, rawCode: unknown): Promise<AccessGuard | null> {
  const code = requireCode(rawCode);
  // Codes are at most 32 characters; anything longer cannot exist (as findByCode).
  if (code.length > 64) return null;
  const { rows } = await q.query<{ link_secret: unknown; customer_phone: string | null }>(
    `SELECT q.link_secret, c.phone AS customer_phone
       FROM quotations q
       LEFT JOIN customers c ON c.id = q.customer_id AND NOT c._deleted
      WHERE lower(q.code) = lower($1) AND NOT q._deleted`,
    [code],
  );
  return rows[0] ? guardOf(rows[0].link_secret, rows[0].customer_phone ?? null) : null;
}

/** A public view and what opens it (kept beside the view by the answers' cache). */
export interface GuardedView {
  view: PublicQuotation;
  guard: AccessGuard;
}

/** The public view, once `access` opens it; the first time it is opened, viewed_at is set. */
export async function viewQuotation(db: Database, rawCode: unknown, access: QuotationAccess): Promise<GuardedView> {
  const code = requireCode(rawCode);
  // Fast path without a write transaction once it has been viewed.
  const found = await findByCode(db, code, access);
  if (found.doc.viewed_at) return { view: await withWorkOrder(db, toPublicQuotation(found.doc, found.customerName), found.doc.id), guard: found.guard };
  return db.transaction(async (tx) => {
    // Same lock order as sync pushes (the write lock before reading), or the two can deadlock.
    await lockWrites(tx);
    const { doc, customerName, guard } = await findByCode(tx, code, access);
    if (doc.viewed_at) return { view: await withWorkOrder(tx, toPublicQuotation(doc, customerName), doc.id), guard };
    const updated = await updateAsServerIn(tx, 'quotations', doc.id, { viewed_at: new Date().toISOString() });
    return { view: await withWorkOrder(tx, toPublicQuotation(updated ?? doc, customerName), doc.id), guard };
  });
}

/**
 * The public view as it stands, without the first-view write: for the server-drawn page, whose
 * HTML may be fetched by something other than the customer (a messaging app's link preview).
 * The page itself then asks the API once, which is what marks the quotation viewed.
 */
export async function peekQuotation(db: Queryable, rawCode: unknown, access: QuotationAccess): Promise<PublicQuotation> {
  const { doc, customerName } = await findByCode(db, requireCode(rawCode), access);
  return withWorkOrder(db, toPublicQuotation(doc, customerName), doc.id);
}

export interface DecisionInput {
  decision: 'accepted' | 'rejected';
  reason?: string | null;
  ip: string | null;
  userAgent: string | null;
  /** What the decider opened the quotation with (the link's secret or the phone digits). */
  access: QuotationAccess;
}

/** Why the link may not record this decision now, or null when it may. */
export function decisionRefusal(doc: Doc, decision: DecisionInput['decision'], now: Date): ErrorCode | null {
  if (doc.status !== 'pending') return 'quotation_already_decided';
  if (decision === 'accepted' && isValidityPast({ status: 'pending', validity_date: doc.validity_date as string | null }, shopDate(now))) {
    return 'quotation_expired';
  }
  return null;
}

/**
 * Accept or reject. Records the decision with IP, user agent and the sha256 of the canonical
 * JSON of the public view the customer decided on (as it was just before the decision). A
 * refused attempt (decisionRefusal) is recorded the same way with its code in `refused`, changes
 * nothing else, and answers that code (409, pt-BR message). Without access nothing is logged.
 */
export async function decideQuotation(db: Database, rawCode: unknown, input: DecisionInput): Promise<PublicQuotation> {
  const code = requireCode(rawCode);
  const reason =
    input.decision === 'rejected' && typeof input.reason === 'string' && input.reason.trim() ? input.reason.trim() : null;
  if (reason !== null && reason.length > MAX_DECISION_REASON) {
    throw new AppError('invalid_request', `O motivo deve ter no máximo ${MAX_DECISION_REASON} caracteres.`);
  }
  const outcome = await db.transaction(async (tx) => {
    await lockWrites(tx);
    const { doc, customerName } = await findByCode(tx, code, input.access);
    const at = new Date();
    const versionHash = sha256Hex(canonicalJson(toPublicQuotation(doc, customerName, at)));
    const refused = decisionRefusal(doc, input.decision, at);
    await tx.query(
      `INSERT INTO quotation_decisions (quotation_id, code, decision, reason, ip, user_agent, version_hash, refused)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [doc.id, doc.code, input.decision, reason, input.ip, input.userAgent?.slice(0, 1000) ?? null, versionHash, refused],
    );
    if (refused) return { refused, quotation: null };
    const now = at.toISOString();
    const updated = await updateAsServerIn(tx, 'quotations', doc.id, {
      status: input.decision,
      decided_at: now,
      decision_reason: reason,
      viewed_at: doc.viewed_at ?? now,
    });
    return { refused: null, quotation: toPublicQuotation(updated ?? doc, customerName, at) };
  });
  // Thrown after the commit: the refused attempt stays in the log.
  if (outcome.refused) throw new AppError(outcome.refused);
  return outcome.quotation;
}
