/** The import's report as the person who ran it reads it (pt-BR lines). */
import { LEGACY_TABLES, countWords, type LegacyImportReport, type RowNote } from './import';

/** Rows listed one by one; beyond this the rest are counted. */
const MAX_LISTED = 500;

function noteLine(n: RowNote): string {
  return `  ${n.fileName}, linha ${n.line}${n.id ? ` (id ${n.id})` : ''}: ${n.reason}`;
}

function listed(title: string, notes: RowNote[]): string[] {
  if (notes.length === 0) return [];
  const lines = [`${title} (${notes.length.toLocaleString('pt-BR')}):`, ...notes.slice(0, MAX_LISTED).map(noteLine)];
  if (notes.length > MAX_LISTED) lines.push(`  … e mais ${(notes.length - MAX_LISTED).toLocaleString('pt-BR')}.`);
  return lines;
}

export function formatLegacyReport(r: LegacyImportReport): string[] {
  const lines: string[] = [];
  lines.push(`Arquivos lidos: ${r.files.map((f) => `${f.fileName} (${f.rows.toLocaleString('pt-BR')} ${f.rows === 1 ? 'linha' : 'linhas'})`).join(', ')}.`);
  const counts = LEGACY_TABLES.map((t) => countWords(t, r.imported[t])).join(', ');
  lines.push(r.dryRun ? `Simulação (--simular): seriam importados ${counts}. Nada foi gravado.` : `Importados: ${counts}.`);
  const total = LEGACY_TABLES.reduce((n, t) => n + r.imported[t], 0);
  if (total > 0) {
    lines.push(`Criado por: ${r.authors.map((a) => `${a.email}${a.owner ? ' (dono)' : ''}: ${a.count.toLocaleString('pt-BR')}`).join('; ')}.`);
    for (const f of r.ownerFallbacks) lines.push(`  ${f.count.toLocaleString('pt-BR')} ficaram com o dono ${r.ownerEmail}: ${f.reason}.`);
  }
  lines.push(...listed('Pulados', r.skipped));
  if (r.skipped.length === 0) lines.push('Pulados: nenhum.');
  lines.push(...listed('Observações', r.notes));
  if (!r.dryRun && total > 0) {
    lines.push('Os aparelhos conectados recebem os registros pela sincronização.');
    if (r.imported.quotations > 0) {
      lines.push('Os links antigos /quotation/{código} continuam abrindo: só com o código, o cliente confirma os 4 últimos dígitos do telefone.');
    }
  }
  return lines;
}
