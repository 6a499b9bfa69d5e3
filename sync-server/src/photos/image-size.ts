/**
 * A photo's real width and height, read from its header — never decoded (issue 40 §3). The device
 * says how big its photo is, but a 17 KB PNG can claim 12000×12000 pixels in its header and every
 * device that opens the OS would then decode ~576 MB of it: the server reads the size the viewers
 * will use, refuses what is over the limit (photos/service.ts) and stores that size, not the
 * device's word. Pure; run on bytes stripPhotoMetadata already walked (one JPEG frame, IHDR first).
 *
 * - JPEG: the frame header (SOFn): height, then width; 0 (a height given later by DNL) is refused.
 * - PNG: IHDR's width and height.
 * - WebP: VP8X's canvas when there is one, else the bitstream's own size (VP8's key-frame header,
 *   VP8L's 14-bit fields). Every bitstream and animation frame must fit its canvas or frame — what
 *   libwebp itself demands — so no part of the file is larger than the size returned.
 *
 * Throws UnreadableImage when the size cannot be read.
 */
import { isJpegFrame, UnreadableImage, type PhotoMime } from './strip-metadata';

export interface ImageSize {
  width: number;
  height: number;
}

export function readPhotoSize(bytes: Uint8Array, mime: PhotoMime): ImageSize {
  const size = mime === 'image/jpeg' ? jpegSize(bytes) : mime === 'image/png' ? pngSize(bytes) : webpSize(bytes);
  if (!(size.width > 0 && size.height > 0)) throw new UnreadableImage(`${mime} of size ${size.width}×${size.height}`);
  return size;
}

const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const le32 = (b: Uint8Array, at: number) => (le24(b, at) | (b[at + 3] << 24)) >>> 0;
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

function jpegSize(b: Uint8Array): ImageSize {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) throw new UnreadableImage('JPEG: no marker');
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    // The frame comes before the first scan: reaching a scan or the end first, there is none.
    if (marker === 0xda || marker === 0xd9) break;
    const length = be16(b, i + 2);
    if (isJpegFrame(marker)) {
      if (length < 7 || i + 2 + length > b.length) break;
      return { width: be16(b, i + 7), height: be16(b, i + 5) };
    }
    i += 2 + length;
  }
  throw new UnreadableImage('JPEG without a frame header');
}

function pngSize(b: Uint8Array): ImageSize {
  if (b.length < 24 || fourcc(b, 12) !== 'IHDR') throw new UnreadableImage('PNG without IHDR');
  return { width: be32(b, 16), height: be32(b, 20) };
}

/** The size a VP8 or VP8L bitstream (a chunk's payload) decodes to. */
function bitstreamSize(type: string, p: Uint8Array): ImageSize {
  if (type === 'VP8L') {
    if (p.length < 5 || p[0] !== 0x2f) throw new UnreadableImage('WebP VP8L without its signature');
    const bits = le32(p, 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  // VP8: a 3-byte frame tag (a key frame has bit 0 clear), the start code 9D 01 2A, 14-bit sizes.
  if (p.length < 10 || p[0] & 1 || p[3] !== 0x9d || p[4] !== 0x01 || p[5] !== 0x2a) throw new UnreadableImage('WebP VP8 without a key frame');
  return { width: le16(p, 6) & 0x3fff, height: le16(p, 8) & 0x3fff };
}

function fits(inner: ImageSize, outer: ImageSize): void {
  if (inner.width > outer.width || inner.height > outer.height) throw new UnreadableImage('WebP image larger than its canvas');
}

/** The chunks of b[from, to): type and payload. */
function* chunks(b: Uint8Array, from: number, to: number): Generator<[string, Uint8Array]> {
  let i = from;
  while (i + 8 <= to) {
    const size = le32(b, i + 4);
    if (i + 8 + size > to) throw new UnreadableImage('WebP chunk longer than the file');
    yield [fourcc(b, i), b.subarray(i + 8, i + 8 + size)];
    i += 8 + size + (size % 2);
  }
}

function webpSize(b: Uint8Array): ImageSize {
  const end = Math.min(b.length, 8 + le32(b, 4));
  let canvas: ImageSize | null = null;
  let image: ImageSize | null = null;
  for (const [type, p] of chunks(b, 12, end)) {
    if (type === 'VP8X') {
      if (p.length < 10) throw new UnreadableImage('WebP VP8X too short');
      canvas = { width: le24(p, 4) + 1, height: le24(p, 7) + 1 };
    } else if (type === 'VP8 ' || type === 'VP8L') {
      image = bitstreamSize(type, p);
      if (canvas) fits(image, canvas);
    } else if (type === 'ANMF') {
      if (!canvas || p.length < 16) throw new UnreadableImage('WebP animation frame without its canvas');
      const frame = { width: le24(p, 6) + 1, height: le24(p, 9) + 1 };
      fits({ width: 2 * le24(p, 0) + frame.width, height: 2 * le24(p, 3) + frame.height }, canvas);
      for (const [t, inner] of chunks(p, 16, p.length)) if (t === 'VP8 ' || t === 'VP8L') fits(bitstreamSize(t, inner), frame);
      image = frame;
    }
  }
  const size = canvas ?? image;
  if (!size) throw new UnreadableImage('WebP without image data');
  return size;
}
