/** The sync badge's refused list offers 'Corrigir' where the app can fix the document. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { SyncBadge } from '../../../src/ui/SyncBadge';
import type { SyncStatusView } from '../../../src/ui/syncStatusText';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const status: SyncStatusView = {
  online: true, pending: 0, lastSyncAt: null, syncing: false, initialSync: null, error: null,
  refused: [
    { collection: 'customers', id: 'c1', error: 'duplicate_phone', message: 'Este telefone já está cadastrado para outro cliente', document: { name: 'João' }, at: '2026-11-22T10:00:00.000Z' },
    { collection: 'stock_movements', id: 'm1', error: 'insert_only', message: 'x', document: {}, at: '2026-11-22T10:00:00.000Z' },
  ],
};

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

it("shows 'Corrigir' only for fixable documents and hands over which one", async () => {
  const onFix = vi.fn();
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>
        <SyncBadge status={status} onDiscard={vi.fn()} onRetry={vi.fn()} onFix={onFix} canFix={(r) => r.collection === 'customers'} />
      </ChakraProvider>,
    );
  });
  await act(async () => {
    (document.querySelector('[data-testid=sync-badge] button') as HTMLButtonElement).click();
  });
  const fixButtons = [...document.querySelectorAll('button')].filter((b) => b.textContent === 'Corrigir');
  expect(fixButtons).toHaveLength(1);
  expect(fixButtons[0].closest('[data-refused]')?.getAttribute('data-refused')).toBe('c1');
  await act(async () => fixButtons[0].click());
  expect(onFix).toHaveBeenCalledWith('customers', 'c1');
});
