/**
 * A server-drawn landing page (src/ssr/entry-server.tsx) starts from the data in its HTML: its
 * intro with the company's name, no spinner, no fetch of the profile or the gallery, and the
 * browser's first render is the server's markup. Drawn or not, the intro lasts 3 s on screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { PAGE_DATA_ELEMENT_ID, type LandingPageData, type PublicCompany } from '@shared';
import { embedPageData, publicCompany } from '../../support/page-data-dom';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const company: PublicCompany = publicCompany({ name: 'Serralheria </script><script>alert(1)</script>', tagline: 'Solda boa' });
const gallery = [
  { src: '/gallery/a.webp', alt: 'Portão', border: 'red' },
  { src: '/gallery/b.webp', alt: '', border: 'green' },
];
const drawnData: LandingPageData = { page: 'landing', company, gallery };

const embed = embedPageData;

const fetchMock = vi.fn(async (url: string) => {
  const body = url.endsWith('/company') ? company : gallery;
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});
let roots: Root[] = [];

beforeEach(() => {
  // page-data keeps what it read for the life of the page: each test is a new page.
  vi.resetModules();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  for (const r of roots) act(() => r.unmount());
  roots = [];
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const urls = () => fetchMock.mock.calls.map(([url]) => url);

describe('the data the landing was drawn with', () => {
  it('is read once from its block, which is removed, with the gallery as the page reads it; handed out until forgotten', async () => {
    embed(drawnData);
    const { drawnLanding, forgetDrawnLanding } = await import('../../../src/features/landing/page-data');
    const first = drawnLanding();
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
    expect(first?.company).toEqual(company);
    expect(first?.photos).toEqual([
      { src: '/gallery/a.webp', alt: 'Portão', border: 'red' },
      { src: '/gallery/b.webp', alt: 'Foto de serviço 2', border: 'red' },
    ]);
    // A render React starts again (and throws the first away) reads the same.
    expect(drawnLanding()).toEqual(first);
    forgetDrawnLanding();
    expect(drawnLanding()).toBeNull();
  });

  it('a gallery the server could not read is the built-in one, as when the page fails to fetch it', async () => {
    embed({ ...drawnData, gallery: null });
    const { drawnLanding } = await import('../../../src/features/landing/page-data');
    const { defaultGallery } = await import('../../../src/features/landing/gallery');
    expect(drawnLanding()?.photos).toEqual(defaultGallery());
  });

  it('another page’s block is left in place; a broken one gives nothing to start from', async () => {
    embed({ quotation: { code: 'ORC-1' }, company });
    const { drawnLanding } = await import('../../../src/features/landing/page-data');
    expect(drawnLanding()).toBeNull();
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).not.toBeNull();

    vi.resetModules();
    document.body.innerHTML = '';
    embed(null, '{"page": "landing", ');
    const again = await import('../../../src/features/landing/page-data');
    expect(again.drawnLanding()).toBeNull();
  });
});

/** Draws the landing as the server does, embeds its data, hydrates it. */
async function drawAndHydrate(data: LandingPageData, { discarded = 0 } = {}) {
  const { renderWithLandingData } = await import('../../../src/features/landing/page-data');
  const { LandingPage } = await import('../../../src/features/landing/LandingPage');
  const html = renderWithLandingData(data, () => renderToString(<LandingPage />));
  expect(html).not.toBeNull();
  const host = document.createElement('div');
  host.innerHTML = html!;
  document.body.append(host);
  embed(data);
  // A render that never reaches the screen runs the hooks' initialisers, never their effects.
  for (let i = 0; i < discarded; i++) renderToString(<LandingPage />);
  const serverHtml = host.innerHTML;
  const recoverable: unknown[] = [];
  await act(async () => {
    roots.push(hydrateRoot(host, <LandingPage />, { onRecoverableError: (e) => recoverable.push(e) }));
  });
  return { host, serverHtml, recoverable };
}

describe('a server-drawn landing', () => {
  it('is drawn as its intro with the company name, hydrates without a mismatch and fetches nothing', async () => {
    const { host, serverHtml, recoverable } = await drawAndHydrate(drawnData);
    expect(serverHtml).toContain('ld-intro');
    expect(serverHtml).toContain('Especialistas em Soldagem Industrial');
    expect(serverHtml).toContain('Serralheria &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(serverHtml).not.toContain('ld-spinner');
    expect(recoverable).toEqual([]);
    // Hydration kept the server's nodes.
    expect(host.innerHTML).toBe(serverHtml);
    expect(urls()).toEqual([]);
  });

  it('a render React throws away before hydrating does not use the data up', async () => {
    const { host, recoverable } = await drawAndHydrate(drawnData, { discarded: 1 });
    expect(recoverable).toEqual([]);
    expect(host.querySelector('.ld-spinner')).toBeNull();
    expect(urls()).toEqual([]);
  });

  it('the intro lasts 3 s, then the page shows the drawn company and photos', async () => {
    const { host } = await drawAndHydrate(drawnData);
    await act(async () => {
      vi.advanceTimersByTime(2_900);
    });
    expect(host.querySelector('.ld-intro')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(host.querySelector('.ld-intro')).toBeNull();
    expect(host.querySelector('.ld-header__name')?.textContent).toBe(company.name);
    expect(host.querySelectorAll('[data-testid=landing-photo]')).toHaveLength(2);
    expect(urls()).toEqual([]);
  });

  it('data that is not the landing’s is not drawn (the server sends the page undrawn)', async () => {
    const { renderWithLandingData } = await import('../../../src/features/landing/page-data');
    const { LandingPage } = await import('../../../src/features/landing/LandingPage');
    const bad = { page: 'quotation', company, gallery } as unknown as LandingPageData;
    expect(renderWithLandingData(bad, () => renderToString(<LandingPage />))).toBeNull();
    // A render that never reads the data (another page) is not the landing's either.
    expect(renderWithLandingData(drawnData, () => renderToString(<p>outra página</p>))).toBeNull();
  });
});

describe('a landing the browser draws alone', () => {
  it('shows the spinner while it reads the profile and the gallery, then the 3-second intro', async () => {
    const { LandingPage } = await import('../../../src/features/landing/LandingPage');
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    roots.push(root);
    act(() => root.render(<LandingPage />));
    expect(host.querySelector('.ld-spinner')).not.toBeNull();
    await act(async () => {
      await vi.waitFor(() => expect(urls()).toHaveLength(2));
    });
    await act(async () => {});
    expect(host.querySelector('.ld-intro')?.textContent).toContain(company.name);
    await act(async () => {
      vi.advanceTimersByTime(3_000);
    });
    expect(host.querySelector('.ld-header__name')?.textContent).toBe(company.name);
  });
});

describe('how long the intro has been on screen when the page takes it over', () => {
  const perf = (now: number, fcp: number | null) => ({
    now: () => now,
    getEntriesByName: (name: string) => (name === 'first-contentful-paint' && fcp !== null ? [{ startTime: fcp }] : []),
  }) as unknown as Performance;

  it('a drawn intro since the first contentful paint; one drawn here, not at all', async () => {
    const { introShownMs } = await import('../../../src/features/landing/useLandingData');
    expect(introShownMs(true, perf(1_900, 400))).toBe(1_500);
    expect(introShownMs(false, perf(1_900, 400))).toBe(0);
    // Not painted yet (a tab opened in the background): the full 3 s from now.
    expect(introShownMs(true, perf(1_900, null))).toBe(0);
  });
});
