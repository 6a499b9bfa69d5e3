/**
 * Turns an export table (src/domain/reports/export.ts) into a real file. The libraries load
 * only here, when the user exports (dynamic import): write-excel-file's universal entry for xlsx,
 * papaparse for csv.
 */
import { cellText, type ExportTable } from '../../../domain/reports';
import { fromCents } from '../../../domain/money';
import { downloadBlob } from '../../../ui/downloadBlob';

export type ExportFormat = 'xlsx' | 'csv';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME = 'text/csv;charset=utf-8';
/** Money as a number the spreadsheet can sum, shown as R$ 1.234,50 in a pt-BR Excel/LibreOffice. */
export const MONEY_FORMAT = '"R$" #,##0.00';
export const DATE_FORMAT = 'dd/mm/yyyy';

/** 'YYYY-MM-DD' → a Date at UTC midnight, so the spreadsheet's serial is the whole day. */
function ymdToDate(ymd: string): Date {
  return new Date(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))));
}

export async function tableToXlsx(table: ExportTable): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  type Data = import('write-excel-file/universal').SheetData;
  const header = table.headers.map((h) => ({ value: h, fontWeight: 'bold' as const }));
  const body = table.rows.map((row) =>
    row.map((c) => {
      switch (c.kind) {
        case 'money':
          return { type: Number, value: fromCents(c.cents), format: MONEY_FORMAT };
        case 'number':
          return { type: Number, value: c.value };
        case 'date':
          return c.ymd ? { type: Date, value: ymdToDate(c.ymd), format: DATE_FORMAT } : { type: String, value: '-' };
        case 'text':
          return { type: String, value: c.value };
      }
    }),
  );
  return writeXlsxFile([header, ...body] as Data, {
    sheet: table.sheet,
    columns: table.widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBlob();
}

/**
 * pt-BR csv: ';' separated, decimal comma, dd/MM/yyyy, UTF-8 with a BOM so Excel shows accents.
 * Text cells come out of cellText neutralised against formula injection; the xlsx needs no such
 * care: write-excel-file writes every text cell as a string (shared string), never as a formula.
 */
export async function tableToCsvText(table: ExportTable): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse({ fields: table.headers, data: table.rows.map((r) => r.map(cellText)) }, { delimiter: ';', newline: '\r\n' });
}

export async function tableToFile(table: ExportTable, format: ExportFormat): Promise<{ blob: Blob; name: string }> {
  const name = `${table.fileBase}.${format}`;
  if (format === 'xlsx') return { blob: await tableToXlsx(table), name };
  const text = await tableToCsvText(table);
  return { blob: new Blob(['\ufeff', text], { type: CSV_MIME }), name };
}

export class NoDataError extends Error {}

/** Builds and downloads the file; NoDataError when the table has no rows. Returns the file name. */
export async function exportTable(table: ExportTable, format: ExportFormat): Promise<string> {
  if (table.rows.length === 0) throw new NoDataError('no data');
  const { blob, name } = await tableToFile(table, format);
  downloadBlob(blob, name);
  return name;
}
