/** Parsing and answering helpers for the sync routes (kept out of routes.ts so it stays thin). */
import { ERROR_MESSAGES, sanitizeText, type PushRejection, type PushRejectionsMore, type SyncCheckpoint } from '@shared';
import { AppError } from '../http/errors';
import type { PushRow } from './push';

export const PUSH_MAX_ROWS = 1000;
/** Keep the rejections header well below clients' 16 KiB response-header limit (with the other headers). */
const HEADER_BUDGET = 12_000;

function bad(message: string): AppError {
  return new AppError('invalid_request', message);
}

/**
 * `{seq}` plus, on checkpoints this server issued after a tombstone purge, `purged`: the purge
 * horizon the device was already past (see pull.ts). Clients pass checkpoints back unchanged.
 */
export type Checkpoint = SyncCheckpoint & { purged?: number };

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export function parseCheckpoint(raw: unknown): Checkpoint | null {
  if (raw === undefined || raw === '' || raw === 'null') return null;
  if (typeof raw !== 'string') throw bad('O parâmetro "checkpoint" é inválido.');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw bad('O parâmetro "checkpoint" não é um JSON válido.');
  }
  if (value === null) return null;
  const { seq, purged } = (value ?? {}) as { seq?: unknown; purged?: unknown };
  if (typeof value !== 'object' || Array.isArray(value) || !isCount(seq) || (purged !== undefined && !isCount(purged))) {
    throw bad('O parâmetro "checkpoint" deve ser {"seq": <número inteiro>}.');
  }
  return purged === undefined ? { seq } : { seq, purged };
}

export function parseLimit(raw: unknown, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw bad('O parâmetro "limit" deve ser um número inteiro positivo.');
  }
  return Math.min(Number(raw), max);
}

/** An id of the refusal store given back by a device (PushRejectionsMore.from / through). */
export function parseRecordId(raw: unknown, name: string): number {
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) throw bad(`O parâmetro "${name}" deve ser um número inteiro.`);
  return Number(raw);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The rows of a push. The batch itself must be a list (else 400), but a malformed row — not an
 * object, no usable id, an assumedMasterState that is not a document — is refused on its own
 * (`invalid_document`), like a row that fails validation: the rest of the batch still lands.
 */
export function parsePushBody(body: unknown): { rows: PushRow[]; malformed: PushRejection[] } {
  if (!Array.isArray(body)) throw bad('O corpo deve ser uma lista de alterações [{assumedMasterState, newDocumentState}].');
  if (body.length > PUSH_MAX_ROWS) throw bad(`Envie no máximo ${PUSH_MAX_ROWS} alterações por vez.`);
  const rows: PushRow[] = [];
  const malformed: PushRejection[] = [];
  body.forEach((row: unknown) => {
    const doc = isObject(row) ? row.newDocumentState : undefined;
    const rawId = isObject(doc) ? doc.id : undefined;
    const id = typeof rawId === 'string' ? rawId : '';
    const refuse = (field: string) =>
      malformed.push({ id: sanitizeText(id.slice(0, 64)), error: 'invalid_document', message: ERROR_MESSAGES.invalid_document, fields: [field] });
    if (!isObject(row) || !isObject(doc)) return refuse('newDocumentState');
    if (id.length === 0 || id.length > 64) return refuse('id');
    const assumed = row.assumedMasterState;
    if (assumed !== undefined && assumed !== null && !isObject(assumed)) return refuse('assumedMasterState');
    rows.push({ assumedMasterState: (assumed as Record<string, unknown> | undefined) ?? null, newDocumentState: doc as PushRow['newDocumentState'] });
  });
  return { rows, malformed };
}

/** JSON with every non-ASCII character escaped: header values must be ASCII, JSON.parse restores the text. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** The header values of a push's refusals (PUSH_REJECTIONS_HEADER and, when needed, PUSH_REJECTIONS_MORE_HEADER). */
export interface RejectionHeaders {
  rejections: string;
  more: string | null;
}

/**
 * The x-forja-rejections value, never over HEADER_BUDGET: field lists are dropped first, then
 * the messages (clients take the standard message of the error code), then the list is cut —
 * and `more` (x-forja-rejections-more) says how many were left out and where the refusal store
 * holds them all (`recorded`: the push's rows in sync_rejections). A header over 16 KiB makes
 * Node's fetch (and other clients) fail the whole answer (issue 30: 1,000 refused rows made 42.9 KB).
 */
export function rejectionHeaders(rejections: PushRejection[], recorded: { from: number; through: number } | null): RejectionHeaders {
  const full = asciiJson(rejections);
  if (full.length <= HEADER_BUDGET) return { rejections: full, more: null };
  const withoutFields = asciiJson(rejections.map(({ id, error, message }) => ({ id, error, message })));
  if (withoutFields.length <= HEADER_BUDGET) return { rejections: withoutFields, more: null };
  const bare = rejections.map(({ id, error }) => asciiJson({ id, error }));
  let length = 2; // the brackets
  let kept = 0;
  while (kept < bare.length && length + bare[kept].length + (kept > 0 ? 1 : 0) <= HEADER_BUDGET) {
    length += bare[kept].length + (kept > 0 ? 1 : 0);
    kept++;
  }
  const value = `[${bare.slice(0, kept).join(',')}]`;
  if (kept === bare.length) return { rejections: value, more: null };
  const more: PushRejectionsMore | null = recorded && { total: rejections.length, omitted: rejections.length - kept, ...recorded };
  return { rejections: value, more: more && asciiJson(more) };
}
