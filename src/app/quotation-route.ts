import type { RouteObject } from 'react-router-dom';
import { retryingImport } from './retrying-import';

/**
 * /quotation/:code, the public quotation page, in the staff app's router (routes.tsx): what a staff device's service worker opens for
 * it, and what an older build's server drew. The server and a customer's browser use the public
 * pages' own app (public-app.tsx, public-main.tsx) with the same page module.
 */
export const publicQuotationRoute: RouteObject = {
  path: '/quotation/:code',
  lazy: () => retryingImport(() => import('./pages/public-quotation')).then((m) => ({ Component: m.default })),
};
