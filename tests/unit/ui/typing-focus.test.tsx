/**
 * A dialog's first focus arrives a frame after it opens — late on a busy phone. Someone who tapped
 * a field and began typing before it arrived keeps that field (WebKit once put a customer's phone
 * digits in Nome over the name just typed); nobody typing, the first field gets the focus as before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { FormDialog } from '../../../src/ui/FormDialog';
import RejectDialog from '../../../src/features/public-quotation/RejectDialog';
import { rootPerTest } from '../../support/react-root';
import { stubMatchMedia } from '../../support/match-media';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const root = rootPerTest();
let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  stubMatchMedia();
  // jsdom lays nothing out: every element gets a box, so the dialog finds its fields focusable.
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
  // The page paints only when the test says so: frames wait here.
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    if (frames[id - 1]) frames[id - 1] = () => undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function paint(times = 3) {
  for (let i = 0; i < times; i++) {
    const due = frames;
    frames = [];
    await act(async () => {
      for (const f of due) f(performance.now());
    });
  }
}

async function openForm() {
  await act(async () => {
    root().render(
      <ChakraProvider value={defaultSystem}>
        <FormDialog open onClose={() => undefined} title="Cadastrar Novo Cliente" closeLabel="Fechar">
          <label htmlFor="nome">Nome</label>
          <input id="nome" />
          <label htmlFor="telefone">Telefone</label>
          <input id="telefone" />
        </FormDialog>
      </ChakraProvider>,
    );
  });
}
const field = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('a form dialog’s first focus', () => {
  it('leaves the field someone tapped before the dialog painted', async () => {
    await openForm();
    act(() => field('telefone').focus());
    await paint();
    expect(document.activeElement).toBe(field('telefone'));
  });

  it('goes to the first field when nobody is typing yet', async () => {
    await openForm();
    await paint();
    expect(document.activeElement).toBe(field('nome'));
  });

  it('of an alert dialog (Recusar’s reason) goes to its close button when nobody is typing', async () => {
    await act(async () => {
      root().render(
        <ChakraProvider value={defaultSystem}>
          <RejectDialog open busy={false} onClose={() => undefined} onConfirm={async () => true} />
        </ChakraProvider>,
      );
    });
    await paint();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Fechar');
  });

  it('of an alert dialog keeps the reason field someone tapped before it painted', async () => {
    await act(async () => {
      root().render(
        <ChakraProvider value={defaultSystem}>
          <RejectDialog open busy={false} onClose={() => undefined} onConfirm={async () => true} />
        </ChakraProvider>,
      );
    });
    const reason = document.querySelector('textarea')!;
    act(() => reason.focus());
    await paint();
    expect(document.activeElement).toBe(reason);
  });
});
