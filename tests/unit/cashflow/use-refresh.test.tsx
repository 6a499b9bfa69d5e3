/**
 * 'Atualizar dados' (spec: ignored within 2 s of the previous refresh, with its message): a press
 * refused as too soon shows the warning and leaves 'Atualizando...' on while the refresh it
 * followed is still running; the label comes back when that refresh ends.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DataError } from '../../../src/data/db/errors';
import { TRANSACTION_MESSAGES } from '../../../src/data/db/transactions';

const refresh = vi.fn<() => Promise<void>>();
vi.mock('../../../src/data/db/transactions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/data/db/transactions')>()),
  transactionCommands: { refresh: () => refresh() },
}));
const toasts: { type?: string; title?: string }[] = [];
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: (t: { type?: string; title?: string }) => toasts.push(t) } }));

const { useRefresh } = await import('../../../src/features/cashflow/useRefresh');
const { CASHFLOW_TEXT } = await import('../../../src/features/cashflow/messages');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function RefreshLink() {
  const { refreshing, refresh: press } = useRefresh();
  return <button onClick={() => void press()}>{refreshing ? CASHFLOW_TEXT.refreshing : CASHFLOW_TEXT.refresh}</button>;
}

let container: HTMLDivElement;
let root: Root;

beforeEach(async () => {
  refresh.mockReset();
  toasts.length = 0;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root.render(<RefreshLink />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const press = () => act(async () => container.querySelector('button')!.click());
const label = () => container.querySelector('button')!.textContent;

it('a press within 2 s warns and leaves the running refresh shown until it ends', async () => {
  let finish!: () => void;
  refresh.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
  refresh.mockImplementationOnce(() => Promise.reject(new DataError('too_soon', TRANSACTION_MESSAGES.refreshTooSoon)));

  await press();
  expect(label()).toBe('Atualizando...');
  await press();
  expect(toasts).toEqual([{ type: 'warning', title: 'Por favor, aguarde antes de atualizar novamente' }]);
  expect(label()).toBe('Atualizando...');

  await act(async () => finish());
  expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Dados atualizados com sucesso' });
  expect(label()).toBe('Atualizar dados');
});

it('a failed refresh says so and gives the link back', async () => {
  refresh.mockImplementationOnce(() => Promise.reject(new DataError('refresh_failed', TRANSACTION_MESSAGES.refreshFailed)));
  await press();
  expect(toasts).toEqual([{ type: 'error', title: 'Erro ao atualizar dados' }]);
  expect(label()).toBe('Atualizar dados');
});
