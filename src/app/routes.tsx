/**
 * Every route of the app, in one place. Route modules load lazily so a customer opening a
 * quotation link never downloads the admin area (RxDB, charts, export code).
 * Features never import each other; what one screen needs from another is composed here.
 */
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { RouteError } from './RouteError';
import { retryingImport } from './retrying-import';
import { landingRoute } from './landing-route';
import { publicQuotationRoute } from './quotation-route';

/**
 * Until the first page's lazy module has loaded there is nothing to draw (a server-drawn page is
 * hydrated only after it has: main.tsx). Said explicitly, so React Router does not warn about a
 * missing HydrateFallback on every page load (issue 29 §4: a clean console in every engine).
 */
function NothingYet() {
  return null;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: NothingYet,
    children: [
      // The public pages paint without the UI kit (Chakra), which a phone on a slow network would
      // otherwise wait for; they load it themselves for their dialogs and toasts (ui/KitBoundary).
      landingRoute,
      publicQuotationRoute,
      {
        // Every other page uses the kit from its first paint.
        lazy: () => retryingImport(() => import('./UiLayout')).then((m) => ({ Component: m.default })),
        children: [
          { path: '/auth', lazy: () => retryingImport(() => import('./pages/auth')).then((m) => ({ Component: m.default })) },
          {
            path: '/adm',
            lazy: () => retryingImport(() => import('./pages/admin')).then((m) => ({ Component: m.default })),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'dashboard', lazy: () => retryingImport(() => import('./pages/cashflow')).then((m) => ({ Component: m.DashboardRoute })) },
              { path: 'stock', lazy: () => retryingImport(() => import('./pages/stock')).then((m) => ({ Component: m.StockRoute })) },
              { path: 'reports', lazy: () => retryingImport(() => import('./pages/reports')).then((m) => ({ Component: m.ReportsRoute })) },
              { path: 'services', lazy: () => retryingImport(() => import('./pages/services')).then((m) => ({ Component: m.ServicesRoute })) },
              { path: 'services/:id', lazy: () => retryingImport(() => import('./pages/services')).then((m) => ({ Component: m.WorkOrderRoute })) },
              { path: 'quotations', lazy: () => retryingImport(() => import('./pages/quotations')).then((m) => ({ Component: m.QuotationsRoute })) },
              { path: 'settings', lazy: () => retryingImport(() => import('./pages/settings')).then((m) => ({ Component: m.SettingsRoute })) },
              { path: 'customers', lazy: () => retryingImport(() => import('./pages/customers')).then((m) => ({ Component: m.CustomersRoute })) },
              {
                path: 'quotation/:code',
                lazy: () => retryingImport(() => import('./pages/staff-quotation')).then((m) => ({ Component: m.StaffQuotationRoute })),
              },
              { path: '*', element: <Navigate to="/adm/dashboard" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
