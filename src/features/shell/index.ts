export { StaffShell } from './StaffShell';
export type { ShellSlots } from './DesktopShell';
export { CustomersOverlay } from './CustomersOverlay';
export { useSignOut } from './useSignOut';
export { useIsMobile } from './useIsMobile';
export { routeTitle, NAV_ITEMS, BOTTOM_ITEMS } from './navigation';
export { SHELL_MESSAGES } from './messages';
