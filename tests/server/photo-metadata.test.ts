/**
 * What the server keeps of a photo (sync-server/src/photos/strip-metadata.ts): the pixels, never
 * where or when it was taken. A phone's photo with EXIF GPS, XMP, comments and trailing data comes
 * out byte for byte as the same image without them; a file whose structure cannot be followed is
 * refused, not kept as it came.
 */
import { describe, expect, test } from 'vitest';
import { stripPhotoMetadata, UnreadableImage } from '../../sync-server/src/photos/strip-metadata';
import {
  ADOBE_HEADER,
  animatedWebp,
  C2PA_TEXT,
  CLEAN_JPEG,
  cleanWebp,
  contains,
  jpegGps,
  jpegWithHiddenPayloads,
  jpegWithMetadata,
  png,
  PNG_COLOUR_CHUNKS,
  pngWithAncillaryChunks,
  pngWithMetadata,
  webpWithHiddenChunks,
  webpWithMetadata,
} from './photo-fixtures';

describe('JPEG', () => {
  test('a phone photo with EXIF GPS, XMP, comments and trailing data comes out as the clean image', () => {
    const input = jpegWithMetadata();
    expect(jpegGps(input)).toEqual({ lat: expect.closeTo(-19.9167, 3), lon: expect.closeTo(-43.9333, 3) });
    const out = stripPhotoMetadata(input, 'image/jpeg');
    expect(jpegGps(out)).toBeNull();
    for (const text of ['Exif', 'xmpmeta', 'Photoshop', 'MPF', 'Rua das Flores', 'SEFT']) expect(contains(out, text), text).toBe(false);
    expect(Buffer.from(out).equals(Buffer.from(CLEAN_JPEG))).toBe(true);
  });

  test('a clean JPEG is kept as it is; Adobe\'s 12-byte header stays (its colour transform changes the pixels), an ICC profile goes', () => {
    expect(Buffer.from(stripPhotoMetadata(CLEAN_JPEG, 'image/jpeg')).equals(Buffer.from(CLEAN_JPEG))).toBe(true);
    const seg = (marker: number, text: string) => {
      const p = Buffer.from(text, 'latin1');
      return Buffer.concat([Buffer.from([0xff, marker, (p.length + 2) >> 8, (p.length + 2) & 0xff]), p]);
    };
    const adobe = seg(0xee, 'Adobe\0d\0\0\0\0\x01');
    const withColour = Buffer.concat([Buffer.from(CLEAN_JPEG.subarray(0, 20)), seg(0xe2, 'ICC_PROFILE\0\x01\x01profile'), adobe, Buffer.from(CLEAN_JPEG.subarray(20))]);
    const kept = Buffer.concat([Buffer.from(CLEAN_JPEG.subarray(0, 20)), adobe, Buffer.from(CLEAN_JPEG.subarray(20))]);
    expect(Buffer.from(stripPhotoMetadata(withColour, 'image/jpeg')).equals(kept)).toBe(true);
  });

  test('stuffed bytes and restart markers inside the scan are pixels, kept as they are', () => {
    const sos = Buffer.from(CLEAN_JPEG).indexOf(Buffer.from([0xff, 0xda]));
    const scanStart = sos + 2 + ((CLEAN_JPEG[sos + 2] << 8) | CLEAN_JPEG[sos + 3]);
    const input = Buffer.concat([Buffer.from(CLEAN_JPEG.subarray(0, scanStart)), Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0xd9])]);
    const out = Buffer.from(stripPhotoMetadata(input, 'image/jpeg'));
    expect(out.subarray(scanStart).equals(Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0xd9]))).toBe(true);
  });

  test('a comment after the first scan (progressive files have several) goes too', () => {
    const end = CLEAN_JPEG.length - 2;
    const input = Buffer.concat([Buffer.from(CLEAN_JPEG.subarray(0, end)), Buffer.from([0xff, 0xfe, 0x00, 0x07]), Buffer.from('GPS!!'), Buffer.from([0xff, 0xd9])]);
    const out = stripPhotoMetadata(input, 'image/jpeg');
    expect(Buffer.from(out).equals(Buffer.from(CLEAN_JPEG))).toBe(true);
  });

  test('a JPEG cut inside its metadata, or with a segment longer than the file, is unreadable', () => {
    const input = jpegWithMetadata();
    expect(() => stripPhotoMetadata(input.subarray(0, 30), 'image/jpeg')).toThrow(UnreadableImage);
    const lying = Buffer.from(CLEAN_JPEG);
    lying[4] = 0xff; // APP0 claims ~65 KB
    expect(() => stripPhotoMetadata(lying, 'image/jpeg')).toThrow(UnreadableImage);
    expect(() => stripPhotoMetadata(Uint8Array.from([0xff, 0xd8, 0xff]), 'image/jpeg')).toThrow(UnreadableImage);
  });
});

describe('PNG', () => {
  test('eXIf (GPS), tEXt, iTXt (XMP), zTXt, tIME and trailing data go; the image stays byte for byte', () => {
    const input = pngWithMetadata();
    expect(contains(input, 'eXIf')).toBe(true);
    const out = stripPhotoMetadata(input, 'image/png');
    for (const text of ['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME', 'Rua das Flores', 'xmpmeta', 'trailing']) expect(contains(out, text), text).toBe(false);
    expect(Buffer.from(out).equals(Buffer.from(png()))).toBe(true);
  });

  test('a PNG cut short or not starting with IHDR is unreadable', () => {
    const clean = png();
    expect(() => stripPhotoMetadata(clean.subarray(0, clean.length - 6), 'image/png')).toThrow(UnreadableImage);
    const noHeader = Buffer.concat([Buffer.from(clean.subarray(0, 8)), Buffer.from(clean.subarray(8 + 25))]);
    expect(() => stripPhotoMetadata(noHeader, 'image/png')).toThrow(UnreadableImage);
  });
});

describe('WebP', () => {
  test('EXIF and XMP chunks go, their VP8X flags are cleared and the RIFF size fits again', () => {
    const input = webpWithMetadata();
    const out = stripPhotoMetadata(input, 'image/webp');
    for (const text of ['EXIF', 'XMP ', 'xmpmeta', 'trailing']) expect(contains(out, text), text).toBe(false);
    expect(Buffer.from(out).equals(Buffer.from(cleanWebp()))).toBe(true);
    expect(Buffer.from(out).readUInt32LE(4)).toBe(out.length - 8);
    expect(input[20] & 0x0c).toBe(0x0c); // the input is left as it was
  });

  test('a WebP whose chunk runs past its container is unreadable', () => {
    const bad = Buffer.from(cleanWebp());
    bad.writeUInt32LE(1000, 16); // VP8X claims 1000 bytes
    expect(() => stripPhotoMetadata(bad, 'image/webp')).toThrow(UnreadableImage);
  });
});

describe('an allow-list: only what draws the image stays (issue 40 §2)', () => {
  test('JPEG: a JFIF thumbnail and what follows its header, JFXX, an ICC profile, Adobe beyond its 12 bytes, JPGn and EXP all go', () => {
    const input = jpegWithHiddenPayloads();
    const out = stripPhotoMetadata(input, 'image/jpeg');
    for (const text of ['<html>', 'Rua das Flores', 'JFXX', 'thumbnail', 'ICC_PROFILE', '-19.9167', 'JPG7', 'EXP hidden']) {
      expect(contains(input, text), text).toBe(true);
      expect(contains(out, text), text).toBe(false);
    }
    // What stays: the clean image with a bare JFIF (thumbnail 0×0) and Adobe's bare header.
    const expected = Buffer.concat([Buffer.from(CLEAN_JPEG.subarray(0, 20)), Buffer.from(ADOBE_HEADER), Buffer.from(CLEAN_JPEG.subarray(20))]);
    expect(Buffer.from(out).equals(expected)).toBe(true);
  });

  test('JPEG: bytes after the scan with no end marker are refused, not kept as pixels', () => {
    const noEoi = Buffer.concat([Buffer.from(CLEAN_JPEG.subarray(0, CLEAN_JPEG.length - 2)), Buffer.from('GPS -19.9167,-43.9333')]);
    expect(() => stripPhotoMetadata(noEoi, 'image/jpeg')).toThrow(UnreadableImage);
  });

  test('PNG: caBX (C2PA), iCCP, pHYs, sBIT, private and APNG chunks go; IHDR, IDAT, IEND and sRGB, gAMA, cHRM, tRNS stay', () => {
    const input = pngWithAncillaryChunks();
    const out = stripPhotoMetadata(input, 'image/png');
    for (const text of ['caBX', C2PA_TEXT, 'iCCP', 'pHYs', 'sBIT', 'prVt', 'acTL']) {
      expect(contains(input, text), text).toBe(true);
      expect(contains(out, text), text).toBe(false);
    }
    expect(Buffer.from(out).equals(Buffer.from(png({ extra: PNG_COLOUR_CHUNKS })))).toBe(true);
  });

  test('WebP: ICCP, C2PA, META and unknown chunks go; VP8X keeps only its alpha and animation flags', () => {
    const out = stripPhotoMetadata(webpWithHiddenChunks(), 'image/webp');
    for (const text of ['ICCP', 'C2PA', 'META', 'ABCD', C2PA_TEXT, 'Rua das Flores']) expect(contains(out, text), text).toBe(false);
    expect(Buffer.from(out).equals(Buffer.from(cleanWebp()))).toBe(true);
  });

  test('WebP: an unknown chunk inside an animation frame goes; the animation stays', () => {
    const out = stripPhotoMetadata(animatedWebp(true), 'image/webp');
    expect(contains(out, C2PA_TEXT)).toBe(false);
    expect(Buffer.from(out).equals(Buffer.from(animatedWebp(false)))).toBe(true);
  });
});
