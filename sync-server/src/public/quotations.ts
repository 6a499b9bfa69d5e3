/**
 * The public quotation page's data: lookup by code (trimmed, case-insensitive), first view,
 * accept/reject. Only PublicQuotation fields ever leave this module — never ids, the
 * customer's phone/WhatsApp/description, or who created it.
 *
 * Every change here touches a replicated row, so it takes the sequence lock, stamps `_seq`
 * and notifies in the same transaction: staff devices receive it like any other change.
 */
import type { PublicQuotation, QuotationStatus } from '@shared';
import type { Database, Queryable } from '../db/types';
import { nextSeq, notifyChange } from '../db/sequence';
import { lockWrites } from '../sync/store';
import { AppError } from '../http/errors';
import { canonicalJson, sha256Hex } from './canonical';

export const MAX_DECISION_REASON = 1000;

interface QuotationRow {
  id: string;
  code: string;
  created_at: Date | string;
  description: string;
  status: string;
  total_amount: string | number;
  discounts: string | number;
  taxes: string | number;
  payment_method: string;
  validity_date: string | Date;
  execution_deadline: string;
  materials: unknown;
  viewed_at: Date | string | null;
  decided_at: Date | string | null;
  decision_reason: string | null;
  customer_name: string | null;
}

const iso = (v: Date | string | null): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());

function dateOnly(v: string | Date): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

function money(v: string | number): number {
  return Math.round(Number(v) * 100) / 100;
}

function materials(raw: unknown): PublicQuotation['materials'] {
  const list = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (!Array.isArray(list)) return [];
  return list.map((m: Record<string, unknown>) => ({
    name: String(m.name ?? ''),
    quantity: Number(m.quantity ?? 0),
    price: money((m.price as number) ?? 0),
  }));
}

/** Whitelist: builds the public view field by field. */
export function toPublicQuotation(r: QuotationRow): PublicQuotation {
  return {
    code: r.code,
    created_at: iso(r.created_at)!,
    description: r.description,
    status: r.status as QuotationStatus,
    total_amount: money(r.total_amount),
    discounts: money(r.discounts),
    taxes: money(r.taxes),
    payment_method: r.payment_method,
    validity_date: dateOnly(r.validity_date),
    execution_deadline: r.execution_deadline,
    materials: materials(r.materials),
    viewed_at: iso(r.viewed_at),
    decided_at: iso(r.decided_at),
    decision_reason: r.decision_reason,
    customer: r.customer_name === null ? null : { name: r.customer_name },
  };
}

const SELECT_PUBLIC = `
  SELECT q.id, q.code, q.created_at, q.description, q.status, q.total_amount, q.discounts, q.taxes,
         q.payment_method, q.validity_date, q.execution_deadline, q.materials, q.viewed_at,
         q.decided_at, q.decision_reason, c.name AS customer_name
    FROM quotations q
    LEFT JOIN customers c ON c.id = q.customer_id AND NOT c._deleted
   WHERE lower(q.code) = lower($1) AND NOT q._deleted`;

/** The trimmed code, or invalid_code (400) when empty. */
export function requireCode(raw: unknown): string {
  const code = typeof raw === 'string' ? raw.trim() : '';
  if (!code) throw new AppError('invalid_code');
  return code;
}

async function lockQuotation(tx: Queryable, code: string): Promise<QuotationRow> {
  // Codes are at most 32 characters; anything longer cannot exist.
  if (code.length > 64) throw new AppError('not_found');
  // Same lock order as sync pushes (advisory lock first, then the row), or the two can deadlock.
  await lockWrites(tx);
  const { rows } = await tx.query<QuotationRow>(`${SELECT_PUBLIC} FOR UPDATE OF q`, [code]);
  if (!rows[0]) throw new AppError('not_found');
  return rows[0];
}

async function reload(tx: Queryable, id: string): Promise<PublicQuotation> {
  const { rows } = await tx.query<QuotationRow>(SELECT_PUBLIC.replace('lower(q.code) = lower($1)', 'q.id = $1'), [id]);
  return toPublicQuotation(rows[0]);
}

/** The public view; the first time it is opened, viewed_at is set. */
export async function viewQuotation(db: Database, rawCode: unknown): Promise<PublicQuotation> {
  const code = requireCode(rawCode);
  if (code.length > 64) throw new AppError('not_found');
  // Fast path without a write transaction once it has been viewed.
  const { rows } = await db.query<QuotationRow>(SELECT_PUBLIC, [code]);
  if (!rows[0]) throw new AppError('not_found');
  if (rows[0].viewed_at !== null) return toPublicQuotation(rows[0]);
  return db.transaction(async (tx) => {
    const row = await lockQuotation(tx, code);
    if (row.viewed_at !== null) return toPublicQuotation(row);
    const seq = await nextSeq(tx);
    await tx.query(`UPDATE quotations SET viewed_at = now(), updated_at = now(), client_updated_at = now(), _seq = $1, _written_by = NULL, _written_session = NULL WHERE id = $2`, [seq, row.id]);
    await notifyChange(tx, 'quotations', seq);
    return reload(tx, row.id);
  });
}

export interface DecisionInput {
  decision: 'accepted' | 'rejected';
  reason?: string | null;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Accept or reject. Records the decision with IP, user agent and the sha256 of the canonical
 * JSON of the public view the customer decided on (as it was just before the decision).
 */
export async function decideQuotation(db: Database, rawCode: unknown, input: DecisionInput): Promise<PublicQuotation> {
  const code = requireCode(rawCode);
  const reason =
    input.decision === 'rejected' && typeof input.reason === 'string' && input.reason.trim() ? input.reason.trim() : null;
  if (reason !== null && reason.length > MAX_DECISION_REASON) {
    throw new AppError('invalid_request', `O motivo deve ter no máximo ${MAX_DECISION_REASON} caracteres.`);
  }
  return db.transaction(async (tx) => {
    const row = await lockQuotation(tx, code);
    const before = toPublicQuotation(row);
    const versionHash = sha256Hex(canonicalJson(before));
    const seq = await nextSeq(tx);
    await tx.query(
      `UPDATE quotations
          SET status = $1, decided_at = now(), decision_reason = $2,
              viewed_at = coalesce(viewed_at, now()), updated_at = now(), client_updated_at = now(), _seq = $3,
              _written_by = NULL, _written_session = NULL
        WHERE id = $4`,
      [input.decision, reason, seq, row.id],
    );
    await tx.query(
      `INSERT INTO quotation_decisions (quotation_id, code, decision, reason, ip, user_agent, version_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.id, row.code, input.decision, reason, input.ip, input.userAgent?.slice(0, 1000) ?? null, versionHash],
    );
    await notifyChange(tx, 'quotations', seq);
    return reload(tx, row.id);
  });
}
