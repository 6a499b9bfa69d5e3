import { lazy, useState } from 'react';
import { Menu } from 'lucide-react';
import { CodeSearch } from './CodeSearch';
import { FullScreenSpinner, IntroScreen } from './IntroScreen';
import { LogoMark } from './LogoMark';
import { PhotoField } from './PhotoField';
import type { GalleryPhoto } from './gallery';
import { LANDING_MESSAGES as M } from './messages';
import { useIntro, useLandingData } from './useLandingData';
import { KitBoundary, KitToaster } from '../../ui/KitBoundary';
import './landing.css';

// The dialogs load on first use: the first paint needs only the field, header and search box.
const InfoOverlay = lazy(() => import('./InfoOverlay'));
const PhotoDialog = lazy(() => import('./PhotoDialog'));

/**
 * The public landing page (spec §2 "Landing page", §4, §9). The server draws its first screen, the
 * intro (src/ssr/entry-server.tsx), with the data embedded in the page; the spinner shows only when
 * the page has to read that data itself.
 */
export function LandingPage() {
  const { loading, company, photos, drawn } = useLandingData();
  const intro = useIntro(!loading, drawn);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const [photo, setPhoto] = useState<GalleryPhoto | null>(null);

  if (loading) return <FullScreenSpinner label={M.loading} />;
  if (intro) return <IntroScreen companyName={company?.name ?? ''} />;

  const openMenu = () => {
    setMenuMounted(true);
    setMenuOpen(true);
  };

  return (
    <div className="ld-page">
      <PhotoField photos={photos} dimmed={menuOpen} onOpen={setPhoto} />

      <button type="button" className="ld-menu" aria-label={M.menuOpen} aria-expanded={menuOpen} onClick={openMenu}>
        <Menu size={22} aria-hidden="true" />
      </button>

      <header className="ld-header">
        <LogoMark size={44} />
        {company?.name && <span className="ld-header__name">{company.name}</span>}
      </header>

      <CodeSearch />

      <main className="ld-hero">
        <h1 className="ld-hero__title">{M.title}</h1>
        <p className="ld-hero__tagline">{company?.tagline || M.defaultTagline}</p>
      </main>

      {/* The UI kit (dialogs, toasts) loads once the page is up — never before the first paint. */}
      <KitBoundary>
        {menuMounted && <InfoOverlay open={menuOpen} onClose={() => setMenuOpen(false)} company={company} />}
        {photo && <PhotoDialog photo={photo} onClose={() => setPhoto(null)} />}
      </KitBoundary>
      <KitToaster />
    </div>
  );
}
