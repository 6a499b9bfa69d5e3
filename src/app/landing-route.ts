import type { RouteObject } from 'react-router-dom';

/**
 * /, the public landing page. One definition for the browser's router (routes.tsx) and the
 * server's renderer (src/ssr/entry-server.tsx), so the intro the server draws is the one the
 * browser hydrates.
 */
export const landingRoute: RouteObject = {
  path: '/',
  lazy: () => import('./pages/landing').then((m) => ({ Component: m.default })),
};
