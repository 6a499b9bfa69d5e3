/**
 * One CSV export of the old system's tables, read into rows by column name (issue 32 §4).
 *
 * The hosted service's table editor ("Export to CSV") writes UTF-8, ',' between fields, a
 * header row with the column names, quotes around fields with commas, quotes or line breaks,
 * and JSON columns as JSON text. A file opened and saved again in a Brazilian Excel comes back
 * in Windows-1252 with ';': both are read (which one a file is: legacy/encoding.ts). The parsing is papaparse's; a file that cannot be
 * read as a table (an unclosed quote, no header with the needed columns) throws LegacyFileError
 * and the import changes nothing.
 */
import Papa from 'papaparse';

/** A file the import cannot use: the whole import stops before anything is written. */
export class LegacyFileError extends Error {}

export interface CsvRow {
  /** The row as a spreadsheet numbers it: the header is row 1, the first record row 2. */
  line: number;
  values: Record<string, string>;
}

export interface CsvTable {
  fileName: string;
  columns: string[];
  rows: CsvRow[];
  /** Rows whose number of fields differs from the header's (skipped, reported). */
  malformed: { line: number; reason: string }[];
}

/** Largest export file read (bytes): a table bigger than this is not an old system's history. */
export const MAX_LEGACY_FILE_BYTES = 50 * 1024 * 1024;

/** The separator of the header line (outside quotes): ',' (the export), ';' (Excel pt-BR) or a tab. */
function guessDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch]++;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] === ',' ? -1 : 1))[0][0];
}

/** A header cell as a column name: trimmed, lower-case, without a BOM or surrounding quotes. */
function columnName(raw: string): string {
  return raw.replace(/^\ufeff/, '').trim().toLowerCase();
}

/**
 * Parses `text` (already decoded) into rows keyed by column name. `required` columns must be in
 * the header, or the file is refused.
 */
export function parseCsv(fileName: string, text: string, required: readonly string[]): CsvTable {
  if (text.includes('\u0000')) throw new LegacyFileError(`${fileName}: não é um arquivo CSV de texto (contém bytes binários).`);
  const body = text.replace(/^\ufeff/, '');
  if (body.trim() === '') throw new LegacyFileError(`${fileName}: o arquivo está vazio (falta ao menos a linha de cabeçalho).`);
  const result = Papa.parse<string[]>(body, { delimiter: guessDelimiter(body), skipEmptyLines: false });
  const quoteError = result.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    throw new LegacyFileError(`${fileName}: aspas sem fechamento perto da linha ${(quoteError.row ?? 0) + 1}; o arquivo não pôde ser lido.`);
  }
  const [header = [], ...records] = result.data;
  const columns = header.map(columnName);
  const missing = required.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    throw new LegacyFileError(
      `${fileName}: faltam as colunas ${missing.join(', ')} no cabeçalho (encontradas: ${columns.filter(Boolean).join(', ') || 'nenhuma'}).`,
    );
  }
  const repeated = columns.filter((c, i) => c !== '' && columns.indexOf(c) !== i);
  if (repeated.length > 0) throw new LegacyFileError(`${fileName}: a coluna ${repeated[0]} aparece mais de uma vez no cabeçalho.`);
  const rows: CsvRow[] = [];
  const malformed: CsvTable['malformed'] = [];
  records.forEach((fields, i) => {
    const line = i + 2;
    // A blank line (the file's last line break, or one left between rows) is no record.
    if (fields.every((f) => f.trim() === '')) return;
    if (fields.length !== columns.length) {
      malformed.push({ line, reason: `a linha tem ${fields.length} campos e o cabeçalho ${columns.length}` });
      return;
    }
    const values: Record<string, string> = {};
    columns.forEach((c, j) => {
      if (c !== '') values[c] = fields[j];
    });
    rows.push({ line, values });
  });
  return { fileName, columns, rows, malformed };
}
