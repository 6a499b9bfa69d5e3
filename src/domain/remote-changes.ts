/**
 * Which database changes deserve a toast (spec §8 "Realtime toasts", issue 6 "Live updates and
 * toasts"). Pure: the data layer feeds it the changes RxDB reports; it answers what to show.
 *
 * - Only customers, quotations and ordens de serviço (the OS, its moves and notes) toast.
 * - A change whose `updated_by` (stamped by the server on every accepted write, and locally on
 *   this device's writes) is the signed-in user never toasts — whichever device made it.
 * - A quotation the customer accepted or rejected on the public page (status → accepted/rejected
 *   with a new decided_at, written by the server: updated_by null or not a staff member) names
 *   the quotation.
 * - Other server-side changes (the public page marking a quotation viewed) do not toast.
 * - A document whose writer is unknown (no updated_by at all, older data) does not toast.
 */

export type WatchedCollection = 'customers' | 'quotations' | 'work_orders' | 'work_order_events' | 'nfse';
export type ChangeOperation = 'INSERT' | 'UPDATE' | 'DELETE';

export interface ChangedDoc {
  id: string;
  updated_by?: string | null;
  created_by?: string | null;
  code?: string;
  status?: string;
  decided_at?: string | null;
  _deleted?: boolean;
  [field: string]: unknown;
}

export interface DocChange {
  collection: string;
  operation: ChangeOperation;
  doc: ChangedDoc;
  previous?: ChangedDoc | null;
}

export interface ChangeContext {
  /** The signed-in user's id. */
  userId: string;
  /** Ids of staff users (when known): a writer outside it is not staff (the public page). */
  staffIds?: ReadonlySet<string>;
}

export type RemoteToastKind =
  | 'customer-added'
  | 'customer-updated'
  | 'customer-removed'
  | 'quotation-added'
  | 'quotation-updated'
  | 'quotation-removed'
  | 'quotation-accepted'
  | 'quotation-rejected'
  | 'work-order-opened'
  | 'work-order-updated'
  | 'work-order-moved'
  | 'work-order-note'
  | 'nfse-authorized'
  | 'nfse-rejected'
  | 'nfse-cancelled'
  | 'nfse-cancel-refused'
  | 'summary';

export interface RemoteToast {
  kind: RemoteToastKind;
  type: 'info' | 'success' | 'warning';
  title: string;
  description: string;
  /** The document it is about (none for a summary). */
  id?: string;
}

export const REMOTE_TOAST_TEXT = {
  customerAdded: { title: 'Cliente adicionado', description: 'Um cliente foi adicionado com sucesso!' },
  customerUpdated: { title: 'Cliente atualizado', description: 'Um cliente foi atualizado com sucesso!' },
  customerRemoved: { title: 'Cliente removido', description: 'Um cliente foi removido com sucesso!' },
  quotationAdded: { title: 'Novo orçamento adicionado', description: 'Um novo orçamento foi adicionado.' },
  quotationUpdated: { title: 'Orçamento atualizado', description: 'Um orçamento foi atualizado.' },
  quotationRemoved: { title: 'Orçamento removido', description: 'Um orçamento foi removido.' },
  quotationAccepted: { title: 'Orçamento aceito', description: (code: string) => `O cliente aceitou o orçamento ${code}.` },
  quotationRejected: { title: 'Orçamento rejeitado', description: (code: string) => `O cliente recusou o orçamento ${code}.` },
  workOrderOpened: { title: 'Nova ordem de serviço', description: (code: string) => `A ordem de serviço ${code} foi aberta.` },
  workOrderUpdated: { title: 'Ordem de serviço atualizada', description: (code: string) => `A ordem de serviço ${code} foi atualizada.` },
  workOrderMoved: { title: 'Ordem de serviço movida', description: (stage: string) => `Uma ordem de serviço foi movida para ${stage}.` },
  workOrderNote: { title: 'Nova anotação', description: 'Uma anotação foi adicionada a uma ordem de serviço.' },
  nfseAuthorized: { title: (n: string) => `NFS-e nº ${n} autorizada`, description: (code: string) => `A nota fiscal de ${code} foi emitida.` },
  nfseRejected: { title: 'NFS-e rejeitada', description: (code: string) => `A nota fiscal de ${code} foi rejeitada: abra o serviço para ver o que corrigir.` },
  nfseCancelled: { title: (n: string) => `NFS-e nº ${n} cancelada`, description: (code: string) => `O cancelamento da nota fiscal de ${code} foi registrado.` },
  nfseCancelRefused: { title: 'Cancelamento recusado', description: (n: string) => `O cancelamento da NFS-e nº ${n} foi recusado: abra o serviço para ver o motivo.` },
  summary: {
    title: 'Dados atualizados',
    description: (n: number) => `${n} alterações feitas por outros usuários foram recebidas.`,
  },
} as const;

/** Fields that say nothing a user would notice (bookkeeping). */
const BOOKKEEPING = new Set(['updated_at', 'client_updated_at', 'updated_by', '_rev', '_meta', '_attachments', '_deleted']);

function visiblyChanged(a: ChangedDoc, b: ChangedDoc): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (BOOKKEEPING.has(k)) continue;
    if (JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null)) return true;
  }
  return false;
}

const isDecision = (s: unknown) => s === 'accepted' || s === 'rejected';

/** The writer of this version: updated_by, else (an insert without it) created_by; undefined = unknown. */
function writerOf(change: DocChange): string | null | undefined {
  const { doc } = change;
  if (doc.updated_by !== undefined) return doc.updated_by;
  if (change.operation === 'INSERT' && doc.created_by !== undefined) return doc.created_by;
  return undefined;
}

/**
 * Ordens de serviço (issue 31): another staff member opened or changed an OS, moved one or wrote
 * a note. Events are insert-only: only their insertion is news. Deletions are not announced.
 */
function workOrderToast(change: DocChange, ctx: ChangeContext, stageLabel: (stage: string) => string): RemoteToast | null {
  const { collection, doc, previous } = change;
  const writer = collection === 'work_order_events' ? doc.created_by : writerOf(change);
  if (writer === undefined || writer === null || writer === ctx.userId) return null;
  if (ctx.staffIds && !ctx.staffIds.has(writer)) return null;
  if (change.operation === 'DELETE' || doc._deleted === true) return null;
  const T = REMOTE_TOAST_TEXT;
  if (collection === 'work_order_events') {
    if (change.operation !== 'INSERT') return null;
    if (doc.kind === 'move') return { kind: 'work-order-moved', type: 'info', id: doc.id, title: T.workOrderMoved.title, description: T.workOrderMoved.description(stageLabel(String(doc.to_stage ?? ''))) };
    if (doc.kind === 'note') return { kind: 'work-order-note', type: 'info', id: doc.id, title: T.workOrderNote.title, description: T.workOrderNote.description };
    return null;
  }
  const code = String(doc.code ?? '');
  if (change.operation === 'INSERT' || previous?._deleted) return { kind: 'work-order-opened', type: 'info', id: doc.id, title: T.workOrderOpened.title, description: T.workOrderOpened.description(code) };
  if (previous && !visiblyChanged(previous, doc)) return null;
  return { kind: 'work-order-updated', type: 'info', id: doc.id, title: T.workOrderUpdated.title, description: T.workOrderUpdated.description(code) };
}

/**
 * NFS-e (issue 38): the server's outcome of a note, told to whoever asked for it (or for its
 * cancel) — the server writes it (updated_by null) when the national API answers.
 */
function nfseToast(change: DocChange, ctx: ChangeContext): RemoteToast | null {
  const { doc, previous } = change;
  if (change.operation === 'DELETE' || doc._deleted === true || doc.updated_by !== null) return null;
  if (previous && previous.status === doc.status) return null;
  const code = String(doc.job_code ?? '');
  const n = String(doc.number ?? '');
  const T = REMOTE_TOAST_TEXT;
  const askedByMe = doc.requested_by === ctx.userId;
  const cancelledByMe = doc.cancel_requested_by === ctx.userId;
  if (doc.status === 'authorized' && askedByMe) return { kind: 'nfse-authorized', type: 'success', id: doc.id, title: T.nfseAuthorized.title(n), description: T.nfseAuthorized.description(code) };
  if (doc.status === 'rejected' && askedByMe) return { kind: 'nfse-rejected', type: 'warning', id: doc.id, title: T.nfseRejected.title, description: T.nfseRejected.description(code) };
  if (doc.status === 'cancelled' && cancelledByMe) return { kind: 'nfse-cancelled', type: 'success', id: doc.id, title: T.nfseCancelled.title(n), description: T.nfseCancelled.description(code) };
  if (doc.status === 'cancel_rejected' && cancelledByMe) return { kind: 'nfse-cancel-refused', type: 'warning', id: doc.id, title: T.nfseCancelRefused.title, description: T.nfseCancelRefused.description(n) };
  return null;
}

export function remoteChangeToast(change: DocChange, ctx: ChangeContext, stageLabel: (stage: string) => string = (s) => s): RemoteToast | null {
  const { collection, doc, previous } = change;
  if (collection === 'nfse') return nfseToast(change, ctx);
  if (collection === 'work_orders' || collection === 'work_order_events') return workOrderToast(change, ctx, stageLabel);
  if (collection !== 'customers' && collection !== 'quotations') return null;
  const deleted = change.operation === 'DELETE' || doc._deleted === true;
  const writer = writerOf(change);
  if (writer === undefined || writer === ctx.userId) return null;
  const byStaff = writer !== null && (ctx.staffIds ? ctx.staffIds.has(writer) : true);

  if (collection === 'quotations' && !deleted && isDecision(doc.status)) {
    const decidedNow = !previous || previous.status !== doc.status || previous.decided_at !== doc.decided_at;
    if (!byStaff && decidedNow && doc.decided_at) {
      const code = String(doc.code ?? '');
      return doc.status === 'accepted'
        ? { kind: 'quotation-accepted', type: 'success', id: doc.id, title: REMOTE_TOAST_TEXT.quotationAccepted.title, description: REMOTE_TOAST_TEXT.quotationAccepted.description(code) }
        : { kind: 'quotation-rejected', type: 'warning', id: doc.id, title: REMOTE_TOAST_TEXT.quotationRejected.title, description: REMOTE_TOAST_TEXT.quotationRejected.description(code) };
    }
  }
  // Anything else the server itself wrote (viewed_at from the public page) is not news.
  if (!byStaff) return null;

  const text =
    collection === 'customers'
      ? deleted
        ? ['customer-removed', REMOTE_TOAST_TEXT.customerRemoved] as const
        : change.operation === 'INSERT' || previous?._deleted
          ? ['customer-added', REMOTE_TOAST_TEXT.customerAdded] as const
          : ['customer-updated', REMOTE_TOAST_TEXT.customerUpdated] as const
      : deleted
        ? ['quotation-removed', REMOTE_TOAST_TEXT.quotationRemoved] as const
        : change.operation === 'INSERT' || previous?._deleted
          ? ['quotation-added', REMOTE_TOAST_TEXT.quotationAdded] as const
          : ['quotation-updated', REMOTE_TOAST_TEXT.quotationUpdated] as const;
  if (deleted && previous?._deleted) return null;
  if (change.operation === 'UPDATE' && !deleted && previous && !previous._deleted && !visiblyChanged(previous, doc)) return null;
  return { kind: text[0], type: 'info', id: doc.id, title: text[1].title, description: text[1].description };
}

/** Toasts that name one thing someone waits for: kept whole in a burst. */
const NAMED_KINDS: ReadonlySet<RemoteToastKind> = new Set(['quotation-accepted', 'quotation-rejected', 'nfse-authorized', 'nfse-rejected', 'nfse-cancelled', 'nfse-cancel-refused']);

/**
 * A burst (a reconnection catching up, a resync) must not flood the screen: decisions and NFS-e outcomes are kept
 * (they name a quotation), at most `max` toasts in all; the rest become one summary.
 */
export function collapseToasts(toasts: readonly RemoteToast[], max = 3): RemoteToast[] {
  if (toasts.length <= max) return [...toasts];
  const decisions = toasts.filter((t) => NAMED_KINDS.has(t.kind));
  const keep = decisions.slice(0, max - 1);
  const rest = toasts.length - keep.length;
  return [
    ...keep,
    { kind: 'summary', type: 'info', title: REMOTE_TOAST_TEXT.summary.title, description: REMOTE_TOAST_TEXT.summary.description(rest) },
  ];
}
