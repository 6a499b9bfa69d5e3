import { Outlet } from 'react-router-dom';
import { UiProvider } from '../ui/UiProvider';

/**
 * The UI kit (Chakra) for every page that uses it from its first paint. A route layout, loaded
 * with those pages, so the landing page — which paints without it — never waits for the kit.
 */
export default function UiLayout() {
  return (
    <UiProvider>
      <Outlet />
    </UiProvider>
  );
}
