/** Configurações › Backups and the dashboard's backup warning (issue 41). */
import { formatBytes, formatWhen } from './backupFormat';

export const BACKUP_TEXT = {
  heading: 'Backups',
  intro: 'O computador do escritório faz um backup do banco toda noite, confere restaurando-o numa pasta temporária e guarda 7 diários, 4 semanais e 12 mensais.',
  serverOnly: 'Os backups ficam no computador do escritório: conecte-se ao servidor para ver a situação deles.',
  loading: 'Consultando o servidor…',
  lastGood: 'Último backup bom',
  none: 'Nenhum backup feito ainda.',
  verified: 'conferido por restauração',
  notVerified: 'não conferido',
  encrypted: 'criptografado',
  where: 'Pasta',
  copy: 'Segunda cópia',
  copyNone: 'Nenhuma segunda pasta configurada (FORJA_BACKUP_COPY_DIR).',
  copyOk: (dir: string, at: string) => `Copiado para ${dir} em ${formatWhen(at)}.`,
  next: (at: string) => `Próximo backup automático: ${formatWhen(at)}.`,
  nextOff: 'Backup automático desligado (FORJA_BACKUP_AT).',
  kept: 'Backups guardados',
  keptEmpty: 'Nenhum backup na pasta.',
  lastFailure: 'Última falha',
  backupNow: 'Fazer backup agora',
  running: 'Fazendo o backup…',
  done: 'Backup feito e conferido.',
  failedNow: 'O backup falhou.',
  offlineNow: 'Sem conexão com o servidor: o backup só pode ser pedido online.',
  summary: (at: string, size: number) => `${formatWhen(at)} · ${formatBytes(size)}`,
  noticeTitle: 'Backup da oficina',
  noticeStale: (since: string | null) =>
    since ? `O último backup bom é de ${formatWhen(since)}, há mais de 48 horas.` : 'Nenhum backup bom foi feito nas últimas 48 horas.',
  noticeCopy: (reason: string) => reason || 'A cópia na segunda pasta falhou.',
  noticeLink: 'Ver os backups',
} as const;
