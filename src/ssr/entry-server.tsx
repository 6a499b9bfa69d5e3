/**
 * The server's renderer of the public pages' first screens (built by `vite build --ssr`, into
 * dist-ssr/; loaded by sync-server/src/ssr at start): the public quotation page and the landing's
 * intro. The HTML it returns goes inside #root, and the browser hydrates it (src/main.tsx): same
 * routes, same components, same data (page-data), so the markup matches.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { LandingPageData, QuotationPageData } from '@shared';
import { RouteError } from '../app/RouteError';
import { landingRoute } from '../app/landing-route';
import { publicQuotationRoute } from '../app/quotation-route';
import { renderWithLandingData } from '../features/landing/page-data';
import { renderWithPageData } from '../features/public-quotation/page-data';

// The branches of src/app/routes.tsx that lead to the public pages, nested the same way.
const handler = createStaticHandler([{ errorElement: <RouteError />, children: [landingRoute, publicQuotationRoute] }]);
const origin = 'http://forja.local';

/** Loads the pages' route modules now (at server start), so the first visitor does not wait for them. */
export async function prepare(): Promise<void> {
  await handler.query(new Request(`${origin}/`));
  await handler.query(new Request(`${origin}/quotation/PREPARE`));
}

/** A synchronous render of `url`'s page, or null when `url` is not a page of this router. */
async function routed(url: string): Promise<(() => string) | null> {
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response || context.errors || context.matches.length === 0) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // No router hydration script: the CSP forbids inline scripts, and the browser's router needs
  // none (no loaders; src/main.tsx waits for the lazy route before hydrating).
  return () =>
    renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    );
}

/**
 * #root's HTML for `url` (a /quotation/:code path) drawn with `data`; null when the URL is not
 * that page, or the page would not start from `data`.
 */
export async function renderQuotationPage(url: string, data: QuotationPageData): Promise<string | null> {
  const render = await routed(url);
  return render && renderWithPageData(data, render);
}

/**
 * #root's HTML for `url` (the landing, /) drawn with `data`: its intro. Null when the URL is not
 * that page, or the page would not start from `data`.
 */
export async function renderLandingPage(url: string, data: LandingPageData): Promise<string | null> {
  const render = await routed(url);
  return render && renderWithLandingData(data, render);
}
