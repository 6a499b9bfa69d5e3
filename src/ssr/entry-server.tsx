/**
 * The server's renderer of the public pages' first screens (built by `vite build --ssr`, into
 * dist-ssr/; loaded by sync-server/src/ssr at start): the public quotation page and the landing's
 * intro. The HTML it returns goes inside #root, and the browser hydrates it (src/public-main.tsx):
 * the same app (src/app/public-app.tsx), same components, same data (page-data), so the markup
 * matches.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { LandingPageData, QuotationPageData } from '@shared';
import { loadPublicPage, PublicApp, publicPageOf, type PublicPageName, type PublicPages } from '../app/public-app';
import { renderWithLandingData } from '../features/landing/page-data';
import { renderWithPageData } from '../features/public-quotation/page-data';

let pages: PublicPages = {};
const origin = 'http://forja.local';

/**
 * Loads the pages' modules now (at server start: sync-server/src/ssr/renderer.ts), so the first
 * visitor does not wait for them. Before that a page renders undrawn (its data unread: null).
 */
export async function prepare(): Promise<void> {
  pages = { ...(await loadPublicPage('landing')), ...(await loadPublicPage('quotation')) };
}

/** A synchronous render of `url`'s page, or null when `url` is not `page`. */
function routed(url: string, page: PublicPageName): (() => string) | null {
  const location = new URL(url, origin);
  if (publicPageOf(location.pathname) !== page) return null;
  return () =>
    renderToString(
      <StrictMode>
        <StaticRouter location={location.pathname + location.search}>
          <PublicApp pages={pages} />
        </StaticRouter>
      </StrictMode>,
    );
}

/**
 * #root's HTML for `url` (a /quotation/:code path) drawn with `data`; null when the URL is not
 * that page, or the page would not start from `data`.
 */
export async function renderQuotationPage(url: string, data: QuotationPageData): Promise<string | null> {
  const render = routed(url, 'quotation');
  return render && renderWithPageData(data, render);
}

/**
 * #root's HTML for `url` (the landing, /) drawn with `data`: its intro. Null when the URL is not
 * that page, or the page would not start from `data`.
 */
export async function renderLandingPage(url: string, data: LandingPageData): Promise<string | null> {
  const render = routed(url, 'landing');
  return render && renderWithLandingData(data, render);
}
