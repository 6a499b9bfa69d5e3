/**
 * A chosen file's rows (issue 32 §1): .csv through papaparse — Brazilian Excel's ';' or ',',
 * UTF-8 with or without BOM or Windows-1252, quoted fields with line breaks — and .xlsx through
 * read-excel-file. Both parsers are loaded here, on first use (dynamic import), never with the
 * page. Any failure is an ImportReadError with a pt-BR message; nothing has been written then.
 */
import type { SheetTable } from '../../domain/import/plan';
import type { Cell } from '../../domain/import/values';
import { decodeSpreadsheetBytes, guessDelimiter } from '../../domain/import/encoding';
import { IMPORT_TEXT as T } from './messages';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_ROWS = 100_000;

export class ImportReadError extends Error {}

const isBlank = (c: Cell) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');
const trimRight = (row: Cell[]) => {
  let end = row.length;
  while (end > 0 && isBlank(row[end - 1])) end--;
  return row.slice(0, end);
};

/**
 * `all` holds every row of the sheet from row 1, blank ones too, so that a problem's 'Linha 6' is
 * the row the user sees in the spreadsheet. The header is the first row with something in it.
 */
function toTable(all: Cell[][]): SheetTable {
  const rows = all.map(trimRight);
  const first = rows.findIndex((r) => r.length > 0);
  let end = rows.length;
  while (end > first + 1 && rows[end - 1].length === 0) end--;
  if (first < 0 || end - first < 2) throw new ImportReadError(T.empty);
  if (end - first - 1 > MAX_ROWS) throw new ImportReadError(T.tooManyRows(MAX_ROWS));
  const headers = rows[first].map((h) => (h === null || h === undefined ? '' : String(h).replace(/\s+/g, ' ').trim()));
  return { headers, rows: rows.slice(first + 1, end), firstLine: first + 2 };
}

/** Starts loading the CSV parser (the dialog is open: the file comes next). */
export function preloadCsvParser(): void {
  void import('papaparse').catch(() => undefined);
}

/** A CSV file's bytes as a table (exported for tests). */
export async function parseCsvBytes(bytes: Uint8Array): Promise<SheetTable> {
  const { text } = decodeSpreadsheetBytes(bytes);
  // Binary garbage (an image, a zip renamed .csv) decodes to control characters, never to a sheet.
  const sample = text.slice(0, 4096);
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x0b) throw new ImportReadError(T.notCsv);
  }
  const { default: Papa } = await import('papaparse');
  // Blank lines are kept (skipEmptyLines off): they are rows of the sheet and count in its numbering.
  const result = Papa.parse<string[]>(text, { delimiter: guessDelimiter(text), skipEmptyLines: false });
  if (result.data.length === 0) throw new ImportReadError(T.empty);
  return toTable(result.data as Cell[][]);
}

async function parseXlsx(file: Blob): Promise<SheetTable> {
  const buffer = await file.arrayBuffer();
  const bytes = new Uint8Array(buffer);
  // Its unpacked size and rows first (xlsxBounds.ts): a zip bomb never reaches read-excel-file.
  const { xlsxBoundsProblem } = await import('./xlsxBounds');
  const problem = await xlsxBoundsProblem(bytes, MAX_ROWS);
  if (problem) throw new ImportReadError(problem);
  const { readSheet } = await import('read-excel-file/browser');
  try {
    const rows = (await readSheet(buffer)) as Cell[][];
    return toTable(rows);
  } catch (e) {
    if (e instanceof ImportReadError) throw e;
    const code = (e as { code?: string }).code;
    throw new ImportReadError(code === 'XLS_FILE_NOT_SUPPORTED' ? T.xls : T.notXlsx);
  }
}

export async function readSpreadsheet(file: File): Promise<SheetTable> {
  if (file.size > MAX_FILE_BYTES) throw new ImportReadError(T.tooBig);
  const name = file.name.toLowerCase();
  try {
    if (name.endsWith('.xlsx')) return await parseXlsx(file);
    if (name.endsWith('.xls')) throw new ImportReadError(T.xls);
    if (name.endsWith('.csv') || name.endsWith('.txt') || file.type === 'text/csv') return await parseCsvBytes(new Uint8Array(await file.arrayBuffer()));
    throw new ImportReadError(T.unsupported);
  } catch (e) {
    if (e instanceof ImportReadError) throw e;
    throw new ImportReadError(T.readFailed);
  }
}
