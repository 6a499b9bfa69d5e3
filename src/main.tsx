import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { startInstallCapture } from './app/pwa/install';

// The install prompt fires once, early: catch it before any lazy route mounts.
// The service worker itself is registered by the staff routes (/auth, /adm): its precache holds
// the whole admin app, which a customer opening a quotation link must never download.
startInstallCapture();

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
