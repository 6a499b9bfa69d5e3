import type { LucideIcon } from 'lucide-react';
import { ChartColumn, FileText, House, Package, Settings, User, Users, Wallet, Wrench } from 'lucide-react';
import type { NavKey } from './navigation';

export const NAV_ICONS: Record<NavKey, LucideIcon> = {
  dashboard: Wallet,
  customers: Users,
  stock: Package,
  reports: ChartColumn,
  quotations: FileText,
  services: Wrench,
  settings: Settings,
};

export const BOTTOM_ICONS: Record<NavKey, LucideIcon> = { ...NAV_ICONS, dashboard: House, settings: User };
