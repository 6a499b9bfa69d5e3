/**
 * Issue 17 on the public page: a quotation past its validity date shows 'Vencido' and offers no
 * Aceitar; once decided the page shows the decision and offers neither Aceitar nor Recusar; a
 * decision the server refuses says why (its pt-BR message) and shows how the quotation stands.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { ERROR_MESSAGES, type PublicQuotation } from '@shared';
import { publicQuotation } from './fixtures';
import { QuotationPage } from '../../../src/features/public-quotation/QuotationPage';
import { notify } from '../../../src/ui/notify';

vi.mock(import('../../../src/ui/notify'), async (importOriginal) => ({ ...(await importOriginal()), notify: vi.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let answers: { get: PublicQuotation; accept?: { status: number; body: unknown } };
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  if (url.endsWith('/company')) return json(404, { error: 'not_found', message: 'x' });
  if (init?.method === 'POST' && url.endsWith('/accept')) return json(answers.accept!.status, answers.accept!.body);
  return json(200, answers.get);
});

let root: Root | null = null;
let host: HTMLElement | null = null;
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function open(q: PublicQuotation) {
  answers = { get: q };
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <MemoryRouter>
        <QuotationPage code={q.code} fallbackPath="/" />
      </MemoryRouter>,
    );
  });
  await vi.waitFor(() => expect(host!.textContent).toContain(`Orçamento ${q.code}`));
}

const buttons = () => [...host!.querySelectorAll('button')].map((b) => b.textContent?.trim());
const badge = () => host!.querySelector('.pq-badge')?.textContent;

describe('the customer decides once, in time', () => {
  it('pending and valid: Pendente, Aceitar and Recusar offered, no notice', async () => {
    await open(publicQuotation());
    expect(badge()).toBe('Pendente');
    expect(buttons()).toEqual(expect.arrayContaining(['Aceitar', 'Recusar', 'Imprimir']));
    expect(host!.querySelector('.pq-notice')).toBeNull();
  });

  it('past its validity date: Vencido, no Aceitar, and a notice with the date and whom to ask', async () => {
    await open(publicQuotation({ expired: true, validity_date: '2026-11-20' }));
    expect(badge()).toBe('Vencido');
    expect(buttons()).not.toContain('Aceitar');
    expect(host!.querySelector('.pq-notice')?.textContent).toBe(
      'A validade deste orçamento terminou em 20/11/2026. Ele não pode mais ser aceito — fale conosco pelos contatos abaixo para renová-lo.',
    );
  });

  it('decided: the decision is shown, neither Aceitar nor Recusar', async () => {
    await open(publicQuotation({ status: 'accepted', decided_at: '2026-11-21T18:05:00Z' }));
    expect(badge()).toBe('Aceito');
    expect(host!.textContent).toMatch(/Aceito em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    expect(buttons()).not.toContain('Aceitar');
    expect(buttons()).not.toContain('Recusar');
    expect(buttons()).toContain('Imprimir');
    expect(host!.querySelector('.pq-notice')?.textContent).toBe('Este orçamento já foi aceito. Para mudar a decisão, fale conosco pelos contatos abaixo.');
  });

  it('an accept the server refuses (it ran out meanwhile) says why and shows Vencido', async () => {
    await open(publicQuotation());
    answers.accept = { status: 409, body: { error: 'quotation_expired', message: ERROR_MESSAGES.quotation_expired } };
    answers.get = publicQuotation({ expired: true });
    const accept = [...host!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Aceitar')!;
    await act(async () => accept.click());
    await vi.waitFor(() => expect(badge()).toBe('Vencido'));
    expect(buttons()).not.toContain('Aceitar');
    expect(notify).toHaveBeenCalledWith({ type: 'error', title: 'Erro ao aceitar orçamento', description: ERROR_MESSAGES.quotation_expired });
  });
});
