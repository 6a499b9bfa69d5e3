/**
 * The public pages' own app (the landing, /quotation/:code): what the server draws
 * (src/ssr/entry-server.tsx) and what the browser takes over (src/public-main.tsx), the same tree
 * on both sides. Apart from the staff app (routes.tsx, main.tsx) so a customer's phone downloads
 * and runs neither the staff routes nor React Router's data router (issue 33 §4): plain <Routes>,
 * each page a module of its own, the page being opened loaded before React starts.
 *
 * Any other path reached from here (a link to /auth) is a page of the staff app: loaded whole.
 */
import { Component, lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';

export type PublicPageName = 'landing' | 'quotation';
export type PublicPages = Partial<Record<PublicPageName, ComponentType>>;

const LOADERS: Record<PublicPageName, () => Promise<{ default: ComponentType }>> = {
  landing: () => import('./pages/landing'),
  quotation: () => import('./pages/public-quotation'),
};
const LAZY: Record<PublicPageName, ComponentType> = { landing: lazy(LOADERS.landing), quotation: lazy(LOADERS.quotation) };

/** Which public page `pathname` is; null for a page of the staff app. */
export function publicPageOf(pathname: string): PublicPageName | null {
  if (pathname === '/') return 'landing';
  if (/^\/quotation\/[^/]+\/?$/.test(pathname)) return 'quotation';
  return null;
}

/** The page's module, loaded: give it to <PublicApp pages> so the first render draws it at once. */
export async function loadPublicPage(name: PublicPageName): Promise<PublicPages> {
  const page = await LOADERS[name]();
  return { [name]: page.default };
}

function Page({ name, pages }: { name: PublicPageName; pages: PublicPages }) {
  const Loaded = pages[name];
  if (Loaded) return <Loaded />;
  // A public page opened from the other one (Voltar from a quotation to /): loads now.
  const Later = LAZY[name];
  return (
    <Suspense fallback={null}>
      <Later />
    </Suspense>
  );
}

/** A staff page (or a path that is none): the staff app's own HTML, from the server. */
function StaffAppPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  return null;
}

/** The spec's generic error page, as the staff app's router shows it (RouteError). */
class PublicError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
        <h1>Unexpected Application Error!</h1>
        <p>Ocorreu um erro inesperado. Recarregue a página para tentar novamente.</p>
      </div>
    );
  }
}

/** Inside a router (BrowserRouter in the browser, StaticRouter on the server). */
export function PublicApp({ pages }: { pages: PublicPages }) {
  return (
    <PublicError>
      <Routes>
        <Route path="/" element={<Page name="landing" pages={pages} />} />
        <Route path="/quotation/:code" element={<Page name="quotation" pages={pages} />} />
        <Route path="*" element={<StaffAppPage />} />
      </Routes>
    </PublicError>
  );
}
