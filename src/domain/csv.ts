/**
 * CSV for Brazilian spreadsheets (pure): ';' between cells (the decimal comma is taken), CRLF
 * lines, and a UTF-8 BOM so Excel reads the accents. Text that came from people (a customer's
 * name) is neutralised against formula injection: Excel and LibreOffice run a cell that starts
 * with = + - @ (or a tab/CR that hides one) as a formula, so such a cell gets a leading apostrophe
 * (OWASP "CSV Injection"). Numbers and dates we format ourselves are written as they are.
 */

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\ufeff';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet: a leading apostrophe when it could start a formula. */
export function neutralizeCsvFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell, quoted when it holds the separator, a quote or a line break (quotes doubled). */
export function csvCell(value: string, separator = CSV_SEPARATOR): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Header and rows as CSV text (no BOM), CRLF between lines and after the last. */
export function csvText(rows: readonly (readonly string[])[], separator = CSV_SEPARATOR): string {
  return rows.map((r) => r.map((c) => csvCell(c, separator)).join(separator)).join('\r\n') + '\r\n';
}
