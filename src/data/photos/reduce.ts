/**
 * A photo as the device keeps and sends it (issue 31 §5): decoded with its EXIF orientation
 * applied, scaled so its longest side is at most PHOTO_MAX_SIDE, and re-encoded (WebP where the
 * browser encodes it, else JPEG). Re-encoding writes fresh pixels only: no EXIF survives, so a
 * photo's GPS position never leaves the device.
 */
import { PHOTO_MAX_SIDE } from '@shared';
import { photoTargetSize } from '../../domain/photo-size';

export const PHOTO_QUALITY = 0.82;

export interface ReducedPhoto {
  blob: Blob;
  mime: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

export class PhotoDecodeError extends Error {}

async function decode(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  if (typeof createImageBitmap === 'function') {
    try {
      return await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      /* an engine without that option, or a type it cannot decode that <img> can */
    }
  }
  // <img> applies the EXIF orientation by default (image-orientation: from-image).
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return img;
  } catch {
    throw new PhotoDecodeError('decode');
  } finally {
    URL.revokeObjectURL(url);
  }
}

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): AnyCanvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

async function encode(canvas: AnyCanvas, type: string): Promise<Blob | null> {
  if ('convertToBlob' in canvas) {
    try {
      return await canvas.convertToBlob({ type, quality: PHOTO_QUALITY });
    } catch {
      return null;
    }
  }
  return new Promise((resolve) => (canvas as HTMLCanvasElement).toBlob((b) => resolve(b), type, PHOTO_QUALITY));
}

/** `maxSide`: the photo sent (PHOTO_MAX_SIDE), or the device's small copy of it (copies.ts). */
export async function reducePhoto(file: Blob, maxSide: number = PHOTO_MAX_SIDE): Promise<ReducedPhoto> {
  const source = await decode(file);
  const srcW = 'naturalWidth' in source ? source.naturalWidth : source.width;
  const srcH = 'naturalHeight' in source ? source.naturalHeight : source.height;
  const { width, height } = photoTargetSize(srcW, srcH, maxSide);
  if (!width || !height) throw new PhotoDecodeError('empty');
  const canvas = canvasOf(width, height);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new PhotoDecodeError('canvas');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
  if ('close' in source) source.close();
  // An engine that cannot encode WebP answers PNG instead: then JPEG.
  const webp = await encode(canvas, 'image/webp');
  if (webp && webp.type === 'image/webp' && webp.size > 0) return { blob: webp, mime: 'image/webp', width, height };
  const jpeg = await encode(canvas, 'image/jpeg');
  if (!jpeg || jpeg.size === 0) throw new PhotoDecodeError('encode');
  return { blob: new Blob([jpeg], { type: 'image/jpeg' }), mime: 'image/jpeg', width, height };
}
