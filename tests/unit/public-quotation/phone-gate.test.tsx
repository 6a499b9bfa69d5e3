/**
 * Issue 30: the public quotation page opened without its link's secret asks for the last 4 digits
 * of the customer's phone — drawn by the server (works without JavaScript) and in the browser —
 * and whatever opened it (the link's `k`, the typed `tel`) goes with every request and form.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { PublicCompany } from '@shared';
import { publicQuotation } from './fixtures';
import { embedPageData, publicCompany } from '../../support/page-data-dom';
import { retryTiming } from '../../../src/data/public-api';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const company: PublicCompany = publicCompany();
const quotation = publicQuotation({ code: 'ORC-ABC123', viewed_at: '2026-11-21T02:00:00Z' });
const SECRET = 'AbC-_0123456789abcdefgh';
let answer: { status: number; body: unknown };
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const { status, body } = url.endsWith('/company') ? { status: 200, body: company } : answer;
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
});
let roots: Root[] = [];

beforeEach(() => {
  vi.resetModules();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  retryTiming.sleep = async () => {};
});
afterEach(() => {
  for (const r of roots) act(() => r.unmount());
  roots = [];
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const quotationUrls = () => fetchMock.mock.calls.map(([url]) => url).filter((u) => !u.endsWith('/company'));

async function page(entry: string) {
  const { QuotationPage } = await import('../../../src/features/public-quotation/QuotationPage');
  return (
    <MemoryRouter initialEntries={[entry]}>
      <QuotationPage code="ORC-ABC123" fallbackPath="/" />
    </MemoryRouter>
  );
}

async function show(entry: string) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  const element = await page(entry);
  await act(async () => root.render(element));
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return host;
}

describe('the question for the phone digits', () => {
  it('is drawn by the server for a page locked with wrong digits: a GET form to the page itself, the server’s message, no quotation, no decision', async () => {
    const { renderWithPageData } = await import('../../../src/features/public-quotation/page-data');
    const element = await page('/quotation/ORC-ABC123?tel=1111');
    const html = renderWithPageData({ quotation: null, company, locked: 'quotation_phone_mismatch' }, () => renderToString(element));
    expect(html).not.toBeNull();
    const host = document.createElement('div');
    host.innerHTML = html!;
    const form = host.querySelector('form.pq-gate')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/quotation/ORC-ABC123');
    const input = form.querySelector<HTMLInputElement>('input[name=tel]')!;
    expect(input.required).toBe(true);
    expect(input.getAttribute('pattern')).toBe('[0-9]{4}');
    expect(host.querySelector('label[for=pq-gate-digits]')!.textContent).toBe('4 últimos dígitos do telefone');
    expect(host.textContent).toContain('Para sua segurança, informe os 4 últimos dígitos do telefone cadastrado.');
    expect(host.querySelector('[role=alert]')!.textContent).toContain('O código ou os dígitos do telefone não conferem');
    expect(host.textContent).not.toContain('Aceitar');

    // The browser takes over the drawn question without asking the server again.
    document.body.append(host);
    embedPageData({ quotation: null, company, locked: 'quotation_phone_mismatch' });
    const hydrated = await page('/quotation/ORC-ABC123?tel=1111');
    await act(async () => {
      roots.push(hydrateRoot(host, hydrated));
    });
    expect(host.querySelector('form.pq-gate')).not.toBeNull();
    expect(quotationUrls()).toEqual([]);
  });

  it('is shown in the browser when the server asks for it (a bare code); the page does not keep asking every 30 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      answer = { status: 403, body: { error: 'quotation_phone_required', message: 'Para sua segurança, informe os 4 últimos dígitos do telefone cadastrado.' } };
      const host = await show('/quotation/ORC-ABC123');
      expect(quotationUrls()).toEqual(['/api/public/quotations/ORC-ABC123']);
      expect(host.querySelector('form.pq-gate input[name=tel]')).not.toBeNull();
      expect(host.querySelector('[role=alert]')).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(90_000);
      });
      expect(quotationUrls()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('what opened the page goes with every request', () => {
  it('the link’s secret: read, and the no-JS forms carry it', async () => {
    answer = { status: 200, body: quotation };
    const host = await show(`/quotation/ORC-ABC123?k=${SECRET}`);
    expect(quotationUrls()).toEqual([`/api/public/quotations/ORC-ABC123?k=${SECRET}`]);
    expect(host.querySelector('form.pq-gate')).toBeNull();
    const forms = [...host.querySelectorAll<HTMLFormElement>('form.pq-form')];
    expect(forms.map((f) => f.getAttribute('action'))).toEqual(['/quotation/ORC-ABC123/aceitar', '/quotation/ORC-ABC123/recusar']);
    for (const f of forms) expect(f.querySelector<HTMLInputElement>('input[type=hidden][name=k]')!.value).toBe(SECRET);
  });

  it('the phone digits: read, accepted with them, and the forms carry them', async () => {
    answer = { status: 200, body: quotation };
    const host = await show('/quotation/ORC-ABC123?tel=5432');
    expect(quotationUrls()).toEqual(['/api/public/quotations/ORC-ABC123?tel=5432']);
    for (const f of host.querySelectorAll('form.pq-form')) expect(f.querySelector<HTMLInputElement>('input[type=hidden][name=tel]')!.value).toBe('5432');
    answer = { status: 200, body: { ...quotation, status: 'accepted' } };
    await act(async () => {
      host.querySelector('form.pq-form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(fetchMock.mock.calls.map(([u, init]) => [u, (init as RequestInit | undefined)?.method ?? 'GET']).filter(([u]) => !String(u).endsWith('/company'))).toContainEqual([
      '/api/public/quotations/ORC-ABC123/accept?tel=5432',
      'POST',
    ]);
  });
});
