/** 'Lançar no caixa' appears on accepted quotations only when the app hands in the command. */
import { afterEach, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { QuotationDoc } from '@shared';
import { RowActions } from '../../../src/features/quotations/RowActions';
import type { QuotationActions } from '../../../src/features/quotations/useQuotationActions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

const actions: QuotationActions = { view: vi.fn(), copy: vi.fn(), share: vi.fn(), savePdf: vi.fn(), askDelete: vi.fn(), dialogs: null };
const q = (status: QuotationDoc['status']) => ({ id: `q-${status}`, code: 'ORC-AAA222', status }) as QuotationDoc;

function render(node: React.ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>));
  return host;
}
const launchButton = (host: HTMLElement) => [...host.querySelectorAll('button')].find((b) => /caixa/.test(b.textContent ?? ''));

test('accepted + handler: Lançar no caixa calls it; already launched: disabled Lançado no caixa', async () => {
  const launch = vi.fn(async () => {});
  let host = render(<RowActions q={q('accepted')} actions={actions} onEdit={() => {}} onLaunchToCash={launch} launchedQuotationIds={new Set()} />);
  expect(launchButton(host)?.textContent).toBe('Lançar no caixa');
  await act(async () => launchButton(host)!.click());
  expect(launch).toHaveBeenCalledWith(q('accepted'));
  act(() => root?.unmount());

  host = render(<RowActions q={q('accepted')} actions={actions} onEdit={() => {}} onLaunchToCash={launch} launchedQuotationIds={new Set(['q-accepted'])} />);
  expect(launchButton(host)?.textContent).toBe('Lançado no caixa');
  expect(launchButton(host)?.disabled).toBe(true);
});

test('no handler, or not accepted: no launch action', () => {
  let host = render(<RowActions q={q('accepted')} actions={actions} onEdit={() => {}} />);
  expect(launchButton(host)).toBeUndefined();
  act(() => root?.unmount());
  host = render(<RowActions q={q('pending')} actions={actions} onEdit={() => {}} onLaunchToCash={async () => {}} />);
  expect(launchButton(host)).toBeUndefined();
});
