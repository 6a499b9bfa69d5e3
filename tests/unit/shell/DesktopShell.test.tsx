/**
 * The desktop sidebar: spec items, active highlight, Clientes opens the overlay instead of
 * navigating, Ctrl/Cmd+B collapses to icons and the state lands in the sidebar_state cookie.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { DesktopShell } from '../../../src/features/shell/DesktopShell';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let router: ReturnType<typeof createMemoryRouter>;
const onOpenCustomers = vi.fn();
const onSignOut = vi.fn();

async function mount(path = '/adm/stock') {
  const shell = (
    <DesktopShell customersOpen={false} onOpenCustomers={onOpenCustomers} onSignOut={onSignOut}>
      <p>conteúdo</p>
    </DesktopShell>
  );
  router = createMemoryRouter([{ path: '/adm/*', element: shell }], { initialEntries: [path] });
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>,
    );
  });
}

const nav = () => container.querySelector('nav')!;
const button = (label: string) => nav().querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;

beforeEach(() => {
  document.cookie = 'sidebar_state=; max-age=0; path=/';
  onOpenCustomers.mockReset();
  onSignOut.mockReset();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('DesktopShell', () => {
  it('lists the spec items and highlights the current route', async () => {
    await mount('/adm/stock');
    for (const label of ['Fluxo de Caixa', 'Clientes', 'Estoque', 'Relatórios', 'Orçamentos', 'Serviços', 'Configurações', 'Sair']) {
      expect(button(label), label).toBeTruthy();
    }
    expect(button('Estoque').getAttribute('aria-current')).toBe('page');
    expect(button('Fluxo de Caixa').getAttribute('aria-current')).toBeNull();
  });

  it('navigates with items, opens the overlay with Clientes, signs out with Sair', async () => {
    await mount('/adm/stock');
    await act(async () => button('Relatórios').click());
    expect(router.state.location.pathname).toBe('/adm/reports');
    await act(async () => button('Clientes').click());
    expect(onOpenCustomers).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/adm/reports');
    await act(async () => button('Sair').click());
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('Ctrl+B collapses to icons and saves the state; the cookie restores it', async () => {
    await mount();
    expect(nav().getAttribute('data-state')).toBe('expanded');
    expect(nav().textContent).toContain('Relatórios');
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', ctrlKey: true }));
    });
    expect(nav().getAttribute('data-state')).toBe('collapsed');
    expect(nav().textContent).not.toContain('Relatórios');
    expect(document.cookie).toContain('sidebar_state=false');

    await act(async () => root.unmount());
    root = createRoot(container);
    await mount();
    expect(nav().getAttribute('data-state')).toBe('collapsed');

    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', metaKey: true }));
    });
    expect(nav().getAttribute('data-state')).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });
});
