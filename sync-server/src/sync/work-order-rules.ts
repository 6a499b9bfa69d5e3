/**
 * What a device may say about an OS's dates (issue 40 §4) and who may delete one (§6): the
 * customer's page shows the Garantia's last day and each stage's instant as the devices sent them,
 * so the server bounds them.
 *
 * - Garantia: a device sets warranty_until at Entregue to the delivery's shop date plus the
 *   company's warranty days (src/data/db/work-orders.ts moveStage). A delivery is never later than
 *   today (on the server's clock, plus the clock allowance a device's stamps get), so staff may
 *   set it at most to today + those days; anything later (2099-12-31) is the owner's to give
 *   (owner_only, with a pt-BR reason). Shorter or cleared is anyone's: a job moved back.
 * - Events: an OS's history entry is stamped by the device's clock (created_at). The server
 *   already moves a stamp ahead of its clock back to now (push.ts newDocument); one from before
 *   the OS was opened is moved up to the OS's opening — raised, not refused, since a device whose
 *   clock is a few minutes behind still made a real move.
 * - Deleting a whole OS takes its photos off the customer's page: the owner's, as deleting one
 *   photo is (photo-rules.ts).
 */
import { DEFAULT_WARRANTY_DAYS, shopDate, warrantyEndDate } from '@shared';
import type { Queryable } from '../db/types';
import type { Doc } from '../collections/convert';
import { MAX_CLIENT_AHEAD_MS, type PlainDoc } from './merge';
import { Refusal } from './refusal';
import type { Writer } from './store';

/** The company's Garantia in days (Configurações; none set: the default 90). */
async function warrantyDays(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ warranty_days: number | null }>(`SELECT warranty_days FROM company WHERE id = 'company' AND NOT _deleted`);
  const days = rows[0]?.warranty_days;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : DEFAULT_WARRANTY_DAYS;
}

/** The latest Garantia a delivery made now can have: today (plus the clock allowance) + the company's days. */
export function latestWarranty(days: number, now: number = Date.now()): string {
  return warrantyEndDate(shopDate(new Date(now + MAX_CLIENT_AHEAD_MS)), days);
}

const ddmmyyyy = (ymd: string) => ymd.split('-').reverse().join('/');

/**
 * Refuses staff's Garantia beyond the default. `base` is the version the device edited (null for
 * a new OS): only a value the device itself changed is checked, so an edit of another field of an
 * OS whose longer Garantia the owner gave goes through.
 */
export async function checkWarranty(tx: Queryable, pushed: PlainDoc, base: PlainDoc | null, writer: Writer): Promise<void> {
  if (writer.role === 'owner') return;
  const until = pushed.warranty_until;
  if (typeof until !== 'string' || until === (base?.warranty_until ?? null)) return;
  const days = await warrantyDays(tx);
  const latest = latestWarranty(days);
  if (until <= latest) return;
  throw new Refusal(
    'owner_only',
    ['warranty_until'],
    `Garantia até ${ddmmyyyy(until)} passa do prazo padrão da oficina (${days} dias a partir da entrega, até ${ddmmyyyy(latest)}): só o dono pode dar uma garantia maior.`,
  );
}

/** Deleting a whole OS is the owner's (its photos leave the customer's page with it). */
export function checkWorkOrderDeletion(pushed: PlainDoc, stored: Doc, writer: Writer): void {
  if (pushed._deleted === true && stored._deleted !== true && writer.role !== 'owner') throw new Refusal('owner_only');
}

/** The opening instant of each of these OSes the server has (deleted ones too): the earliest an event of theirs may be. */
export async function workOrderOpenings(tx: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { rows } = await tx.query<{ id: string; created_at: unknown }>('SELECT id, created_at FROM work_orders WHERE id = ANY($1::text[])', [unique]);
  return new Map(rows.map((r) => [r.id, (r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at))).toISOString()]));
}

/**
 * An event's created_at raised to its OS's opening when the device stamped it earlier; as sent
 * otherwise (an OS the server does not have yet — its push may come after its events' — sets no floor).
 */
export function eventTimeFloor(createdAt: string, workOrderId: unknown, openings: ReadonlyMap<string, string>): string {
  const opened = typeof workOrderId === 'string' ? openings.get(workOrderId) : undefined;
  return opened !== undefined && Date.parse(createdAt) < Date.parse(opened) ? opened : createdAt;
}
