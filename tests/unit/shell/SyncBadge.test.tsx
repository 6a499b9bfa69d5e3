/** The sync badge: its wording, and the refused-documents panel with its two actions. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { SyncBadge } from '../../../src/ui/SyncBadge';
import type { SyncStatusView } from '../../../src/ui/syncStatusText';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const base: SyncStatusView = {
  online: true, pending: 0, lastSyncAt: null, syncing: false, refused: [], initialSync: null, error: null,
};
const refused = [
  {
    collection: 'customers', id: 'c1', error: 'duplicate_phone',
    message: 'Este telefone já está cadastrado para outro cliente',
    document: { name: 'João da Silva' }, at: '2026-11-22T10:00:00.000Z',
  },
];

let container: HTMLDivElement;
let root: Root;
const onDiscard = vi.fn();
const onRetry = vi.fn();

async function render(status: SyncStatusView) {
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>
        <SyncBadge status={status} onDiscard={onDiscard} onRetry={onRetry} />
      </ChakraProvider>,
    );
  });
}

beforeEach(() => {
  onDiscard.mockReset();
  onRetry.mockReset();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
});

const badge = () => container.querySelector('[data-testid=sync-badge]')!;
const buttonByText = (t: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === t)!;

describe('SyncBadge', () => {
  it('says offline, pending and first download', async () => {
    await render({ ...base, online: false });
    expect(badge().textContent).toContain('Offline');
    await render({ ...base, pending: 2 });
    expect(badge().textContent).toContain('2 alterações pendentes');
    await render({ ...base, initialSync: { done: 3, total: 8 } });
    expect(badge().textContent).toContain('Baixando dados… 3 de 8');
  });

  it('shows a red count of refused documents that opens the panel with reason and actions', async () => {
    await render({ ...base, lastSyncAt: '2026-11-22T10:00:00.000Z', refused });
    const count = badge().querySelector('button')!;
    expect(count.textContent).toBe('1');
    await act(async () => count.click());
    const body = document.body.textContent ?? '';
    expect(body).toContain('Cliente');
    expect(body).toContain('João da Silva');
    expect(body).toContain('Este telefone já está cadastrado para outro cliente');
    await act(async () => buttonByText('Descartar').click());
    expect(onDiscard).toHaveBeenCalledWith('customers', 'c1');
    await act(async () => buttonByText('Tentar novamente').click());
    expect(onRetry).toHaveBeenCalledWith('customers', 'c1');
  });

  it('has no count when nothing was refused', async () => {
    await render({ ...base, lastSyncAt: '2026-11-22T10:00:00.000Z' });
    expect(badge().querySelector('button')).toBeNull();
    expect(badge().textContent).toMatch(/^Sincronizado às \d\d:\d\d$/);
  });
});
