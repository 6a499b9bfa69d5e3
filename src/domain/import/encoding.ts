/**
 * A CSV's bytes as text (issue 32): Brazilian Excel saves "CSV (separado por vírgulas)" in
 * Windows-1252, newer versions and Google Sheets in UTF-8, with or without a BOM. UTF-8 is tried
 * strictly first — Windows-1252's 'ç' (0xE7) alone is never valid UTF-8 — and Windows-1252 is
 * the fallback, so 'Conceição' comes out right either way.
 */
export type TextEncodingName = 'utf-8' | 'windows-1252';

export function decodeSpreadsheetBytes(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const body = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
  }
}

/**
 * The separator of a CSV's first line: ';' (Excel in pt-BR, where ',' is the decimal comma) or ','
 * — whichever splits the header into more columns outside quotes; ';' on a tie.
 */
export function guessDelimiter(text: string): ';' | ',' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}
