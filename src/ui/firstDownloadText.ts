/** pt-BR wording of a collection's first download, shown by lists in place of "no data". Pure, unit-tested. */

/** Shape of `useFirstDownload()` from src/data/db (kept structural so src/ui stays free of RxDB). */
export interface FirstDownloadProgress {
  done: boolean;
  stored: number;
  total: number | null;
  online: boolean;
}

const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

export const FIRST_DOWNLOAD_TEXT = {
  downloading: 'Baixando dados da oficina…',
  offline: 'Sem conexão: os dados da oficina ainda não foram baixados neste aparelho.',
} as const;

/** "Baixando dados da oficina… 1.200 de 20.000" (without a known total: "… 1.200"); offline: says the data is not here yet. */
export function firstDownloadText(p: FirstDownloadProgress): string {
  if (!p.online) return FIRST_DOWNLOAD_TEXT.offline;
  if (p.total !== null && p.total > 0) {
    // A document changed on the server during the download may arrive twice: never "1.600 de 1.500".
    return `${FIRST_DOWNLOAD_TEXT.downloading} ${count.format(Math.min(p.stored, p.total))} de ${count.format(p.total)}`;
  }
  return p.stored > 0 ? `${FIRST_DOWNLOAD_TEXT.downloading} ${count.format(p.stored)}` : FIRST_DOWNLOAD_TEXT.downloading;
}

/** A list that reads empty says "no data" only once its first download has finished. */
export function awaitingFirstDownload(p: Pick<FirstDownloadProgress, 'done'>, listEmpty: boolean): boolean {
  return !p.done && listEmpty;
}
