import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { holdEarlyClicks, routerReady } from './app/hydration';
import { startInstallCapture } from './app/pwa/install';
import { releaseThisPageWhenFrozen } from './app/frozen-page';

// Before anything opens a database or takes a lock: a page WebKit keeps in its back/forward
// cache lets go of them (issue 39 §1, src/app/frozen-page.ts).
releaseThisPageWhenFrozen();

// The install prompt fires once, early: catch it before any lazy route mounts.
// The service worker itself is registered by the staff routes (/auth, /adm): its precache holds
// the whole admin app, which a customer opening a quotation link must never download.
startInstallCapture();

const router = createBrowserRouter(routes);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

if (container.hasChildNodes()) {
  // The server drew this page (the landing's intro or /quotation/:code, src/ssr/entry-server.tsx).
  // Hydrate once the router has loaded the page's route module: before that it would render
  // nothing, and the first client render must be the server's markup. The page is on screen already, so hydration
  // runs as a transition, in short slices a phone can paint and scroll between; a press on a
  // button hydrates at once to handle it.
  const replayClicks = holdEarlyClicks(container);
  void routerReady(router).then(() => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
    replayClicks();
  });
} else {
  createRoot(container).render(app);
}
