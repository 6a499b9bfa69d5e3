/**
 * A refused change is told with its reason (issue 19), once per device (issue 39: it came back at
 * every open) and in the page, never as a toast over the screen's buttons (it covered
 * '+ Novo Orçamento' on a phone until closed).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { toaster } from '../../../src/ui/toaster';
import { REFUSALS_TOLD_KEY, useRefusedNotice } from '../../../src/ui/useRefusedNotice';
import { RefusedNotice } from '../../../src/ui/RefusedNotice';
import type { RefusedDocView } from '../../../src/ui/syncStatusText';

const refusal = (id: string, at = '2026-11-22T10:00:00.000Z'): RefusedDocView => ({
  collection: 'customers',
  id,
  error: 'duplicate_phone',
  message: 'Este telefone já está cadastrado para outro cliente',
  document: { id, name: `Carlos ${id}` },
  at,
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ list }: { list: RefusedDocView[] }) {
  const { notices, close } = useRefusedNotice(list);
  return <RefusedNotice notices={notices} onClose={close} />;
}

let roots: { root: Root; host: HTMLElement }[] = [];
/** One open of the app: a fresh tree over the same device's storage. */
function open() {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  roots.push({ root, host });
  return {
    host,
    render: (list: RefusedDocView[]) => act(() => root.render(<ChakraProvider value={defaultSystem}><Probe list={list} /></ChakraProvider>)),
    texts: () => [...host.querySelectorAll('[data-testid=refused-notice] [data-refusal-text]')].map((e) => e.textContent),
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const { root, host } of roots) {
    act(() => root.unmount());
    host.remove();
  }
  roots = [];
  vi.restoreAllMocks();
});

describe('a refused change is told with its reason', () => {
  it('once per refusal, in the page and not as a toast, naming the document and the reason', async () => {
    const create = vi.spyOn(toaster, 'create').mockImplementation(() => 'id');
    const app = open();
    await app.render([]);
    expect(app.texts()).toEqual([]);

    await app.render([refusal('c1')]);
    expect(app.texts()).toEqual(['Cliente Carlos c1: Este telefone já está cadastrado para outro cliente']);
    expect(app.host.textContent).toContain('Alteração recusada pelo servidor');
    await app.render([refusal('c1')]);
    await app.render([refusal('c1'), refusal('c2')]);
    expect(app.texts()).toEqual([
      'Cliente Carlos c1: Este telefone já está cadastrado para outro cliente',
      'Cliente Carlos c2: Este telefone já está cadastrado para outro cliente',
    ]);
    expect(create).not.toHaveBeenCalled();

    await userEvent.setup().click(app.host.querySelectorAll('button[aria-label="Fechar aviso"]')[0]);
    expect(app.texts()).toEqual(['Cliente Carlos c2: Este telefone já está cadastrado para outro cliente']);
  });

  it('is not told again when the app opens later with the refusal still waiting; a new refusal of the same document is', async () => {
    const first = open();
    await first.render([refusal('c1')]);
    expect(first.texts()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(REFUSALS_TOLD_KEY) ?? '[]')).toHaveLength(1);

    const later = open();
    await later.render([refusal('c1')]);
    expect(later.texts()).toEqual([]);
    await later.render([refusal('c1'), refusal('c1', '2026-11-23T08:00:00.000Z')]);
    expect(later.texts()).toEqual(['Cliente Carlos c1: Este telefone já está cadastrado para outro cliente']);
  });
});
