/**
 * Which encoding an export file is in, decided per file by a check of its bytes (issue 40 §6):
 * the old system's export is UTF-8; the same file opened and saved again in a Brazilian Excel is
 * Windows-1252. Decoding it strictly and falling back to 1252 on the first invalid byte switched a
 * whole UTF-8 file to 1252 for one bad byte (a cell pasted from elsewhere, a cut line) and turned
 * every accent into 'Ã©' without a word.
 *
 * The check: every byte sequence that is valid UTF-8 beyond ASCII (an accent is two bytes, C3 A9)
 * counts for UTF-8, every byte that cannot be UTF-8 against it. A 1252 file's accents are single
 * bytes (E9), never valid UTF-8 — such a file has no valid sequences and all of its accents
 * invalid; a UTF-8 file with a bad byte has many valid sequences and that one. So: no invalid
 * byte, a BOM, or more valid sequences than invalid bytes → UTF-8 (an invalid byte becomes '�' and
 * its line is named); otherwise Windows-1252. The CLI says which it used for each file.
 */
export type LegacyEncoding = 'utf-8' | 'windows-1252';

export interface DecodedFile {
  text: string;
  encoding: LegacyEncoding;
  /** Lines of the file (1 = the header) with bytes that are not valid UTF-8, read as '�'. */
  invalidLines: number[];
}

interface Scan {
  /** Valid multi-byte UTF-8 sequences. */
  valid: number;
  /** Bytes that cannot be UTF-8, and the lines they are on. */
  invalid: number;
  lines: number[];
}

/** The length of the valid UTF-8 sequence starting at `i` (a lead byte ≥ 0x80), or 0. */
function sequenceAt(b: Uint8Array, i: number): number {
  const lead = b[i];
  const cont = (k: number) => i + k < b.length && (b[i + k] & 0xc0) === 0x80;
  if (lead >= 0xc2 && lead <= 0xdf) return cont(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    if (!cont(1) || !cont(2)) return 0;
    // No overlong forms, no surrogates (what TextDecoder refuses too).
    if (lead === 0xe0 && b[i + 1] < 0xa0) return 0;
    if (lead === 0xed && b[i + 1] >= 0xa0) return 0;
    return 3;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if (lead === 0xf0 && b[i + 1] < 0x90) return 0;
    if (lead === 0xf4 && b[i + 1] >= 0x90) return 0;
    return 4;
  }
  return 0;
}

function scan(b: Uint8Array): Scan {
  const out: Scan = { valid: 0, invalid: 0, lines: [] };
  let line = 1;
  for (let i = 0; i < b.length; ) {
    const byte = b[i];
    if (byte < 0x80) {
      if (byte === 0x0a) line++;
      i++;
      continue;
    }
    const n = sequenceAt(b, i);
    if (n > 0) {
      out.valid++;
      i += n;
    } else {
      out.invalid++;
      if (out.lines[out.lines.length - 1] !== line) out.lines.push(line);
      i++;
    }
  }
  return out;
}

export function decodeLegacyFile(bytes: Uint8Array): DecodedFile {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const s = scan(body);
  if (s.invalid === 0 || bom || s.valid > s.invalid) {
    return { text: new TextDecoder('utf-8').decode(body), encoding: 'utf-8', invalidLines: s.lines };
  }
  return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252', invalidLines: [] };
}

const NAMES: Record<LegacyEncoding, string> = { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252 (salvo de novo pelo Excel)' };

/** Lines listed one by one; beyond this the rest are counted. */
const MAX_LINES = 20;

/** What the CLI prints about each file's encoding (pt-BR). */
export function encodingLines(files: readonly { fileName: string; encoding?: LegacyEncoding; invalidLines?: readonly number[] }[]): string[] {
  const read = files.filter((f) => f.encoding);
  if (read.length === 0) return [];
  const out = [`Codificação: ${read.map((f) => `${f.fileName} em ${NAMES[f.encoding!]}`).join('; ')}.`];
  for (const f of read) {
    const lines = f.invalidLines ?? [];
    if (lines.length === 0) continue;
    const listed = lines.slice(0, MAX_LINES).join(', ') + (lines.length > MAX_LINES ? ` e mais ${lines.length - MAX_LINES}` : '');
    out.push(
      `  Atenção: ${f.fileName} tem ${lines.length === 1 ? 'um trecho que não é' : 'trechos que não são'} UTF-8 válido (${lines.length === 1 ? 'linha' : 'linhas'} ${listed}), lido${lines.length === 1 ? '' : 's'} como “�”: confira ${lines.length === 1 ? 'essa linha' : 'essas linhas'} no arquivo.`,
    );
  }
  return out;
}
