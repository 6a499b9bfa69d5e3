/**
 * Keeps of a photo only what draws it — an allow-list per format (issue 31; issue 40 §2) —
 * before the server keeps it: whatever a phone, an editor or a person puts beside the pixels
 * (EXIF with the GPS position, XMP, C2PA Content Credentials naming the device and the place,
 * thumbnails, comments, HTML, private chunks, data after the image's end) is not on the list, so
 * it goes, whatever its name. The device re-encodes the photo too; the server does not rely on it.
 * Pure: bytes in, bytes out.
 *
 * - JPEG: the tables (DQT, DHT, DAC), the frame (SOFn: one), DRI, the scans (SOS and their
 *   entropy-coded data with its RSTn) and EOI; a bare JFIF APP0 (its 14 bytes, thumbnail size
 *   zeroed: no JFXX or thumbnail) and a bare Adobe APP14 (its 12 bytes: the colour-transform flag
 *   changes how the pixels decode). Dropped: every other APPn (APP1 Exif/XMP, APP2 ICC/MPF, …),
 *   COM, JPGn, DHP/EXP/DNL (hierarchical and line-count frames, which browsers do not draw), and
 *   anything after EOI; a JPEG without EOI is refused (what follows its scan cannot be told from
 *   appended data).
 * - PNG: the critical chunks (IHDR, PLTE, IDAT, IEND) and the colour chunks a viewer needs to
 *   draw the same colours: tRNS, gAMA, cHRM, sRGB — each a few fixed-size numbers. Not iCCP: an
 *   ICC profile is a compressed file of its own with free-text and private tags (any payload
 *   fits), and the app's photos never carry one (the device re-encodes through a canvas, in
 *   sRGB). Dropped: caBX (C2PA), eXIf, tEXt/iTXt/zTXt, tIME, APNG frames and every other
 *   ancillary or private chunk, and anything after IEND.
 * - WebP: the image chunks — VP8, VP8L, ALPH, ANIM, ANMF (and inside each frame only its ALPH,
 *   VP8, VP8L) — and VP8X with only its alpha and animation flags left (reserved bits zeroed).
 *   Dropped: ICCP, EXIF, XMP, C2PA, META and any other chunk, and anything after the container.
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
const APP14 = 0xee;
/** JFIF's APP0 without its thumbnail: 'JFIF\0', version, units, densities, thumbnail 0×0. */
const JFIF_LENGTH = 14;
/** Adobe's APP14: 'Adobe', version, flags0, flags1, colour transform. */
const ADOBE_LENGTH = 12;

/** DQT, DHT, DAC (tables) and DRI (restart interval): kept as they are. */
const JPEG_TABLES = new Set([0xdb, 0xc4, 0xcc, 0xdd]);

/** SOF0..SOF15 — C4 (DHT), C8 (JPG) and CC (DAC) share the range and are not frames. */
export function isJpegFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers with no length and no payload: RST0..RST7 and TEM. */
function isStandalone(marker: number): boolean {
  return (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
}

function segment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return concat([Uint8Array.of(0xff, marker, length >> 8, length & 0xff), payload]);
}

/** What a JPEG has kept so far: one frame, one JFIF and one Adobe header at most. */
interface JpegKept {
  frame: boolean;
  jfif: boolean;
  adobe: boolean;
}

/** What is kept of one segment, rebuilt from its allowed bytes only; null drops it. */
function keptJpegSegment(marker: number, payload: Uint8Array, kept: JpegKept): Uint8Array | null {
  if (JPEG_TABLES.has(marker)) return segment(marker, payload);
  if (isJpegFrame(marker)) {
    // One frame per image: a second one is a hierarchical file or a trick, not a photo.
    if (kept.frame) throw new UnreadableImage('JPEG with more than one frame');
    kept.frame = true;
    return segment(marker, payload);
  }
  // A second JFIF or Adobe header would only be room for more payload.
  if (marker === APP0 && !kept.jfif && payload.length >= JFIF_LENGTH && startsWithAscii(payload, 'JFIF\0')) {
    kept.jfif = true;
    const bare = payload.slice(0, JFIF_LENGTH);
    bare[12] = 0; // thumbnail width
    bare[13] = 0; // thumbnail height
    return segment(marker, bare);
  }
  if (marker === APP14 && !kept.adobe && payload.length >= ADOBE_LENGTH && startsWithAscii(payload, 'Adobe')) {
    kept.adobe = true;
    return segment(marker, payload.slice(0, ADOBE_LENGTH));
  }
  return null;
}

function stripJpeg(b: Uint8Array): Uint8Array {
  const n = b.length;
  if (n < 4 || b[0] !== 0xff || b[1] !== SOI) throw new UnreadableImage('JPEG without SOI');
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  const kept: JpegKept = { frame: false, jfif: false, adobe: false };
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
      if (!kept.frame) throw new UnreadableImage('JPEG without a frame');
      parts.push(Uint8Array.of(0xff, EOI));
      return concat(parts);
    }
    if (marker === SOI || marker === 0x00) throw new UnreadableImage('JPEG: unexpected marker');
    if (isStandalone(marker)) {
      // A restart marker between scans is harmless; TEM carries nothing a decoder needs.
      if (marker !== 0x01) parts.push(Uint8Array.of(0xff, marker));
      i = m + 1;
      continue;
    }
    if (m + 2 >= n) throw new UnreadableImage('JPEG ends inside a segment length');
    const length = (b[m + 1] << 8) | b[m + 2];
    const end = m + 1 + length;
    if (length < 2 || end > n) throw new UnreadableImage('JPEG segment longer than the file');
    if (marker === SOS) {
      if (!kept.frame) throw new UnreadableImage('JPEG scan before its frame');
      parts.push(b.subarray(m - 1, end));
    } else {
      const rebuilt = keptJpegSegment(marker, b.subarray(m + 3, end), kept);
      if (rebuilt) parts.push(rebuilt);
    }
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
    // No marker after the scan: no EOI, and whatever was appended there would pass as pixels.
    if (j >= n - 1) throw new UnreadableImage('JPEG ends without its end marker');
    parts.push(b.subarray(i, j));
    i = j;
  }
}

// ---------------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------------

const PNG_SIGNATURE_LENGTH = 8;
/** Critical chunks, then the colour ones (see the top of the file for why not iCCP). */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB']);

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
    if (PNG_KEPT.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') return concat(parts);
  }
}

// ---------------------------------------------------------------------------------------------
// WebP
// ---------------------------------------------------------------------------------------------

/** VP8X flags kept: alpha (L) and animation (A). ICC, EXIF, XMP and the reserved bits go. */
const VP8X_KEPT_FLAGS = 0x10 | 0x02;
const WEBP_KEPT = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF']);
const WEBP_FRAME_KEPT = new Set(['ALPH', 'VP8 ', 'VP8L']);
/** ANMF's own fields before its sub-chunks: X, Y, width, height (3 bytes each), duration (3), flags (1). */
const ANMF_HEADER = 16;

function readLe32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

function le32(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

function riffChunk(type: Uint8Array, payload: Uint8Array): Uint8Array {
  return concat([type, Uint8Array.from(le32(payload.length)), payload, payload.length % 2 ? Uint8Array.of(0) : new Uint8Array(0)]);
}

/** The chunks of `b[from, to)` whose type `keep` allows, each rebuilt by `rebuild`. */
function webpChunks(b: Uint8Array, from: number, to: number, keep: (type: string, payload: Uint8Array) => Uint8Array | null): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let i = from;
  while (i < to) {
    if (i + 8 > to) throw new UnreadableImage('WebP ends inside a chunk header');
    const type = chunkType(b, i);
    const size = readLe32(b, i + 4);
    if (i + 8 + size > to) throw new UnreadableImage('WebP chunk longer than the file');
    const kept = keep(type, b.subarray(i + 8, i + 8 + size));
    if (kept) parts.push(riffChunk(b.subarray(i, i + 4), kept));
    i += 8 + size + (size % 2);
  }
  return parts;
}

function stripWebp(b: Uint8Array): Uint8Array {
  if (b.length < 12) throw new UnreadableImage('WebP without header');
  const riffEnd = 8 + readLe32(b, 4);
  if (riffEnd > b.length || riffEnd < 12) throw new UnreadableImage('WebP RIFF size beyond the file');
  let image = false;
  const parts = webpChunks(b, 12, riffEnd, (type, payload) => {
    if (!WEBP_KEPT.has(type)) return null;
    if (type === 'VP8X') {
      if (payload.length < 10) throw new UnreadableImage('WebP VP8X too short');
      // Flags, then the canvas size; the extended header says no ICC/EXIF/XMP follows any more.
      return Uint8Array.from([payload[0] & VP8X_KEPT_FLAGS, 0, 0, 0, ...payload.subarray(4, 10)]);
    }
    if (type === 'ANMF') {
      if (payload.length < ANMF_HEADER) throw new UnreadableImage('WebP ANMF too short');
      // A frame may carry unknown chunks of its own: only its pixels stay.
      const inner = webpChunks(payload, ANMF_HEADER, payload.length, (t, p) => (WEBP_FRAME_KEPT.has(t) ? p : null));
      image = true;
      return concat([payload.subarray(0, ANMF_HEADER), ...inner]);
    }
    if (type === 'VP8 ' || type === 'VP8L') image = true;
    return payload;
  });
  if (!image) throw new UnreadableImage('WebP without image data');
  const body = concat([b.subarray(8, 12), ...parts]);
  return concat([b.subarray(0, 4), Uint8Array.from(le32(body.length)), body]);
}
