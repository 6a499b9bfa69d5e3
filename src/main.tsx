import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { AppProviders } from './app/AppProviders';
import { startInstallCapture } from './app/pwa/install';

// The install prompt fires once, early: catch it before any lazy route mounts.
startInstallCapture();
if (import.meta.env.PROD) {
  void import('./app/pwa/register').then((m) => m.registerServiceWorker());
}

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
