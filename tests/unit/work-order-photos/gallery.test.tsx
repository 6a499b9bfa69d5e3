/**
 * 'Escolher da galeria' beside 'Tirar foto' (issue 39 §3): on a phone a `capture` input offers the
 * camera only, so the gallery is a second input without `capture` and with `multiple`; each file
 * chosen goes through addPhoto (reduced, stripped, queued) like a camera photo, and those over the
 * OS's 30 are left out with a word.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';

const added: { workOrderId: string; name: string }[] = [];
const toasts: { type?: string; description?: string }[] = [];
let stored: { id: string }[] = [];
vi.mock('../../../src/data/db/work-orders', () => ({
  useWorkOrder: () => ({ photos: stored }),
  workOrderCommands: { setPhotoVisible: vi.fn(), removePhoto: vi.fn() },
}));
vi.mock('../../../src/data/photos', () => ({
  addPhoto: async (workOrderId: string, file: File) => void added.push({ workOrderId, name: file.name }),
  discardPhoto: vi.fn(),
  retryPhoto: vi.fn(),
  usePendingPhotos: () => [],
  usePhotoImage: () => ({ url: null, failed: false, copy: false }),
}));
vi.mock('../../../src/data/db/sync-status', () => ({ useSyncStatus: () => ({ online: true }) }));
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: (t: { type?: string; description?: string }) => toasts.push(t) } }));
const { WorkOrderPhotos } = await import('../../../src/features/work-order-photos');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
let host: HTMLDivElement;

function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<ChakraProvider value={defaultSystem}><WorkOrderPhotos workOrderId="os-1" canDelete={false} /></ChakraProvider>));
}

const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.includes(name))!;
const jpegs = (n: number) => Array.from({ length: n }, (_, i) => new File([new Uint8Array([0xff, 0xd8, i])], `IMG_${i + 1}.jpg`, { type: 'image/jpeg' }));

async function choose(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  added.length = 0;
  toasts.length = 0;
  stored = [];
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

test('Escolher da galeria opens a picker of several photos that are not the camera, each queued like a camera photo', async () => {
  render();
  const gallery = host.querySelector<HTMLInputElement>('input[aria-label="Escolher da galeria"]');
  expect(gallery).not.toBeNull();
  expect(gallery!.type).toBe('file');
  expect(gallery!.multiple).toBe(true);
  expect(gallery!.hasAttribute('capture')).toBe(false);
  expect(gallery!.accept).toBe('image/*');
  // The button opens that input (the camera's keeps its capture).
  const clicked = vi.spyOn(gallery!, 'click').mockImplementation(() => undefined);
  act(() => button('Escolher da galeria').click());
  expect(clicked).toHaveBeenCalledTimes(1);
  expect(host.querySelector('input[aria-label="Tirar foto"]')!.getAttribute('capture')).toBe('environment');

  await choose(gallery!, jpegs(3));
  expect(added).toEqual([1, 2, 3].map((i) => ({ workOrderId: 'os-1', name: `IMG_${i}.jpg` })));
  expect(toasts).toEqual([]);
});

test('from the gallery, photos over the 30 of an OS are left out and the user is told', async () => {
  stored = Array.from({ length: 28 }, (_, i) => ({ id: `p${i}`, show_to_customer: false, taken_at: '2026-11-27T10:00:00.000Z' }));
  render();
  await choose(host.querySelector<HTMLInputElement>('input[aria-label="Escolher da galeria"]')!, jpegs(5));
  expect(added.map((a) => a.name)).toEqual(['IMG_1.jpg', 'IMG_2.jpg']);
  expect(toasts.map((t) => t.description)).toEqual(['3 fotos não foram adicionadas: o máximo é 30 fotos por OS.']);
}, 20_000); // 28 tiles in jsdom
