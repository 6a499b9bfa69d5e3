/** pt-BR texts of the OS photos (issue 31 §5), in one place. */
import { PHOTOS_PER_WORK_ORDER_MAX } from '@shared';

export const PHOTO_TEXT = {
  title: 'Fotos',
  take: 'Tirar foto',
  gallery: 'Escolher da galeria',
  empty: 'Nenhuma foto ainda. Tire fotos do serviço para registrar o andamento.',
  limitReached: `Esta OS já tem ${PHOTOS_PER_WORK_ORDER_MAX} fotos, o máximo.`,
  count: (n: number) => (n === 1 ? '1 foto' : `${n} fotos`),
  showToCustomer: 'Mostrar ao cliente',
  shownToCustomer: 'Visível para o cliente',
  delete: 'Excluir foto',
  deleteTitle: 'Excluir foto?',
  deleteMessage: 'A foto será excluída desta ordem de serviço em todos os aparelhos. Esta ação não pode ser desfeita.',
  deleteConfirm: 'Excluir',
  deleting: 'Excluindo…',
  waiting: 'Aguardando envio',
  waitingRetry: 'Aguardando envio · nova tentativa em instantes',
  uploading: (pct: number) => `Enviando… ${pct}%`,
  sent: 'Enviada',
  failed: 'Não enviada',
  retry: 'Tentar novamente',
  discard: 'Descartar',
  discardTitle: 'Descartar foto?',
  discardMessage: 'A foto ainda não chegou ao servidor e será apagada deste aparelho.',
  reducing: 'Preparando foto…',
  open: (n: number) => `Ampliar foto ${n}`,
  photoAlt: (n: number) => `Foto ${n} do serviço`,
  close: 'Fechar',
  loading: 'Carregando foto…',
  offlineImage: 'Foto disponível quando houver conexão.',
  copyImage: 'Cópia reduzida guardada neste aparelho. A foto em tamanho original aparece quando houver conexão.',
  errorTitle: 'Erro',
  savedOffline: 'Foto guardada neste aparelho. Será enviada quando houver conexão.',
  savedOfflineMany: (n: number) => `${n} fotos guardadas neste aparelho. Serão enviadas quando houver conexão.`,
  overLimit: (n: number) =>
    `${n === 1 ? '1 foto não foi adicionada' : `${n} fotos não foram adicionadas`}: o máximo é ${PHOTOS_PER_WORK_ORDER_MAX} fotos por OS.`,
  takenAt: (when: string) => `Tirada em ${when}`,
} as const;

/** The pt-BR line under a photo still on this device. */
export function pendingStatusText(p: { state: string; progress: number | null; attempts: number }): string {
  switch (p.state) {
    case 'uploading':
      return PHOTO_TEXT.uploading(Math.round((p.progress ?? 0) * 100));
    case 'failed':
      return PHOTO_TEXT.failed;
    case 'sent':
      return PHOTO_TEXT.sent;
    default:
      return PHOTO_TEXT.waiting;
  }
}
