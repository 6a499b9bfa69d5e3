/**
 * Issue 40 §6: the .xlsx importer bounded the file's size but not what it unpacks to. A zip bomb
 * (20 MB or much less that unpacks to hundreds of MB) or a sheet of a million tiny rows went whole
 * into read-excel-file and took the tab down. Now both are refused in pt-BR before
 * read-excel-file is called at all (here a stand-in that records its calls).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { zipSync, strToU8 } from 'fflate';

const readSheet = vi.fn(async () => [['Nome', 'Telefone'], ['Ana', '35 3743-0001']]);
vi.mock('read-excel-file/browser', () => ({ readSheet }));
const { readSpreadsheet, MAX_ROWS, ImportReadError } = await import('../../../src/features/import/readSpreadsheet');
const { countRows, MAX_UNPACKED_BYTES } = await import('../../../src/features/import/xlsxBounds');

const PARTS = {
  '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
  'xl/workbook.xml': strToU8('<?xml version="1.0"?><workbook><sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>'),
};
const sheetXml = (rows: string) => strToU8(`<?xml version="1.0"?><worksheet><sheetData>${rows}</sheetData></worksheet>`);
const xlsx = (parts: Record<string, Uint8Array>) => new File([zipSync({ ...PARTS, ...parts })], 'planilha.xlsx');

/** Rewrites the uncompressed size a zip declares for `name` (its local and central headers). */
function declareSize(zip: Uint8Array, name: string, size: number) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const encoded = strToU8(name);
  const named = (at: number, nameAt: number) => encoded.every((b, k) => zip[at + nameAt + k] === b);
  for (let i = 0; i + 46 < zip.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50 && view.getUint16(i + 26, true) === encoded.length && named(i, 30)) view.setUint32(i + 22, size, true);
    if (sig === 0x02014b50 && view.getUint16(i + 28, true) === encoded.length && named(i, 46)) view.setUint32(i + 24, size, true);
  }
}

beforeEach(() => readSheet.mockClear());

describe('an .xlsx is bounded before it is read', () => {
  it('a small sheet goes to read-excel-file as before', async () => {
    const table = await readSpreadsheet(xlsx({ 'xl/worksheets/sheet1.xml': sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>') }));
    expect(table.rows).toEqual([['Ana', '35 3743-0001']]);
    expect(readSheet).toHaveBeenCalledOnce();
  });

  it('a zip bomb — a small file whose parts unpack past the limit — is refused in pt-BR, unread', async () => {
    // What a bomb tells the unpacker: a part of more than 100 MB (fflate makes a buffer of the size a
    // part declares). Deflating a real 100 MB here would take seconds; the declared size is what counts.
    const zip = zipSync({ ...PARTS, 'xl/worksheets/sheet1.xml': sheetXml(''), 'xl/sharedStrings.xml': new Uint8Array(4096).fill(0x20) });
    declareSize(zip, 'xl/sharedStrings.xml', MAX_UNPACKED_BYTES + 1024);
    const file = new File([zip], 'planilha.xlsx');
    expect(file.size).toBeLessThan(16 * 1024);
    const read = readSpreadsheet(file);
    await expect(read).rejects.toBeInstanceOf(ImportReadError);
    await expect(read).rejects.toThrow('Planilha grande demais: descompactada, passa de 100 MB. Divida a planilha em partes menores ou salve-a como CSV.');
    expect(readSheet).not.toHaveBeenCalled();
  });

  it('a sheet of far more rows than the import takes is refused in pt-BR before any row is built', async () => {
    const rows = Array.from({ length: MAX_ROWS * 2 + 1 }, (_, i) => `<row r="${i + 1}"/>`).join('');
    const read = readSpreadsheet(xlsx({ 'xl/worksheets/sheet1.xml': sheetXml(rows) }));
    await expect(read).rejects.toThrow('A planilha tem mais de 100.000 linhas. Divida-a em partes menores.');
    expect(readSheet).not.toHaveBeenCalled();
  });

  it('rows are counted with or without a namespace prefix, never their closing tags or look-alikes', () => {
    expect(countRows(strToU8('<row r="1"><c/></row><row r="2"/><x:row r="3"></x:row><rowBreaks/><brk/><x:rows/><arrow/>'))).toBe(3);
  });
});
