/** Dates and sizes of backups as the owner reads them: 28/11/2026 03:00, 4,7 MB. */
const WHEN = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function formatWhen(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '—' : WHEN.format(new Date(t)).replace(',', '');
}

export function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024)).toLocaleString('pt-BR')} KB`;
  return `${(n / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}
