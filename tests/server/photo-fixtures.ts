/**
 * Image bytes for the photo tests, built here: tiny clean JPEG / PNG / WebP files, the same files
 * carrying what a phone puts in a photo (EXIF with a GPS position, XMP, comments, text chunks,
 * data after the image's end), and a reader of the EXIF GPS position to show it is there — or not.
 */
import { deflateSync } from 'node:zlib';

export const bytes = (...parts: (Uint8Array | number[] | string)[]): Uint8Array => {
  const arrays = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/** Whether `needle` occurs in `hay`. */
export function contains(hay: Uint8Array, needle: Uint8Array | string): boolean {
  const n = typeof needle === 'string' ? new TextEncoder().encode(needle) : needle;
  outer: for (let i = 0; i + n.length <= hay.length; i++) {
    for (let j = 0; j < n.length; j++) if (hay[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// EXIF with a GPS position (Belo Horizonte: 19°55'S 43°56'W)
// ---------------------------------------------------------------------------------------------

/** A big-endian TIFF block: IFD0 → GPS IFD with latitude and longitude. */
export function exifTiffWithGps(): Uint8Array {
  // IFD0 at 8: 1 entry (GPSInfo pointer) = 2 + 12 + 4 bytes → GPS IFD at 26.
  const gpsIfd = 26;
  // GPS IFD: 4 entries = 2 + 48 + 4 bytes → rationals at 80.
  const lat = gpsIfd + 54;
  const lon = lat + 24;
  const rational = (deg: number, min: number) => [...be32(deg), ...be32(1), ...be32(min), ...be32(1), ...be32(0), ...be32(1)];
  return bytes(
    'MM',
    be16(42),
    be32(8),
    be16(1),
    [...be16(0x8825), ...be16(4), ...be32(1), ...be32(gpsIfd)],
    be32(0),
    be16(4),
    [...be16(0x0001), ...be16(2), ...be32(2), 0x53, 0, 0, 0], // GPSLatitudeRef 'S'
    [...be16(0x0002), ...be16(5), ...be32(3), ...be32(lat)], // GPSLatitude
    [...be16(0x0003), ...be16(2), ...be32(2), 0x57, 0, 0, 0], // GPSLongitudeRef 'W'
    [...be16(0x0004), ...be16(5), ...be32(3), ...be32(lon)], // GPSLongitude
    be32(0),
    rational(19, 55),
    rational(43, 56),
  );
}

/** The GPS position in a TIFF block, as signed degrees, or null when it has none. */
function gpsOfTiff(t: Uint8Array): { lat: number; lon: number } | null {
  if (t[0] !== 0x4d || t[1] !== 0x4d) return null; // (the fixtures are big-endian)
  const u16 = (at: number) => (t[at] << 8) | t[at + 1];
  const u32 = (at: number) => ((t[at] << 24) | (t[at + 1] << 16) | (t[at + 2] << 8) | t[at + 3]) >>> 0;
  const entries = (ifd: number) => Array.from({ length: u16(ifd) }, (_, k) => ifd + 2 + k * 12);
  const gpsEntry = entries(u32(4)).find((e) => u16(e) === 0x8825);
  if (gpsEntry === undefined) return null;
  const gps = u32(gpsEntry + 8);
  const values: Record<number, number | string> = {};
  for (const e of entries(gps)) {
    const tag = u16(e);
    if (u16(e + 2) === 2) values[tag] = String.fromCharCode(t[e + 8]);
    else {
      const at = u32(e + 8);
      values[tag] = u32(at) / u32(at + 4) + u32(at + 8) / u32(at + 12) / 60;
    }
  }
  if (typeof values[2] !== 'number' || typeof values[4] !== 'number') return null;
  return { lat: values[1] === 'S' ? -values[2] : values[2], lon: values[3] === 'W' ? -values[4] : values[4] };
}

// ---------------------------------------------------------------------------------------------
// JPEG
// ---------------------------------------------------------------------------------------------

/** A 2×2 baseline JPEG (JFIF APP0, tables, one scan), no metadata (made once with jpeg-js). */
export const CLEAN_JPEG = Uint8Array.from(
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AIa8g9k//9k=',
    'base64',
  ),
);

export function jpegSegment(marker: number, payload: Uint8Array | string): Uint8Array {
  const p = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  return bytes([0xff, marker], be16(p.length + 2), p);
}

/** APP1 Exif with the GPS position. */
export const exifSegment = () => jpegSegment(0xe1, bytes('Exif\0\0', exifTiffWithGps()));
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="19,55S"/></x:xmpmeta>';

/**
 * `clean` (a JPEG starting with SOI + APP0) as a phone sends it: APP1 Exif (GPS) before APP0,
 * then APP1 XMP, APP13 (Photoshop), APP2 MPF, a comment, and extra data after its end.
 */
export function jpegWithMetadata(clean: Uint8Array = CLEAN_JPEG): Uint8Array {
  return bytes(
    clean.subarray(0, 2),
    exifSegment(),
    clean.subarray(2, 20), // APP0 JFIF (its 16-byte segment + marker)
    jpegSegment(0xe1, `http://ns.adobe.com/xap/1.0/\0${XMP}`),
    jpegSegment(0xed, 'Photoshop 3.0\0 8BIM caption: casa do cliente'),
    jpegSegment(0xe2, 'MPF\0 second image follows'),
    jpegSegment(0xfe, 'Rua das Flores, 123 - cliente João'),
    clean.subarray(20),
    'SEFT trailer: location=-19.9167,-43.9333',
  );
}

/** The GPS position in a JPEG's APP1 Exif segments, or null. */
export function jpegGps(jpeg: Uint8Array): { lat: number; lon: number } | null {
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff) {
    const marker = jpeg[i + 1];
    if (marker === 0xda || marker === 0xd9) return null;
    const length = (jpeg[i + 2] << 8) | jpeg[i + 3];
    const payload = jpeg.subarray(i + 4, i + 2 + length);
    if (marker === 0xe1 && contains(payload.subarray(0, 6), 'Exif\0\0')) {
      const found = gpsOfTiff(payload.subarray(6));
      if (found) return found;
    }
    i += 2 + length;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Uint8Array | string): Uint8Array {
  const d = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const typed = bytes(type, d);
  return bytes(be32(d.length), typed, be32(crc32(typed)));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A w×h RGB PNG of one colour; `extra` chunks go between IHDR and IDAT, `late` ones before IEND. */
export function png(opts: { width?: number; height?: number; extra?: Uint8Array[]; late?: Uint8Array[] } = {}): Uint8Array {
  const w = opts.width ?? 2;
  const h = opts.height ?? 2;
  const row = bytes([0], ...Array.from({ length: w }, () => [0xc0, 0x60, 0x20]));
  const raw = bytes(...Array.from({ length: h }, () => row));
  return bytes(
    PNG_SIGNATURE,
    pngChunk('IHDR', bytes(be32(w), be32(h), [8, 2, 0, 0, 0])),
    ...(opts.extra ?? []),
    pngChunk('IDAT', deflateSync(raw)),
    ...(opts.late ?? []),
    pngChunk('IEND', new Uint8Array(0)),
  );
}

/** The same PNG with eXIf (GPS), tEXt, iTXt (XMP), zTXt and tIME chunks, and data after IEND. */
export function pngWithMetadata(): Uint8Array {
  return bytes(
    png({
      extra: [pngChunk('eXIf', exifTiffWithGps()), pngChunk('tEXt', 'Comment\0Rua das Flores, 123'), pngChunk('iTXt', `XML:com.adobe.xmp\0\0\0\0\0${XMP}`)],
      late: [pngChunk('zTXt', bytes('Author\0', [0], deflateSync(Buffer.from('João')))), pngChunk('tIME', bytes(be16(2026), [11, 27, 4, 35, 10]))],
    }),
    'trailing data',
  );
}

// ---------------------------------------------------------------------------------------------
// WebP
// ---------------------------------------------------------------------------------------------

/** The image chunk (VP8L) of a 1×1 lossless WebP. */
export const VP8L_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64').subarray(12);

export function riff(...chunks: Uint8Array[]): Uint8Array {
  const body = bytes('WEBP', ...chunks);
  return bytes('RIFF', le32(body.length), body);
}

export function webpChunk(type: string, data: Uint8Array | string): Uint8Array {
  const d = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return bytes(type, le32(d.length), d, d.length % 2 ? [0] : []);
}

export const vp8x = (flags: number) => webpChunk('VP8X', bytes([flags, 0, 0, 0], [0, 0, 0], [0, 0, 0]));

/** A 1×1 WebP with an extended header (VP8X) and no metadata. */
export const cleanWebp = () => riff(vp8x(0), Uint8Array.from(VP8L_1X1));
/** The same with EXIF (GPS) and XMP chunks, their VP8X flags set, and data after the container. */
export const webpWithMetadata = () =>
  bytes(riff(vp8x(0x08 | 0x04), Uint8Array.from(VP8L_1X1), webpChunk('EXIF', exifTiffWithGps()), webpChunk('XMP ', XMP)), 'trailing');

// ---------------------------------------------------------------------------------------------
// Files carrying what the deny-list let through (issue 40 §2)
// ---------------------------------------------------------------------------------------------

/** Adobe's APP14 as it must stay: 'Adobe', version 100, flags, colour transform 1 (12 bytes). */
export const ADOBE_HEADER = jpegSegment(0xee, bytes('Adobe', [0, 100, 0, 0, 0, 0, 1]));

/**
 * CLEAN_JPEG with a JFIF thumbnail and HTML after its header, a JFXX thumbnail, an ICC profile
 * carrying text, Adobe's header with a GPS note after its 12 bytes, JPG7 and EXP segments.
 */
export function jpegWithHiddenPayloads(): Uint8Array {
  const jfif = CLEAN_JPEG.slice(6, 20); // APP0's 14-byte payload, thumbnail 0×0
  jfif[12] = 1;
  jfif[13] = 1;
  return bytes(
    CLEAN_JPEG.subarray(0, 2),
    jpegSegment(0xe0, bytes(jfif, [0xff, 0, 0], '<html><body>Rua das Flores, 123</body></html>')),
    jpegSegment(0xe0, bytes('JFXX\0', [0x13, 1, 1], [0, 0xff, 0], 'thumbnail of the client house')),
    jpegSegment(0xe2, bytes('ICC_PROFILE\0', [1, 1], 'desc: lat -19.9167 lon -43.9333')),
    jpegSegment(0xee, bytes('Adobe', [0, 100, 0, 0, 0, 0, 1], 'GPS -19.9167,-43.9333')),
    jpegSegment(0xf7, 'JPG7 hidden note'),
    jpegSegment(0xdf, bytes([0x11], 'EXP hidden note')),
    CLEAN_JPEG.subarray(20),
  );
}

/** Text that marks a PNG's ancillary chunk: C2PA's caBX names the device and the place. */
export const C2PA_TEXT = 'c2pa.manifest: Pixel 9, Rua das Flores 123, -19.9167 -43.9333';

/** The colour chunks a PNG keeps (sRGB, gAMA, cHRM) and tRNS. */
export const PNG_COLOUR_CHUNKS = [
  pngChunk('sRGB', Uint8Array.of(0)),
  pngChunk('gAMA', Uint8Array.from(be32(45455))),
  pngChunk('cHRM', Uint8Array.from([31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap(be32))),
  pngChunk('tRNS', Uint8Array.from([0, 1, 0, 2, 0, 3])),
];

/** png() with its colour chunks and caBX (C2PA), iCCP, pHYs, sBIT, a private chunk and APNG's acTL. */
export function pngWithAncillaryChunks(): Uint8Array {
  return png({
    extra: [
      pngChunk('caBX', C2PA_TEXT),
      ...PNG_COLOUR_CHUNKS,
      pngChunk('iCCP', bytes('icc\0', [0], deflateSync(Buffer.from('profile desc: Rua das Flores')))),
      pngChunk('pHYs', bytes(be32(2835), be32(2835), [1])),
      pngChunk('sBIT', Uint8Array.of(8, 8, 8)),
      pngChunk('prVt', 'private: device serial 123456'),
      pngChunk('acTL', bytes(be32(1), be32(0))),
    ],
    late: [pngChunk('caBX', C2PA_TEXT)],
  });
}

/** A 1×1 WebP with ICC, C2PA, META and an unknown chunk beside its pixels, VP8X flags and reserved bits set. */
export function webpWithHiddenChunks(): Uint8Array {
  return riff(
    webpChunk('VP8X', bytes([0x20 | 0x08 | 0x04 | 0xc1, 0xaa, 0xbb, 0xcc], [0, 0, 0], [0, 0, 0])),
    webpChunk('ICCP', 'icc profile desc: Rua das Flores'),
    Uint8Array.from(VP8L_1X1),
    webpChunk('C2PA', C2PA_TEXT),
    webpChunk('META', 'meta: -19.9167 -43.9333'),
    webpChunk('ABCD', 'private chunk'),
  );
}

/** An animated 1×1 WebP (VP8X + ANIM + one ANMF); `junk` puts an unknown chunk inside the frame. */
export function animatedWebp(junk: boolean): Uint8Array {
  const frame = bytes([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [100, 0, 0, 0], Uint8Array.from(VP8L_1X1), junk ? webpChunk('XYZW', C2PA_TEXT) : []);
  return riff(vp8x(0x02), webpChunk('ANIM', bytes([0, 0, 0, 0], [0, 0])), webpChunk('ANMF', frame));
}

// ---------------------------------------------------------------------------------------------
// Sizes read from the header (issue 40 §3)
// ---------------------------------------------------------------------------------------------

/**
 * A real black-and-white PNG of width×height (1 bit per pixel, all black): tiny to send — 12000×12000
 * is ~17 KB — and width×height×4 bytes for whoever decodes it.
 */
export function bilevelPng(width: number, height: number): Uint8Array {
  const row = 1 + Math.ceil(width / 8);
  return bytes(
    PNG_SIGNATURE,
    pngChunk('IHDR', bytes(be32(width), be32(height), [1, 0, 0, 0, 0])),
    pngChunk('IDAT', deflateSync(Buffer.alloc(row * height), { level: 9 })),
    pngChunk('IEND', new Uint8Array(0)),
  );
}

/** CLEAN_JPEG with its frame header (SOF0) saying width×height. */
export function jpegSaying(width: number, height: number): Uint8Array {
  const out = Uint8Array.from(CLEAN_JPEG);
  const sof = Buffer.from(out).indexOf(Buffer.from([0xff, 0xc0]));
  out.set([...be16(height), ...be16(width)], sof + 5);
  return out;
}

/** A lossless WebP whose VP8X canvas and VP8L header both say width×height (pixels not decodable). */
export function webpSaying(width: number, height: number, opts: { canvas?: boolean } = {}): Uint8Array {
  const bits = (width - 1) | ((height - 1) << 14);
  const vp8l = webpChunk('VP8L', bytes([0x2f], le32(bits), [0, 0, 0, 0]));
  if (opts.canvas === false) return riff(vp8l);
  const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
  return riff(webpChunk('VP8X', bytes([0, 0, 0, 0], le24(width - 1), le24(height - 1))), vp8l);
}

/** A lossy WebP (simple format) whose VP8 key-frame header says width×height (pixels not decodable). */
export function lossyWebpSaying(width: number, height: number): Uint8Array {
  return riff(webpChunk('VP8 ', bytes([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a], [width & 0xff, width >> 8], [height & 0xff, height >> 8], [0, 0, 0, 0])));
}
