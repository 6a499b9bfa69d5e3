/** pt-BR wording of the sync status shown by SyncBadge. Pure, unit-tested. */
import { formatTime } from '../domain/dates';

export interface RefusedDocView {
  collection: string;
  id: string;
  error: string;
  message: string;
  document: unknown;
  at: string;
}

/** A photo taken on this device and not yet on the server (src/data/photos), as the sync centre shows it. */
export interface PhotoUploadView {
  id: string;
  state: 'waiting' | 'uploading' | 'failed' | 'sent';
  progress: number | null;
  error: { code: string; message: string } | null;
  taken_at: string;
  size: number;
}

/** Shape of `useSyncStatus()` from src/data/db (kept structural so src/ui stays free of RxDB). */
export interface SyncStatusView {
  /** Photos on this device not yet on the server (counted in `pending` already). */
  photos?: readonly PhotoUploadView[];
  online: boolean;
  pending: number;
  lastSyncAt: string | null;
  syncing: boolean;
  refused: readonly RefusedDocView[];
  initialSync: { done: number | boolean; total: number | null } | null;
  error: string | null;
}

export type SyncTone = 'offline' | 'busy' | 'pending' | 'ok' | 'error';

export const SYNC_TEXT = {
  offline: 'Offline',
  syncing: 'Sincronizando…',
  pending: (n: number) => (n === 1 ? '1 alteração pendente' : `${n} alterações pendentes`),
  syncedAt: (hhmm: string) => `Sincronizado às ${hhmm}`,
  neverSynced: 'Aguardando sincronização',
  error: 'Erro de sincronização',
  initial: (done: number, total: number | null) =>
    total === null ? 'Baixando dados…' : `Baixando dados… ${done} de ${total}`,
  refusedCount: (n: number) => (n === 1 ? '1 alteração recusada' : `${n} alterações recusadas`),
  panelTitle: 'Alterações recusadas pelo servidor',
  refusedToastTitle: 'Alteração recusada pelo servidor',
  refusedNoticeClose: 'Fechar aviso',
  refusedNoticeMore: (n: number) => (n === 1 ? 'e mais 1 alteração recusada (veja na central de sincronização)' : `e mais ${n} alterações recusadas (veja na central de sincronização)`),
  panelIntro:
    'O servidor não aceitou estas alterações. Descarte para voltar à versão do servidor ou tente enviar novamente.',
  discard: 'Descartar',
  retry: 'Tentar novamente',
  close: 'Fechar',
  noRefused: 'Nenhuma alteração recusada.',
  photoUploading: (pct: number) => `Enviando foto… ${pct}%`,
  photosWaiting: (n: number) => (n === 1 ? '1 foto aguardando envio' : `${n} fotos aguardando envio`),
  notesTitle: 'Notas fiscais aguardando envio',
  notesIntro: 'Pedidos de NFS-e feitos neste aparelho que ainda não chegaram ao servidor. O servidor emite cada nota assim que recebe o pedido.',
  noteLine: (code: string, who: string, value: string) => `${code} · ${who} · ${value}`,
  noteCancel: 'Cancelamento pedido',
  photosTitle: 'Fotos aguardando envio',
  photosIntro: 'Fotos tiradas neste aparelho que ainda não chegaram ao servidor. São enviadas uma de cada vez quando há conexão.',
  photoLabel: 'Foto da OS',
  photoWaiting: 'Aguardando envio',
  photoFailed: 'Não enviada',
  photoTakenAt: (when: string) => `tirada às ${when}`,
  centreTitle: 'Central de sincronização',
  openCentre: 'Abrir a central de sincronização',
} as const;

/** Photos still to send (waiting, uploading or refused), and the one uploading now. */
export function photoUploads(s: Pick<SyncStatusView, 'photos'>): { unsent: PhotoUploadView[]; failed: PhotoUploadView[]; uploading: PhotoUploadView | null } {
  const unsent = (s.photos ?? []).filter((p) => p.state !== 'sent');
  return { unsent, failed: unsent.filter((p) => p.state === 'failed'), uploading: unsent.find((p) => p.state === 'uploading') ?? null };
}

/** The line under a queued photo in the sync centre. */
export function photoUploadText(p: PhotoUploadView): string {
  if (p.state === 'uploading') return SYNC_TEXT.photoUploading(Math.round((p.progress ?? 0) * 100));
  if (p.state === 'failed') return p.error?.message ?? SYNC_TEXT.photoFailed;
  return SYNC_TEXT.photoWaiting;
}

export const COLLECTION_LABELS: Record<string, string> = {
  customers: 'Cliente',
  quotations: 'Orçamento',
  transactions: 'Transação',
  stock_items: 'Item de estoque',
  stock_movements: 'Movimentação de estoque',
  catalog_items: 'Cadastro',
  company: 'Dados da empresa',
  staff: 'Equipe',
  work_orders: 'Ordem de serviço',
  work_order_events: 'Histórico da OS',
  work_order_photos: 'Foto da OS',
  nfse: 'Nota fiscal (NFS-e)',
};

export function collectionLabel(collection: string): string {
  return COLLECTION_LABELS[collection] ?? collection;
}

/** A short human name for a refused document (customer name, quotation code…), if it has one. */
export function documentTitle(doc: unknown): string | null {
  if (!doc || typeof doc !== 'object') return null;
  const d = doc as Record<string, unknown>;
  for (const key of ['code', 'job_code', 'name', 'description', 'material', 'type']) {
    const v = d[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
}

export function formatHHmm(iso: string): string {
  return formatTime(iso) || '--:--';
}

/** What the badge says, most important first: first download, offline, syncing, pending, last sync. */
export function syncStatusText(s: SyncStatusView): { text: string; tone: SyncTone } {
  if (s.initialSync && s.initialSync.done !== true && s.initialSync.done !== s.initialSync.total) {
    const done = typeof s.initialSync.done === 'number' ? s.initialSync.done : 0;
    return { text: SYNC_TEXT.initial(done, s.initialSync.total), tone: 'busy' };
  }
  // Offline with unsent work: say so, staff must know those changes are only on this device.
  if (!s.online && s.pending > 0) return { text: `${SYNC_TEXT.offline} · ${SYNC_TEXT.pending(s.pending)}`, tone: 'offline' };
  if (!s.online) return { text: SYNC_TEXT.offline, tone: 'offline' };
  const { uploading } = photoUploads(s);
  if (uploading) return { text: SYNC_TEXT.photoUploading(Math.round((uploading.progress ?? 0) * 100)), tone: 'busy' };
  if (s.syncing) return { text: SYNC_TEXT.syncing, tone: 'busy' };
  if (s.pending > 0) return { text: SYNC_TEXT.pending(s.pending), tone: 'pending' };
  if (s.error) return { text: SYNC_TEXT.error, tone: 'error' };
  if (s.lastSyncAt) return { text: SYNC_TEXT.syncedAt(formatHHmm(s.lastSyncAt)), tone: 'ok' };
  return { text: SYNC_TEXT.neverSynced, tone: 'busy' };
}
