/**
 * The data a server-rendered landing page was drawn with (schemas: LandingPageData), so the page
 * starts from its intro instead of a spinner and two fetches. In the browser it is the JSON block
 * the server embedded in the HTML, read once and removed; on the server it is what the page is
 * being rendered with (renderWithLandingData). Kept until the page that started from it is on
 * screen (React may throw a hydrating render away and start it again, from the same data), then
 * forgotten: a later visit in the same tab reads the data itself.
 */
import { PAGE_DATA_ELEMENT_ID, type LandingPageData, type PublicCompany } from '@shared';
import { normalizeGallery, type GalleryPhoto } from './gallery';

export interface DrawnLanding {
  company: PublicCompany;
  photos: GalleryPhoto[];
}

type Parts = { drawn: DrawnLanding | null; read?: boolean };

/** undefined: the document's block has not been looked at yet. */
let parts: Parts | undefined;

function fromData(data: LandingPageData): DrawnLanding | null {
  if (data?.page !== 'landing' || !data.company || typeof data.company.name !== 'string') return null;
  return { company: data.company, photos: normalizeGallery(data.gallery) };
}

function readEmbedded(): Parts {
  if (typeof document === 'undefined') return { drawn: null };
  const block = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!block) return { drawn: null };
  try {
    const drawn = fromData(JSON.parse(block.textContent ?? '') as LandingPageData);
    // Another page's block (the quotation page's) is left for that page.
    if (drawn) block.remove();
    return { drawn };
  } catch {
    return { drawn: null };
  }
}

/** What the landing was drawn with (until forgotten); null when it was not drawn by the server. */
export function drawnLanding(): DrawnLanding | null {
  if (parts === undefined) parts = readEmbedded();
  if (parts.drawn) parts.read = true;
  return parts.drawn;
}

/** The page that started from the drawn data is on screen: later visits read their own. */
export function forgetDrawnLanding(): void {
  if (parts) parts.drawn = null;
}

/**
 * Server side: what `render` (synchronous, as react-dom/server's renderToString) draws with `data`
 * as the landing's data, or null when the page did not start from it. Nothing of `data` outlives
 * the call, so concurrent requests cannot mix.
 */
export function renderWithLandingData(data: LandingPageData, render: () => string): string | null {
  const before = parts;
  const drawing: Parts = { drawn: fromData(data) };
  if (!drawing.drawn) return null;
  parts = drawing;
  try {
    const html = render();
    return drawing.read ? html : null;
  } finally {
    parts = before;
  }
}
