/**
 * Comprovante de entrega (issue 39 §4): saved as a download — which on a phone goes by with no
 * word — the delivery section then says it was saved and where, and offers the share sheet with
 * the PDF where the browser shares files.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { WorkOrderView } from '../../../src/data/db/work-orders';

vi.mock('../../../src/features/services/receipt-pdf', () => ({
  saveReceiptPdf: async (r: { fileName: string }) => ({ fileName: r.fileName, pdf: new Blob(['%PDF-1.3'], { type: 'application/pdf' }) }),
}));
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: () => 'id', dismiss: () => undefined } }));
const { Delivery } = await import('../../../src/features/services/Delivery');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
let host: HTMLDivElement;
const order = { id: 'os-1', code: 'OS-AB12CD', description: 'Portão basculante', total_amount: 850, delivery: { at: '2026-11-27T13:00:00.000Z' }, warranty_until: null } as unknown as WorkOrderView;
const receivable = { launchedQuotationIds: new Set<string>(), onLaunchToCash: async () => undefined, onMarkPaid: async () => undefined };
const shared: ShareData[] = [];

function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <ChakraProvider value={defaultSystem}>
        <Delivery order={order} customer={null} company={null} quotation={null} deliveredBy="Ana" receivable={receivable} />
      </ChakraProvider>,
    ),
  );
}
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.includes(name)) ?? null;
async function saveReceipt() {
  await act(async () => {
    button('Comprovante de entrega')!.click();
    await vi.dynamicImportSettled();
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  shared.length = 0;
});
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

test('once saved, the section says so and where; no share sheet where the browser has none', async () => {
  vi.stubGlobal('navigator', { ...navigator, share: undefined, canShare: undefined });
  render();
  expect(host.querySelector('[role=status]')).toBeNull();
  await saveReceipt();
  const status = host.querySelector('[data-testid=receipt-saved][role=status]');
  expect(status?.textContent).toBe('Comprovante salvo nos downloads do aparelho: comprovante-entrega-OS-AB12CD.pdf');
  expect(button('Compartilhar comprovante')).toBeNull();
});

test('where the phone shares files, Compartilhar comprovante opens its share sheet with the PDF', async () => {
  vi.stubGlobal('navigator', {
    ...navigator,
    canShare: (d: ShareData) => !!d.files?.length,
    share: async (d: ShareData) => void shared.push(d),
  });
  render();
  await saveReceipt();
  expect(host.querySelector('[data-testid=receipt-saved]')?.textContent).toContain('comprovante-entrega-OS-AB12CD.pdf');
  await act(async () => button('Compartilhar comprovante')!.click());
  expect(shared).toHaveLength(1);
  const [file] = shared[0].files!;
  expect([file.name, file.type, shared[0].title]).toEqual(['comprovante-entrega-OS-AB12CD.pdf', 'application/pdf', 'Comprovante de entrega']);
});
