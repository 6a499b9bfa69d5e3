/**
 * For pages that paint without the UI kit (the landing, the public quotation page, which must
 * show something fast on a phone): the kit's components inside a <KitBoundary> load with the
 * kit, after the first paint; <KitToaster /> mounts the one toaster such a page needs. Inside
 * the kit already (the same components in the staff area), both just render their children.
 */
import { lazy, Suspense, useContext, type ReactNode } from 'react';
import { UiKitContext } from './kit-context';
import './kit-base.css';

const LazyUiProvider = lazy(() => import('./UiProvider').then((m) => ({ default: m.UiProvider })));

export function KitBoundary({ children }: { children: ReactNode }) {
  if (useContext(UiKitContext)) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <LazyUiProvider toaster={false}>
        <Suspense fallback={null}>{children}</Suspense>
      </LazyUiProvider>
    </Suspense>
  );
}

export function KitToaster() {
  if (useContext(UiKitContext)) return null;
  return (
    <Suspense fallback={null}>
      <LazyUiProvider />
    </Suspense>
  );
}
