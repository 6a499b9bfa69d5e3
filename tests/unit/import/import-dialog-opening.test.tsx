/**
 * The import dialog opens at once (issue 39 §2): on a phone it took 2.9–6.8 s with nothing on
 * screen — the click waited for the dialog's code (a lazy chunk) with an empty Suspense fallback.
 * Now its shell (title, spinner, Fechar) is there on the click; the real dialog replaces it.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';

let release!: () => void;
const gate = new Promise<void>((r) => (release = r));
vi.mock('../../../src/features/import/ImportDialog', async () => {
  await gate;
  return { default: ({ open }: { open: boolean }) => (open ? <div data-testid="import-dialog">real dialog</div> : null) };
});
const { ImportButton } = await import('../../../src/features/import/ImportButton');
const { IMPORT_TEXT } = await import('../../../src/features/import/messages');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
const host = document.createElement('div');
document.body.append(host);
afterEach(() => act(() => root?.unmount()));

test('a click shows the dialog with a loading state before its code is loaded', async () => {
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={defaultSystem}>
        <ImportButton kind="customers" />
      </ChakraProvider>,
    ),
  );
  const button = [...host.querySelectorAll('button')].find((b) => b.textContent?.includes(IMPORT_TEXT.button))!;
  await act(async () => button.click());
  const shell = document.querySelector('[data-testid=import-dialog-loading]');
  expect(shell).not.toBeNull();
  expect(shell!.textContent).toContain(IMPORT_TEXT.title('customers'));
  expect(shell!.querySelector('[role=status]')?.textContent).toContain(IMPORT_TEXT.opening);
  expect(document.querySelector('[data-testid=import-dialog]')).toBeNull();
  // The code arrives: the real dialog takes the shell's place.
  await act(async () => {
    release();
    await gate;
    await new Promise((r) => setTimeout(r, 20));
  });
  await vi.waitFor(() => expect(document.querySelector('[data-testid=import-dialog]')).not.toBeNull());
  expect(document.querySelector('[data-testid=import-dialog-loading]')).toBeNull();
});
