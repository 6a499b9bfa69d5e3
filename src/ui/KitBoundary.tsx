/**
 * For pages that paint without the UI kit (the landing, the public quotation page, which must
 * show something fast on a phone): the kit's components inside a <KitBoundary> load with the
 * kit, after the first paint, and only once there is one to show (a landing whose menu and photos
 * stay closed never downloads the kit: ~47 KB gzip a phone would evaluate in the middle of its
 * first seconds); <KitToaster /> mounts the one toaster such a page needs, when it
 * first shows a message (ui/notify: loading the kit costs a phone a long task). Inside
 * the kit already (the same components in the staff area), both just render their children.
 * On a server-rendered page both wait until the page has hydrated: the server never loads the kit.
 */
import { Children, lazy, Suspense, useContext, type ReactNode } from 'react';
import { UiKitContext } from './kit-context';
import { useToastShown } from './notify';
import { useHydrated } from './useHydrated';
import './kit-base.css';

const LazyUiProvider = lazy(() => import('./UiProvider').then((m) => ({ default: m.UiProvider })));

export function KitBoundary({ children }: { children: ReactNode }) {
  const inKit = useContext(UiKitContext);
  const hydrated = useHydrated();
  if (inKit) return <>{children}</>;
  if (!hydrated || Children.toArray(children).length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LazyUiProvider toaster={false}>
        <Suspense fallback={null}>{children}</Suspense>
      </LazyUiProvider>
    </Suspense>
  );
}

export function KitToaster() {
  const inKit = useContext(UiKitContext);
  const hydrated = useHydrated();
  const needed = useToastShown();
  if (inKit || !hydrated || !needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyUiProvider />
    </Suspense>
  );
}
