import type { RouteObject } from 'react-router-dom';

/**
 * /quotation/:code, the public quotation page. One definition for the browser's router
 * (routes.tsx) and the server's renderer (src/ssr/entry-server.tsx), so the page the server
 * draws is the one the browser hydrates.
 */
export const publicQuotationRoute: RouteObject = {
  path: '/quotation/:code',
  lazy: () => import('./pages/public-quotation').then((m) => ({ Component: m.default })),
};
