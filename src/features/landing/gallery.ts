/**
 * The landing gallery is read at runtime from /gallery/gallery.json (public/gallery/), so the
 * shop can replace the pictures and their descriptions without rebuilding the app: drop new
 * files into public/gallery (or dist/gallery on a deployed server) and list them in the JSON as
 * `{ "src": "/gallery/01.webp", "alt": "…", "border": "blue" | "red" }`.
 */
import { LANDING_MESSAGES } from './messages';

export interface GalleryPhoto {
  src: string;
  alt: string;
  border: 'blue' | 'red';
}

export const GALLERY_URL = '/gallery/gallery.json';
export const GALLERY_SIZE = 15;

/** Built-in list used when the JSON cannot be read: 01.svg … 15.svg, borders alternating. */
export function defaultGallery(): GalleryPhoto[] {
  return Array.from({ length: GALLERY_SIZE }, (_, i) => ({
    src: `/gallery/${String(i + 1).padStart(2, '0')}.svg`,
    alt: LANDING_MESSAGES.photoFallbackAlt(i + 1),
    border: i % 2 === 0 ? 'blue' : 'red',
  }));
}

/** Keeps well-formed entries; a missing border alternates blue/red by position. */
export function normalizeGallery(raw: unknown): GalleryPhoto[] {
  if (!Array.isArray(raw)) return defaultGallery();
  const photos = raw
    .filter((p): p is { src: string; alt?: unknown; border?: unknown } => !!p && typeof p.src === 'string' && p.src !== '')
    .slice(0, GALLERY_SIZE)
    .map((p, i) => ({
      src: p.src,
      alt: typeof p.alt === 'string' && p.alt.trim() ? p.alt : LANDING_MESSAGES.photoFallbackAlt(i + 1),
      border: p.border === 'blue' || p.border === 'red' ? p.border : i % 2 === 0 ? 'blue' : 'red',
    })) as GalleryPhoto[];
  return photos.length > 0 ? photos : defaultGallery();
}

export async function loadGallery(): Promise<GalleryPhoto[]> {
  try {
    const res = await fetch(GALLERY_URL);
    if (!res.ok) return defaultGallery();
    return normalizeGallery(await res.json());
  } catch {
    return defaultGallery();
  }
}
