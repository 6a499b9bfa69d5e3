import type { ReactNode } from 'react';
import { UiProvider } from '../ui/UiProvider';

/** Providers every page needs. Heavy, admin-only providers (database) live in the admin route. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <UiProvider>{children}</UiProvider>;
}
