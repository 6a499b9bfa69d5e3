/**
 * The public pages' entry (public.html: the landing, /quotation/:code; the server sends it for
 * those paths, sync-server/src/http/page-preloads.ts). Only what these pages need: React, a plain
 * router and the page being opened — not the staff app's routes, its data router, the install
 * prompt or the service worker (a staff device's service worker serves index.html, main.tsx, for
 * every path, these two included).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadPublicPage, PublicApp, publicPageOf, type PublicPages } from './app/public-app';
import { holdEarlyClicks } from './app/hydration';

const container = document.getElementById('root')!;
const drawn = container.hasChildNodes();
// The server drew the page: a press on a button before React has it is replayed afterwards.
const replayClicks = drawn ? holdEarlyClicks(container) : null;
const page = publicPageOf(window.location.pathname);

void (page ? loadPublicPage(page) : Promise.resolve<PublicPages>({})).then((pages) => {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <PublicApp pages={pages} />
      </BrowserRouter>
    </StrictMode>
  );
  if (drawn && replayClicks) {
    // The page is on screen already: hydration runs as a transition, in short slices a phone can
    // paint and scroll between; a press on a button hydrates at once to handle it.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    replayClicks();
  } else {
    createRoot(container).render(app);
  }
});
