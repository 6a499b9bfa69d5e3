/**
 * An .xlsx file's bounds before read-excel-file unpacks it (issue 40 §6). The file's own size is
 * bounded (MAX_FILE_BYTES), but an .xlsx is a zip: 20 MB of it can unpack to gigabytes (a zip
 * bomb) or to millions of rows, and read-excel-file would hold all of it — the tab goes down.
 *
 * - Unpacked bytes: the sizes the zip declares for its .xml parts (what read-excel-file unpacks,
 *   through fflate) are summed without inflating anything. fflate makes each part's buffer the
 *   size declared and writes no further, so a part lying about its size cannot grow past it:
 *   the declared sum bounds the memory.
 * - Rows: the worksheets are then unpacked (bounded by the above) and their <row> elements counted,
 *   so a sheet of a million tiny rows is refused before read-excel-file builds an array for each.
 *   Blank rows Excel keeps (formatted ones) count too: the limit is twice the rows imported.
 */
import { IMPORT_TEXT as T } from './messages';

/** The most an .xlsx's XML parts may unpack to. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

/** What read-excel-file unpacks (its filterZipArchiveEntry). */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');
const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);

const LT = 0x3c; // <
const SLASH = 0x2f;
const COLON = 0x3a;

/** The <row> elements in a worksheet's XML (any namespace prefix: <row …> or <x:row …>; not </row>). */
export function countRows(xml: Uint8Array): number {
  let rows = 0;
  for (let i = xml.indexOf(LT); i >= 0 && i < xml.length; i = xml.indexOf(LT, i + 1)) {
    if (xml[i + 1] === SLASH) continue;
    // The element's name: up to a space, '>' or '/'.
    let end = i + 1;
    while (end < xml.length && xml[end] > 0x20 && xml[end] !== 0x3e && xml[end] !== SLASH) end++;
    const n = end - i - 1;
    // 'row', or 'prefix:row'
    if (n >= 3 && xml[end - 3] === 0x72 && xml[end - 2] === 0x6f && xml[end - 1] === 0x77 && (n === 3 || xml[end - 4] === COLON)) rows++;
  }
  return rows;
}

/**
 * Why the file may not be read (pt-BR): it unpacks to more than MAX_UNPACKED_BYTES, or a worksheet
 * has more than `maxRows` × 2 rows; null when it may. A file that is not a zip passes: read-excel-file
 * then says it is not an .xlsx.
 */
export async function xlsxBoundsProblem(bytes: Uint8Array, maxRows: number): Promise<string | null> {
  const { unzipSync } = await import('fflate');
  let unpacked = 0;
  try {
    // The filter sees each part's declared size and refuses them all: nothing is inflated.
    unzipSync(bytes, {
      filter: (f) => {
        if (isXmlPart(f.name)) unpacked += f.originalSize;
        return false;
      },
    });
  } catch {
    return null;
  }
  if (unpacked > MAX_UNPACKED_BYTES) return T.tooBigUnpacked(MAX_UNPACKED_BYTES);
  let sheets: Record<string, Uint8Array>;
  try {
    sheets = unzipSync(bytes, { filter: (f) => isWorksheet(f.name) });
  } catch {
    return null;
  }
  for (const xml of Object.values(sheets)) {
    if (countRows(xml) > maxRows * 2) return T.tooManyRows(maxRows);
  }
  return null;
}
