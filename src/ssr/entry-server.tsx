/**
 * The server's renderer of the public quotation page's first screen (built by
 * `vite build --ssr`, into dist-ssr/; loaded by sync-server/src/ssr at start). The HTML it
 * returns goes inside #root, and the browser hydrates it (src/main.tsx): same routes, same
 * components, same data (page-data), so the markup matches.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { QuotationPageData } from '@shared';
import { RouteError } from '../app/RouteError';
import { publicQuotationRoute } from '../app/quotation-route';
import { renderWithPageData } from '../features/public-quotation/page-data';

// The branch of src/app/routes.tsx that leads to the quotation page, nested the same way.
const handler = createStaticHandler([{ errorElement: <RouteError />, children: [publicQuotationRoute] }]);
const origin = 'http://forja.local';

/** Loads the page's route module now (at server start), so the first customer does not wait for it. */
export async function prepare(): Promise<void> {
  await handler.query(new Request(`${origin}/quotation/PREPARE`));
}

/**
 * #root's HTML for `url` (a /quotation/:code path) drawn with `data`; null when the URL is not
 * that page, or the page would not start from `data`.
 */
export async function renderQuotationPage(url: string, data: QuotationPageData): Promise<string | null> {
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response || context.errors || context.matches.length === 0) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // No router hydration script: the CSP forbids inline scripts, and the browser's router needs
  // none (no loaders; src/main.tsx waits for the lazy route before hydrating).
  return renderWithPageData(data, () =>
    renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    ),
  );
}
