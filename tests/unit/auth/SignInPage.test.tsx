/**
 * /auth as the user sees it: 'Entrando...' while waiting, each catalogue error inline, success
 * replaces history with /adm/dashboard, a live session skips the form.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

type AuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: unknown; offline: boolean };
let authState: AuthState = { status: 'signed-out' };
const signIn = vi.fn();
vi.mock('../../../src/data/auth', () => ({
  useAuth: () => authState,
  signIn: (e: string, p: string) => signIn(e, p),
}));
const toasts: { title?: string; description?: string }[] = [];
vi.mock('../../../src/ui/toaster', () => ({
  toaster: { create: (t: { title?: string }) => toasts.push(t), dismiss: () => undefined },
}));

const { SignInPage } = await import('../../../src/features/auth/SignInPage');
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let router: ReturnType<typeof createMemoryRouter>;

async function mount() {
  router = createMemoryRouter(
    [
      { path: '/auth', element: <SignInPage /> },
      { path: '/adm/dashboard', element: <h1>painel</h1> },
    ],
    { initialEntries: ['/', '/auth'], initialIndex: 1 },
  );
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>,
    );
  });
}

beforeEach(() => {
  authState = { status: 'signed-out' };
  signIn.mockReset();
  toasts.length = 0;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

async function fill(selector: string, value: string) {
  const el = container.querySelector<HTMLInputElement>(selector)!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submitWith(result: unknown) {
  let resolve!: (v: unknown) => void;
  signIn.mockReturnValue(new Promise((r) => (resolve = r)));
  await fill('input[type=email]', 'ana@forja.test');
  await fill('input[type=password]', 'segredo');
  const form = container.querySelector('form')!;
  await act(async () => form.requestSubmit());
  const button = container.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const whileLoading = button.textContent;
  await act(async () => resolve(result));
  return whileLoading;
}

const alertText = () => container.querySelector('[role=alert]')?.textContent ?? '';

describe('SignInPage', () => {
  it('has the title, required email and password, and Entrar', async () => {
    await mount();
    expect(container.textContent).toContain('Área Administrativa');
    expect(container.querySelector<HTMLInputElement>('input[type=email]')!.required).toBe(true);
    expect(container.querySelector<HTMLInputElement>('input[type=password]')!.required).toBe(true);
    expect(container.querySelector('button[type=submit]')!.textContent).toBe('Entrar');
  });

  it("shows 'Entrando...' while waiting and 'Email ou senha incorretos' for wrong credentials", async () => {
    await mount();
    const loadingText = await submitWith({ ok: false, code: 'invalid_credentials', message: 'x' });
    expect(loadingText).toBe('Entrando...');
    expect(signIn).toHaveBeenCalledWith('ana@forja.test', 'segredo');
    expect(alertText()).toContain('Email ou senha incorretos');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the full session-limit text, under a title that does not repeat its first words', async () => {
    await mount();
    await submitWith({ ok: false, code: 'session_limit', message: '' });
    expect(alertText()).toContain(
      'Limite de sessões atingido — Você já está logado em 3 dispositivos diferentes. Por favor, faça logout em um deles para continuar.',
    );
    expect(alertText().split('Limite de sessões atingido').length - 1).toBe(1);
  });

  it('says a refusal once, in the alert above the fields, not again in a toast', async () => {
    await mount();
    await submitWith({ ok: false, code: 'session_limit', message: '' });
    expect(alertText()).toContain('Limite de sessões atingido');
    expect(toasts).toEqual([]);
  });

  it('shows the generic text for an unexpected error', async () => {
    await mount();
    await submitWith({ ok: false, code: 'unexpected', message: 'TypeError' });
    expect(alertText()).toContain('Ocorreu um erro inesperado. Por favor, tente novamente.');
  });

  it('on success toasts and replaces history with the dashboard', async () => {
    await mount();
    await submitWith({ ok: true, user: { id: '1', email: 'ana@forja.test', first_access: false } });
    expect(router.state.location.pathname).toBe('/adm/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(toasts).toContainEqual(
      expect.objectContaining({ title: 'Login realizado com sucesso', description: 'Bem-vindo ao painel administrativo!' }),
    );
  });

  it('a first access goes to the password change without a toast over its dialog (issue 39 §4)', async () => {
    await mount();
    await submitWith({ ok: true, user: { id: '1', email: 'ana@forja.test', first_access: true } });
    expect(router.state.location.pathname).toBe('/adm/dashboard');
    expect(toasts).toEqual([]);
  });

  it('a live session goes straight to the dashboard', async () => {
    authState = { status: 'signed-in', user: { id: '1' }, offline: false };
    await mount();
    expect(router.state.location.pathname).toBe('/adm/dashboard');
  });
});
