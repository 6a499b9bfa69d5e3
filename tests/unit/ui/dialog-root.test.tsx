/**
 * A closed dialog leaves the page even when its exit animation's `animationend` never reaches the
 * kit — WebKit after a long task fires it before the kit starts listening, and the closed (invisible)
 * dialog stayed over the screen for good. Here the dialog parts report a running exit animation
 * and no `animationend` ever comes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { FormDialog } from '../../../src/ui/FormDialog';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { CLOSED_DIALOG_GONE_MS } from '../../../src/ui/DialogRoot';
import { stubMatchMedia } from '../../support/match-media';
import { rootPerTest } from '../../support/react-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const root = rootPerTest();
beforeEach(() => {
  stubMatchMedia();
  const realStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((el: Element, pseudo?: string | null) => {
    const style = realStyle(el, pseudo);
    if (!(el instanceof HTMLElement) || el.dataset.scope !== 'dialog') return style;
    // Live, as a browser's is: the animation follows the part's open/closed state.
    return new Proxy(style, {
      get(target, key) {
        if (key === 'animationName') return el.dataset.state === 'closed' ? 'fade-out' : 'fade-in';
        if (key === 'animationDuration') return '200ms';
        if (key === 'display') return 'flex';
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const dialogs = () => [...document.querySelectorAll('[role=dialog],[role=alertdialog]')];
const wait = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

async function show(open: boolean, which: 'form' | 'confirm') {
  await act(async () => {
    root().render(
      <ChakraProvider value={defaultSystem}>
        {which === 'form' ? (
          <FormDialog open={open} onClose={() => undefined} title="Cadastrar Novo Cliente" closeLabel="Fechar">
            <input aria-label="Nome" />
          </FormDialog>
        ) : (
          <ConfirmDialog open={open} title="Excluir cliente" message="Tem certeza?" confirmLabel="Excluir" onConfirm={() => undefined} onCancel={() => undefined} />
        )}
      </ChakraProvider>,
    );
  });
}

describe('a closed dialog', () => {
  for (const which of ['form', 'confirm'] as const) {
    it(`${which}: is gone from the page shortly after closing, though the exit animation never reports its end`, async () => {
      await show(true, which);
      await wait(100);
      expect(dialogs()).toHaveLength(1);
      await show(false, which);
      await wait(CLOSED_DIALOG_GONE_MS + 300);
      expect(dialogs()).toHaveLength(0);
    });
  }
});
