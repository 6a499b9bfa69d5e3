/**
 * A server-drawn quotation page (src/ssr/entry-server.tsx) starts from the data in its HTML:
 * read once, no spinner, no first fetch (except the one that marks a first view), and the
 * browser's first render is the server's markup — in any time zone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { PAGE_DATA_ELEMENT_ID, type PublicCompany, type QuotationPageData } from '@shared';
import { publicQuotation } from './fixtures';
import { embedPageData, publicCompany } from '../../support/page-data-dom';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const quotation = publicQuotation({
  // 22:30 on the 20th in São Paulo, already the 21st in UTC and Tokyo.
  created_at: '2026-11-21T01:30:00Z',
  materials: [{ name: 'Metalon 50x30', quantity: 6, price: 89.9 }],
  viewed_at: '2026-11-21T02:00:00Z',
  customer: { name: 'Maria </script><script>alert(1)</script>' },
});
const company: PublicCompany = publicCompany();

const embed = embedPageData;

const fetchMock = vi.fn(async (url: string) => {
  const body = url.endsWith('/company') ? company : { ...quotation, viewed_at: '2026-11-21T02:00:00Z' };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});
const originalTZ = process.env.TZ;
let roots: Root[] = [];

beforeEach(() => {
  // page-data keeps what it read for the life of the page: each test is a new page.
  vi.resetModules();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  for (const r of roots) act(() => r.unmount());
  roots = [];
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  process.env.TZ = originalTZ;
});

const urls = () => fetchMock.mock.calls.map(([url]) => url);

describe('the data a page was drawn with', () => {
  it('is read once from its block, which is removed; each part is handed out until the page that used it forgets it', async () => {
    embed({ quotation, company });
    const { forgetPageCompany, forgetPageQuotation, pageCompany, pageQuotation } = await import(
      '../../../src/features/public-quotation/page-data'
    );
    expect(pageQuotation('ORC-OTHER1')).toBeNull();
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
    // The route's code is matched the way the page reads it (trimmed, any case).
    expect(pageQuotation('orc-abc123')).toEqual(quotation);
    // A render React starts again (and throws the first away) reads the same.
    expect(pageQuotation('ORC-ABC123')).toEqual(quotation);
    forgetPageQuotation();
    expect(pageQuotation('ORC-ABC123')).toBeNull();
    expect(pageCompany()).toEqual(company);
    forgetPageCompany();
    expect(pageCompany()).toBeNull();
  });

  it('a page without a block, or with a broken one, has nothing to start from', async () => {
    embed(null, '{"quotation": ');
    const { pageCompany, pageQuotation } = await import('../../../src/features/public-quotation/page-data');
    expect(pageQuotation('ORC-ABC123')).toBeNull();
    expect(pageCompany()).toBeNull();
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
  });
});

/** `discarded`: renders of the page React starts and throws away before the one it keeps. */
async function drawAndHydrate(data: QuotationPageData, { discarded = 0 } = {}) {
  const { renderWithPageData } = await import('../../../src/features/public-quotation/page-data');
  const { QuotationPage } = await import('../../../src/features/public-quotation/QuotationPage');
  const page = (
    <MemoryRouter initialEntries={[`/quotation/${data.quotation!.code}`]}>
      <QuotationPage code={data.quotation!.code} fallbackPath="/" />
    </MemoryRouter>
  );
  const html = renderWithPageData(data, () => renderToString(page));
  expect(html).not.toBeNull();
  const host = document.createElement('div');
  host.innerHTML = html!;
  document.body.append(host);
  embed(data);
  // A render that never reaches the screen runs the hooks' initialisers, never their effects.
  for (let i = 0; i < discarded; i++) renderToString(page);
  const serverText = host.textContent;
  const recoverable: unknown[] = [];
  await act(async () => {
    roots.push(hydrateRoot(host, page, { onRecoverableError: (e) => recoverable.push(e) }));
  });
  return { host, serverText, recoverable };
}

describe('a server-drawn quotation page', () => {
  it('hydrates without a mismatch, shows no spinner and fetches nothing', async () => {
    const { host, serverText, recoverable } = await drawAndHydrate({ quotation, company });
    expect(serverText).toContain('Orçamento ORC-ABC123');
    expect(serverText).toContain('R$ 1.234,50');
    expect(serverText).toContain('Forja Soldas');
    expect(serverText).toContain('Maria </script><script>alert(1)</script>');
    expect(recoverable).toEqual([]);
    expect(host.querySelector('.pq-loading')).toBeNull();
    expect(host.textContent).toContain('Orçamento ORC-ABC123');
    expect(urls()).toEqual([]);
  });

  it('a render React throws away before hydrating (a press while it hydrates in slices) does not use the data up', async () => {
    const { host, recoverable } = await drawAndHydrate({ quotation, company }, { discarded: 1 });
    expect(recoverable).toEqual([]);
    expect(host.querySelector('.pq-loading')).toBeNull();
    expect(urls()).toEqual([]);
  });

  it('draws times in the shop zone, then shows the device zone once hydrated', async () => {
    process.env.TZ = 'Asia/Tokyo';
    const { host, serverText, recoverable } = await drawAndHydrate({ quotation, company });
    expect(serverText).toContain('Emitido em 20/11/2026');
    expect(recoverable).toEqual([]);
    expect(host.textContent).toContain('Emitido em 21/11/2026');
  });

  it('a first view still asks the API once (that read marks it viewed), in the background', async () => {
    const { host, recoverable } = await drawAndHydrate({ quotation: { ...quotation, viewed_at: null }, company });
    expect(recoverable).toEqual([]);
    expect(urls()).toEqual(['/api/public/quotations/ORC-ABC123']);
    expect(host.querySelector('.pq-loading')).toBeNull();
  });

  it('a later visit to the same quotation, in the same page, fetches it', async () => {
    await drawAndHydrate({ quotation, company });
    const { QuotationPage } = await import('../../../src/features/public-quotation/QuotationPage');
    const host = document.createElement('div');
    document.body.append(host);
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(host);
    roots.push(root);
    await act(async () => {
      root.render(
        <MemoryRouter>
          <QuotationPage code={quotation.code} fallbackPath="/" />
        </MemoryRouter>,
      );
    });
    expect(urls().sort()).toEqual(['/api/public/company', '/api/public/quotations/ORC-ABC123']);
  });
});
