/**
 * Three-way merge of a pushed document with the server's, the client's assumed master state
 * as base (a null base is an empty document: every field counts as changed).
 *
 * The rule, per field (or per group of fields that only make sense together):
 * - changed on one side only → that side's value;
 * - changed on both sides to different values → the later client edit by `client_updated_at`
 *   (a tie goes to the incoming push); the losing value goes to the conflict log.
 * `id`, `created_at`, `created_by` never change; `updated_at` is stamped by the server;
 * the merged `client_updated_at` is the later of the two.
 *
 * Deletion against an edit: the delete wins, unless the other side's edit is later than the
 * delete (its `client_updated_at` is after the deleting side's `client_updated_at`, which the
 * clients stamp when they delete). Either way the outcome is logged under the field `_deleted`
 * with the losing side's edited fields, so nothing disappears silently.
 *
 * Server-side edits (a customer accepting a quotation on the public page) are ordinary edits
 * here: server-writes.ts stamps them with client_updated_at = now.
 *
 * Device clocks (issue 17 §5): a `client_updated_at` more than 5 minutes ahead of the server's
 * clock when it arrived counts, for the merge, as that moment — the incoming push's as the
 * server's now, the stored version's as its `updated_at` (when the server wrote it). Otherwise a
 * device whose clock is years ahead would win every conflict, even against edits made after
 * its own. The value itself is stored as received, for the record. When both stamps are that far
 * ahead they are compared as they are (a device against its own older push arriving late).
 */
import type { SyncedCollection } from '../collections/tables';
import { deepEqual, sameDocumentContent } from '@shared';

export type Side = 'server' | 'incoming';
export type PlainDoc = Record<string, unknown>;

export interface FieldConflict {
  field: string;
  winner: Side;
  winningValue: unknown;
  losingValue: unknown;
}

export interface MergeResult {
  doc: PlainDoc;
  conflicts: FieldConflict[];
}

/** Fields the merge never takes from either side's edits. */
const META_FIELDS = new Set(['id', 'created_at', 'created_by', 'updated_at', 'updated_by', 'client_updated_at', '_deleted']);

/**
 * Per-collection hooks: groups of fields merged as one unit. A quotation's decision is
 * `status` + `decided_at` + `decision_reason`: mixing a status from one side with the
 * decision time of the other would describe a decision nobody made.
 */
export const MERGE_GROUPS: Partial<Record<SyncedCollection, string[][]>> = {
  quotations: [['status', 'decided_at', 'decision_reason', 'decision_history']],
};

/** Per-field resolvers used when both sides changed a field (instead of the later edit). */
export const FIELD_RESOLVERS: Partial<Record<SyncedCollection, Record<string, (server: unknown, incoming: unknown) => unknown>>> = {
  quotations: {
    // The first time the customer opened the link: the earliest known value.
    viewed_at: (a, b) => (a === null ? b : b === null ? a : String(a) < String(b) ? a : b),
  },
};

/** Server-stamped and immutable fields: the server keeps its own values, so they never differ in content. */
const NOT_CONTENT: ReadonlySet<string> = new Set(['updated_at', 'updated_by', 'created_at', 'created_by']);

/** Equal as far as replication cares (the rule shared with the client, in schemas/). */
export function sameContent(a: PlainDoc, b: PlainDoc): boolean {
  return sameDocumentContent(a, b, NOT_CONTENT);
}

function time(v: unknown): number {
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(t) ? t : 0;
}

/** How far ahead of the server's clock a device's `client_updated_at` is believed. */
export const MAX_CLIENT_AHEAD_MS = 5 * 60_000;

/** The server's clock at the merge (ms); without it, `client_updated_at` is taken as it is. */
export interface MergeClock {
  now: number;
}

/** True when a stamp is more than 5 min ahead of the server's clock at `arrivedAt`. */
export function isAhead(clientUpdatedAt: unknown, arrivedAt: number): boolean {
  return time(clientUpdatedAt) > arrivedAt + MAX_CLIENT_AHEAD_MS;
}

/** An edit's time for the merge: its client_updated_at, or `arrivedAt` when that is more than 5 min later. */
export function mergeTime(clientUpdatedAt: unknown, arrivedAt: number): number {
  return isAhead(clientUpdatedAt, arrivedAt) ? arrivedAt : time(clientUpdatedAt);
}

function pick(doc: PlainDoc, fields: string[]): unknown {
  return fields.length === 1 ? (doc[fields[0]] ?? null) : Object.fromEntries(fields.map((f) => [f, doc[f] ?? null]));
}

export function mergeDocuments(
  collection: SyncedCollection,
  fields: string[],
  baseDoc: PlainDoc | null,
  server: PlainDoc,
  incoming: PlainDoc,
  clock?: MergeClock,
): MergeResult {
  const base = baseDoc ?? {};
  const conflicts: FieldConflict[] = [];
  // The stored version arrived when the server wrote it (updated_at); the incoming one, now.
  const arrivedAt = (doc: PlainDoc): number =>
    !clock ? Infinity : doc === incoming ? clock.now : Math.min(time(doc.updated_at) || clock.now, clock.now);
  // Both stamps ahead: they tell nothing against the server's clock, but their order is still
  // worth more than the order of arrival — a late copy of a device's older push must not beat its
  // newer edit (found by npm run soak with SOAK_SKEW_SECONDS=900). So only a stamp ahead facing
  // one that is not is moved back.
  const bothAhead = clock !== undefined && isAhead(incoming.client_updated_at, arrivedAt(incoming)) && isAhead(server.client_updated_at, arrivedAt(server));
  const editTime = (doc: PlainDoc): number =>
    !clock || bothAhead ? time(doc.client_updated_at) : mergeTime(doc.client_updated_at, arrivedAt(doc));
  const incomingIsLater = editTime(incoming) >= editTime(server);
  const laterSide: Side = incomingIsLater ? 'incoming' : 'server';
  const doc: PlainDoc = { ...server };

  // Units of merge: declared groups first, every other field on its own.
  const grouped = new Set((MERGE_GROUPS[collection] ?? []).flat());
  const units: string[][] = [
    ...(MERGE_GROUPS[collection] ?? []).map((g) => g.filter((f) => fields.includes(f))),
    ...fields.filter((f) => !META_FIELDS.has(f) && !grouped.has(f)).map((f) => [f]),
  ].filter((u) => u.length > 0);

  const changedOn = { server: [] as string[], incoming: [] as string[] };
  for (const unit of units) {
    const b = pick(base, unit);
    const s = pick(server, unit);
    const i = pick(incoming, unit);
    const serverChanged = !deepEqual(s, b);
    const incomingChanged = !deepEqual(i, b);
    if (serverChanged) changedOn.server.push(...unit);
    if (incomingChanged) changedOn.incoming.push(...unit);
    let winner: Side;
    if (!incomingChanged || deepEqual(s, i)) winner = 'server';
    else if (!serverChanged) winner = 'incoming';
    else {
      const resolver = unit.length === 1 ? FIELD_RESOLVERS[collection]?.[unit[0]] : undefined;
      if (resolver) {
        doc[unit[0]] = resolver(s, i);
        continue;
      }
      winner = laterSide;
      const loser = winner === 'incoming' ? s : i;
      conflicts.push({ field: unit.join(','), winner, winningValue: winner === 'incoming' ? i : s, losingValue: loser });
    }
    const from = winner === 'incoming' ? incoming : server;
    for (const f of unit) doc[f] = from[f] ?? null;
  }

  doc.client_updated_at = incomingIsLater ? incoming.client_updated_at : server.client_updated_at;

  // Deletion. With a boolean flag both sides can only disagree when one of them moved.
  const sDel = Boolean(server._deleted);
  const iDel = Boolean(incoming._deleted);
  const bDel = Boolean(base._deleted);
  if (sDel === iDel) doc._deleted = sDel;
  else if (bDel) doc._deleted = false; // one side restored a deleted document
  else {
    const deleter: Side = sDel ? 'server' : 'incoming';
    const editor: Side = sDel ? 'incoming' : 'server';
    const editorDoc = editor === 'incoming' ? incoming : server;
    const deleterDoc = deleter === 'incoming' ? incoming : server;
    const edited = changedOn[editor];
    if (edited.length === 0) doc._deleted = true;
    else {
      const editWins = editTime(editorDoc) > editTime(deleterDoc);
      doc._deleted = !editWins;
      const editedValues = Object.fromEntries(edited.map((f) => [f, editorDoc[f] ?? null]));
      conflicts.push({
        field: '_deleted',
        winner: editWins ? editor : deleter,
        winningValue: editWins ? editedValues : true,
        losingValue: editWins ? true : editedValues,
      });
      if (editWins) doc.client_updated_at = editorDoc.client_updated_at;
    }
  }
  return { doc, conflicts };
}
