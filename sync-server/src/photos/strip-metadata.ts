/**
 * Removes what a photo says besides its pixels — EXIF (GPS position, camera, time), XMP,
 * comments, embedded text — before the server keeps it (issue 31). The device strips it too when
 * it redraws the photo; the server does not rely on that. Pure: bytes in, bytes out.
 *
 * - JPEG: keeps the segments decoding needs (tables, frame, scans), APP0 (JFIF), APP2 only when it
 *   is an ICC colour profile and APP14 only when it is Adobe's (its colour-transform flag changes
 *   how the pixels decode). Drops every other APPn (APP1 Exif/XMP, MPF, maker notes), COM, and
 *   anything after the end-of-image marker (some phones append more data there).
 * - PNG: drops eXIf, tEXt, iTXt, zTXt and tIME chunks, and anything after IEND.
 * - WebP: drops the EXIF and XMP chunks, clears their flags in VP8X, fixes the RIFF size, drops
 *   anything after the RIFF container.
 *
 * A file whose structure cannot be followed throws UnreadableImage: what it would leave in
 * cannot be known, so it is refused rather than kept.
 */
export type PhotoMime = 'image/jpeg' | 'image/png' | 'image/webp';

export class UnreadableImage extends Error {
  constructor(what: string) {
    super(`unreadable image: ${what}`);
    this.name = 'UnreadableImage';
  }
}

export function stripPhotoMetadata(bytes: Uint8Array, mime: PhotoMime): Uint8Array {
  if (mime === 'image/jpeg') return stripJpeg(bytes);
  if (mime === 'image/png') return stripPng(bytes);
  return stripWebp(bytes);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function startsWithAscii(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// JPEG
// ---------------------------------------------------------------------------------------------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;

/** Markers with no length and no payload: RST0..RST7 and TEM. */
function isStandalone(marker: number): boolean {
  return (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
}

function keepJpegSegment(marker: number, payload: Uint8Array): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > APP15) return true;
  if (marker === APP0) return true;
  if (marker === APP2) return startsWithAscii(payload, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWithAscii(payload, 'Adobe');
  return false;
}

function stripJpeg(b: Uint8Array): Uint8Array {
  const n = b.length;
  if (n < 4 || b[0] !== 0xff || b[1] !== SOI) throw new UnreadableImage('JPEG without SOI');
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  for (;;) {
    if (i >= n) throw new UnreadableImage('JPEG ends before its end marker');
    if (b[i] !== 0xff) throw new UnreadableImage(`JPEG: no marker at ${i}`);
    // Fill bytes (FF FF …) may precede a marker; they are not kept.
    let m = i + 1;
    while (m < n && b[m] === 0xff) m++;
    if (m >= n) throw new UnreadableImage('JPEG ends inside a marker');
    const marker = b[m];
    if (marker === EOI) {
      parts.push(Uint8Array.of(0xff, EOI));
      return concat(parts);
    }
    if (marker === SOI || marker === 0x00) throw new UnreadableImage('JPEG: unexpected marker');
    if (isStandalone(marker)) {
      parts.push(Uint8Array.of(0xff, marker));
      i = m + 1;
      continue;
    }
    if (m + 2 >= n) throw new UnreadableImage('JPEG ends inside a segment length');
    const length = (b[m + 1] << 8) | b[m + 2];
    const end = m + 1 + length;
    if (length < 2 || end > n) throw new UnreadableImage('JPEG segment longer than the file');
    if (keepJpegSegment(marker, b.subarray(m + 3, end))) parts.push(Uint8Array.of(0xff, marker), b.subarray(m + 1, end));
    i = end;
    if (marker !== SOS) continue;
    // Entropy-coded data up to the next marker: FF 00 is a stuffed byte, FF D0..D7 a restart.
    let j = i;
    while (j < n - 1) {
      if (b[j] === 0xff) {
        const next = b[j + 1];
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
          j += 2;
          continue;
        }
        if (next !== 0xff) break;
      }
      j++;
    }
    if (j >= n - 1) {
      // Cut short after its pixels began (a truncated upload still decodes in most viewers):
      // the scan is kept and the image closed; nothing after it could be metadata.
      parts.push(b.subarray(i, n), Uint8Array.of(0xff, EOI));
      return concat(parts);
    }
    parts.push(b.subarray(i, j));
    i = j;
  }
}

// ---------------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------------

const PNG_SIGNATURE_LENGTH = 8;
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);

function chunkType(b: Uint8Array, at: number): string {
  return String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);
}

function stripPng(b: Uint8Array): Uint8Array {
  const n = b.length;
  const parts: Uint8Array[] = [b.subarray(0, PNG_SIGNATURE_LENGTH)];
  let i = PNG_SIGNATURE_LENGTH;
  let first = true;
  for (;;) {
    if (i + 12 > n) throw new UnreadableImage('PNG ends before IEND');
    const length = ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
    const type = chunkType(b, i + 4);
    const end = i + 12 + length;
    if (end > n) throw new UnreadableImage('PNG chunk longer than the file');
    if (first && type !== 'IHDR') throw new UnreadableImage('PNG without IHDR first');
    first = false;
    if (!PNG_DROPPED.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') return concat(parts);
  }
}

// ---------------------------------------------------------------------------------------------
// WebP
// ---------------------------------------------------------------------------------------------

const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function readLe32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

function stripWebp(b: Uint8Array): Uint8Array {
  if (b.length < 12) throw new UnreadableImage('WebP without header');
  const riffEnd = 8 + readLe32(b, 4);
  if (riffEnd > b.length || riffEnd < 12) throw new UnreadableImage('WebP RIFF size beyond the file');
  const parts: Uint8Array[] = [];
  let vp8x: Uint8Array | null = null;
  let hasIcc = false;
  let i = 12;
  while (i < riffEnd) {
    if (i + 8 > riffEnd) throw new UnreadableImage('WebP ends inside a chunk header');
    const type = chunkType(b, i);
    const size = readLe32(b, i + 4);
    const end = i + 8 + size + (size % 2);
    if (i + 8 + size > riffEnd) throw new UnreadableImage('WebP chunk longer than the file');
    const chunk = b.slice(i, Math.min(end, riffEnd));
    if (type === 'VP8X') {
      if (size < 10) throw new UnreadableImage('WebP VP8X too short');
      vp8x = chunk;
    }
    if (type === 'ICCP') hasIcc = true;
    if (type !== 'EXIF' && type !== 'XMP ') parts.push(chunk);
    i = end;
  }
  if (parts.length === 0) throw new UnreadableImage('WebP without image data');
  // The extended header says which optional chunks follow: EXIF and XMP no longer do.
  if (vp8x) {
    vp8x[8] &= ~(VP8X_EXIF | VP8X_XMP);
    if (!hasIcc) vp8x[8] &= ~VP8X_ICC;
  }
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 4), 0);
  const size = body.length + 4;
  header.set([size & 0xff, (size >>> 8) & 0xff, (size >>> 16) & 0xff, (size >>> 24) & 0xff], 4);
  header.set(b.subarray(8, 12), 8);
  return concat([header, body]);
}
