import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { CodeSearch } from '../../../src/features/landing/CodeSearch';
import { toaster } from '../../../src/ui/toaster';
import { retryTiming } from '../../../src/data/public-api';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
let toasts: { title?: unknown; description?: unknown }[];
let opened: string[];

beforeEach(() => {
  toasts = [];
  opened = [];
  vi.spyOn(toaster, 'create').mockImplementation((t) => {
    toasts.push(t);
    return 'id';
  });
  vi.spyOn(window, 'open').mockImplementation((url) => {
    opened.push(String(url));
    return {} as Window;
  });
  retryTiming.sleep = async () => {};
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root.render(
      <ChakraProvider value={defaultSystem}>
        <CodeSearch />
      </ChakraProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setValue(value: string) {
  const input = host.querySelector<HTMLInputElement>('[data-testid=code-search-input]')!;
  // React tracks the value through the native setter.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function submit() {
  await act(async () => {
    host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  // Let the fetch promise chain settle.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('quotation code search box', () => {
  it('refuses an empty or blank code with the spec message, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    act(() => setValue('   '));
    await submit();
    expect(toasts.map((t) => t.title)).toEqual(['Por favor, insira um código de orçamento']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('opens a found quotation in a new tab (trimmed, case-insensitive)', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, { code: 'ORC-ABC123' }));
    vi.stubGlobal('fetch', fetchMock);
    act(() => setValue('  orc-abc123 '));
    await submit();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/public/quotations/ORC-ABC123');
    expect(opened).toEqual(['/quotation/ORC-ABC123']);
    expect(toasts).toEqual([]);
  });

  it('says "Não encontrado" for an unknown code and "Erro ao buscar orçamento" on failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(404, { error: 'not_found', message: 'x' })));
    act(() => setValue('ORC-NOPE12'));
    await submit();
    expect(toasts[0]).toMatchObject({ title: 'Não encontrado', description: 'Nenhum orçamento encontrado com este código' });

    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    await submit();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(toasts[1]).toMatchObject({ title: 'Erro ao buscar orçamento' });
    expect(opened).toEqual([]);
  });

  it('issue 30: a typed code the server asks the phone digits for opens the page, which asks them', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      json(403, { error: 'quotation_phone_required', message: 'Para sua segurança, informe os 4 últimos dígitos do telefone cadastrado.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    act(() => setValue(' orc-abc123'));
    await submit();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/public/quotations/ORC-ABC123');
    expect(opened).toEqual(['/quotation/ORC-ABC123']);
    expect(toasts).toEqual([]);
  });
});
