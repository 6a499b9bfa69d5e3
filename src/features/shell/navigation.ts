/** The shell's destinations and the mobile top-bar title rule (back-office spec §2.5). */
import { SHELL_MESSAGES as M } from './messages';

export type NavKey = 'dashboard' | 'customers' | 'services' | 'stock' | 'reports' | 'quotations' | 'settings';

export interface NavItem {
  key: NavKey;
  label: string;
  /** Undefined for Clientes: it opens the customer overlay instead of navigating. */
  to?: string;
}

/** Sidebar and slide-in menu entries, in the spec's order (Sair is rendered separately). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', label: M.cashflow, to: '/adm/dashboard' },
  { key: 'customers', label: M.customers },
  { key: 'stock', label: M.stock, to: '/adm/stock' },
  { key: 'reports', label: M.reports, to: '/adm/reports' },
  { key: 'quotations', label: M.quotations, to: '/adm/quotations' },
  { key: 'services', label: M.services, to: '/adm/services' },
  { key: 'settings', label: M.settings, to: '/adm/settings' },
];

export const BOTTOM_ITEMS: readonly { key: NavKey; label: string; to: string }[] = [
  { key: 'dashboard', label: M.bottomDashboard, to: '/adm/dashboard' },
  { key: 'quotations', label: M.quotations, to: '/adm/quotations' },
  { key: 'services', label: M.services, to: '/adm/services' },
  { key: 'stock', label: M.stock, to: '/adm/stock' },
  { key: 'settings', label: M.bottomProfile, to: '/adm/settings?tab=conta' },
];

/** True when `pathname` is `to` or below it. */
export function isActivePath(pathname: string, to: string): boolean {
  const p = pathname.replace(/\/+$/, '');
  const target = to.split('?')[0];
  return p === target || p.startsWith(`${target}/`);
}

/** Mobile top-bar title: follows the route; 'Clientes' while the customer overlay is open. */
export function routeTitle(pathname: string, customersOpen = false): string {
  if (customersOpen) return M.customers;
  if (isActivePath(pathname, '/adm/dashboard')) return M.titleDashboard;
  if (isActivePath(pathname, '/adm/quotations')) return M.quotations;
  if (isActivePath(pathname, '/adm/services')) return M.servicesTitle;
  if (isActivePath(pathname, '/adm/stock')) return M.stock;
  if (isActivePath(pathname, '/adm/reports')) return M.reports;
  if (isActivePath(pathname, '/adm/settings')) return M.settings;
  return M.productName;
}
