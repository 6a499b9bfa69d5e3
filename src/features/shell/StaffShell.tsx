/** Chooses the desktop sidebar or the mobile shell by viewport width (768 px). */
import type { ShellSlots } from './DesktopShell';
import { DesktopShell } from './DesktopShell';
import { MobileShell } from './MobileShell';
import { useIsMobile } from './useIsMobile';

export function StaffShell(props: ShellSlots) {
  return useIsMobile() ? <MobileShell {...props} /> : <DesktopShell {...props} />;
}
